import { CHARACTER_LIMITS } from '@veiltable/protocol';
import type { SeatInfo } from '../../kernel/game.ts';
import type { CastSlice } from './cast.ts';
import { seatCast, storedCharacter } from './cast.ts';

/** A face a game gives a seat's first character: a public name, and a true name for its secret face. */
export type SeatFace = { name: string; secretName?: string };

/** A name cut to what a character's name holds. */
const fit = (name: string) => [...name.trim()].slice(0, CHARACTER_LIMITS.name).join('');

/**
 * Gives a seat's first character the face a game made for it (a Grail War servant's alias and true name), as long as
 * the character still shows what it showed before: the seat's default (`previous` null: nobody edited the seat's
 * characters yet) or the game's previous face. A face a player chose is never overwritten.
 */
export function dressSeat(state: CastSlice, seats: readonly SeatInfo[], seat: string, previous: SeatFace | null, next: SeatFace): void {
  const first = seatCast(state, seats, seat)[0];
  if (!first) return;
  const untouched = !state.cast.characters.some((c) => c.owner.role === 'player' && c.owner.seat === seat);
  const following = previous !== null && first.name === fit(previous.name) && first.secret?.name === (previous.secretName && fit(previous.secretName));
  if (previous === null ? !untouched : !following) return;
  const c = storedCharacter(state, seats, first.id)!;
  c.name = fit(next.name);
  const portrait = c.secret?.portrait;
  if (next.secretName) c.secret = { name: fit(next.secretName), ...(portrait ? { portrait } : {}) };
  else if (portrait) c.secret = { portrait };
  else delete c.secret;
}
