import type { CharacterView } from '@veiltable/protocol';
import type { Room } from '../../room/context.ts';
import type { CastViewPart } from './cast.ts';
import { composerChoice, speakable } from './cast.ts';

/**
 * Which character this page speaks as: chosen in the characters panel, read by the chat composer. A player speaks
 * as its first character until it chooses; the GM speaks plainly until it chooses a character.
 */
export class CastChoice {
  /** The chosen character's id; null: the default. */
  chosen = $state<string | null>(null);
  readonly #room: Pick<Room<CastViewPart>, 'view' | 'viewer'>;

  constructor(room: Pick<Room<CastViewPart>, 'view' | 'viewer'>) {
    this.#room = room;
  }

  /** The characters the viewer may speak as. */
  get options(): CharacterView[] {
    return speakable(this.#room.view.cast, this.#room.viewer);
  }

  /** The id to send as `as` with a chat line (undefined: the default), and that character's palette lines. */
  get current(): { as: string | undefined; palette: string[] } {
    return composerChoice(this.#room.view.cast, this.#room.viewer, this.chosen);
  }
}

const choices = new WeakMap<object, CastChoice>();

/** The one choice of this room page, shared by the characters panel and the chat composer. */
export function castChoice(room: Pick<Room<CastViewPart>, 'view' | 'viewer'>): CastChoice {
  let choice = choices.get(room);
  if (!choice) choices.set(room, (choice = new CastChoice(room)));
  return choice;
}

/**
 * For the chat composer: the palette lines of the character this page speaks as, and its id for `as`. Call it in
 * a component (or an effect) to follow the choice and the view as they change.
 */
export function composerPalette(room: Pick<Room<CastViewPart>, 'view' | 'viewer'>): { as: string | undefined; palette: string[] } {
  return castChoice(room).current;
}

