import { CHARACTER_LIMITS } from '@veiltable/protocol';
import type { SeatInfo } from '../../kernel/game.ts';
import type { CastSlice } from './cast.ts';
import { seatCast, storedCharacter } from './cast.ts';

/** A name cut to what a character's name holds. */
const fit = (name: string) => [...name.trim()].slice(0, CHARACTER_LIMITS.name).join('');

/**
 * Gives a seat's first character the secret name a game made for it (a Grail War servant's true name), as long as
 * the character still shows what it showed before: the seat's default (`previous` null: nobody edited the seat's
 * characters yet) or the game's previous secret name. A face a player chose is never overwritten; the public face is
 * left as it is, since what a game shows of a seat to whom is the game's own rule.
 */
export function dressSeat(state: CastSlice, seats: readonly SeatInfo[], seat: string, previous: string | null, next: string): void {
  const first = seatCast(state, seats, seat)[0];
  if (!first) return;
  const untouched = !state.cast.characters.some((c) => c.owner.role === 'player' && c.owner.seat === seat);
  if (previous === null ? !untouched : first.secret?.name !== fit(previous)) return;
  const c = storedCharacter(state, seats, first.id)!;
  c.secret = { ...c.secret, name: fit(next) };
}
