import { grailWar } from '@veiltable/engine/games/grail-war';
import { describe, expect, test } from 'vitest';
import { accepts, GM, masterSheet, run, servantSheet, viewFor } from '../test-room.ts';
import { RegisterDraft } from './register-draft.svelte.ts';

/** A room with three seats and one servant, Saber (c1, seat s1), not yet contracted. */
function oneServant() {
  let s = grailWar.setup('d'.repeat(64));
  s = run(s, GM, { type: 'seat.add', name: 'A' }, { type: 'seat.add', name: 'B' }, { type: 'seat.add', name: 'C' });
  return run(s, GM, { type: 'character.register', seat: 's1', partner: null, sheet: servantSheet({ alias: 'Saber' }) });
}

describe('the registration form sends the partner it shows (GW-CORE-01)', () => {
  test('a master may pick the uncontracted servant; the command carries it and no id', () => {
    const s = oneServant();
    const view = viewFor(s, GM);
    const draft = new RegisterDraft();
    draft.kind = 'master';
    draft.seat = 's2';
    draft.partner = 'c1';
    expect(draft.partnerChoices(view).map((c) => c.id)).toEqual(['c1']);
    const command = draft.command(view, masterSheet({ name: 'Rin' }));
    expect(command).toEqual({ type: 'character.register', seat: 's2', partner: 'c1', sheet: masterSheet({ name: 'Rin' }) });
    expect(accepts(s, GM, command)).toBe('ok');
  });

  test('switching the kind drops a partner of the same kind: the box shows none and none is sent', () => {
    const view = viewFor(oneServant(), GM);
    const draft = new RegisterDraft();
    draft.kind = 'master';
    draft.partner = 'c1';
    draft.kind = 'servant';
    expect(draft.partnerChoices(view)).toEqual([]);
    expect(draft.shownPartner(view)).toBe('');
    expect(draft.command(view, servantSheet({ alias: 'Lancer' })).partner).toBeNull();
  });

  test('a servant contracted meanwhile leaves the list, and the earlier pick is not sent', () => {
    let s = oneServant();
    const draft = new RegisterDraft();
    draft.kind = 'master';
    draft.partner = 'c1';
    s = run(s, GM, draft.command(viewFor(s, GM), masterSheet({ name: 'Rin' })));
    const view = viewFor(s, GM);
    expect(view.characters.find((c) => c.id === 'c1')?.partner).toBe('c2');
    // The same form, for the next master: Saber is taken.
    draft.seat = 's3';
    expect(draft.partnerChoices(view)).toEqual([]);
    const next = draft.command(view, masterSheet({ name: 'Sakura' }));
    expect(next.partner).toBeNull();
    expect(accepts(s, GM, next)).toBe('ok');
  });

  test('only seats without a character are offered', () => {
    const draft = new RegisterDraft();
    expect(draft.freeSeats(viewFor(oneServant(), GM)).map((x) => x.id)).toEqual(['s2', 's3']);
  });
});
