import type { GwSheet, GwView } from '@veiltable/protocol/games/grail-war';
import type { GwCommandInput } from '../room.ts';

type Kind = GwSheet['kind'];
type Character = GwView['characters'][number];

/**
 * The registration form's choices: the kind, the seat and the partner. The partner list holds only those the engine
 * would accept (the other kind, not yet contracted, GW-CORE-01), and what is sent is what the list shows: a partner
 * chosen earlier that has left the list (the kind changed, or it was contracted meanwhile) is dropped, never sent.
 */
export class RegisterDraft {
  kind = $state<Kind>('servant');
  seat = $state('');
  /** The partner last picked; read `shownPartner` for what the form shows and sends. */
  partner = $state('');

  /** The characters this one may be contracted to. */
  partnerChoices(view: GwView): Character[] {
    return view.characters.filter((c) => c.kind !== this.kind && c.partner === null);
  }

  /** The partner the select shows: the pick while it is still a choice, else none (''). */
  shownPartner(view: GwView): string {
    return this.partnerChoices(view).some((c) => c.id === this.partner) ? this.partner : '';
  }

  /** Seats without a character yet (one character per seat). */
  freeSeats(view: GwView): GwView['seats'] {
    return view.seats.filter((s) => !view.characters.some((c) => c.seat === s.id));
  }

  /** The command for a sheet of this kind; the engine names the character. */
  command(view: GwView, sheet: GwSheet): Extract<GwCommandInput, { type: 'character.register' }> {
    const partner = this.shownPartner(view);
    return { type: 'character.register', seat: this.seat, partner: partner === '' ? null : partner, sheet };
  }
}
