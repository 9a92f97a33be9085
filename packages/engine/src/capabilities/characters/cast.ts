import type { ActorRef, CharacterView, SecretFace, Speaker, Viewer } from '@veiltable/protocol';
import type { Audience } from '../../kernel/events.ts';
import { GM_ONLY, seatsAndGm } from '../../kernel/events.ts';
import type { SeatInfo } from '../../kernel/game.ts';

/**
 * The rules of the cast, cited by the tests:
 * CAST-01 a character is edited by its owner (its seat's player) or the GM; nobody else.
 * CAST-02 a command names a character the table has.
 * CAST-03 every seat keeps at least one character: its first is there from the start, named after the seat.
 * CAST-04 an owner keeps at most CHARACTER_LIMITS.perOwner characters.
 * CAST-05 a line is spoken as one of the sender's own characters; the GM may speak as any.
 * CAST-06 a character's palette and secret face are seen by its owner and the GM alone.
 * CAST-07 a line keeps the public face it was spoken with: later edits do not rewrite it.
 */
export type CastCharacter = {
  id: string;
  owner: ActorRef;
  name: string;
  color: string;
  portrait?: string;
  palette: string[];
  secret?: SecretFace;
};

/**
 * The cast's slice of a state: the characters stored so far, and how many each owner (a seat id, or `gm`) ever
 * made, so ids are never reused. A seat that never edited its characters has none stored: it has its first one,
 * made from the seat (seatCharacter), until a command stores it.
 */
export type CastSlice = { cast: { characters: CastCharacter[]; counts: Record<string, number> } };

export function setupCast(): CastSlice {
  return { cast: { characters: [], counts: {} } };
}

/** The colours seats start with, in seat order (readable on the light and the dark theme). */
export const SEAT_COLORS = ['#d9480f', '#1971c2', '#2b8a3e', '#9c36b5', '#e67700', '#0c8599', '#c2255c', '#5f3dc4'] as const;

export function ownerKey(owner: ActorRef): string {
  return owner.role === 'gm' ? 'gm' : owner.seat;
}

/** A seat's first character as it is before anyone edits it: named after the seat, in the seat's colour. */
export function seatCharacter(seat: SeatInfo, index: number): CastCharacter {
  return { id: `${seat.id}.c1`, owner: { role: 'player', seat: seat.id }, name: seat.name, color: SEAT_COLORS[index % SEAT_COLORS.length]!, palette: [] };
}

/** Every character of the table: each seat's in seat order (its first one made from the seat if none is stored), then the NPCs. */
export function castOf(state: CastSlice, seats: readonly SeatInfo[]): CastCharacter[] {
  const stored = state.cast.characters;
  const ofSeat = seats.flatMap((seat, i) => {
    const own = stored.filter((c) => c.owner.role === 'player' && c.owner.seat === seat.id);
    return own.length ? own : [seatCharacter(seat, i)];
  });
  return [...ofSeat, ...stored.filter((c) => c.owner.role === 'gm')];
}

/** The characters of one seat (never empty for a seat the table has, CAST-03). */
export function seatCast(state: CastSlice, seats: readonly SeatInfo[], seat: string): CastCharacter[] {
  return castOf(state, seats).filter((c) => c.owner.role === 'player' && c.owner.seat === seat);
}

export function findCharacter(state: CastSlice, seats: readonly SeatInfo[], id: string): CastCharacter | undefined {
  return castOf(state, seats).find((c) => c.id === id);
}

/**
 * The stored character of this id, storing a seat's first character first when it was only made from the seat,
 * so a handler can change it in place. Undefined for an id the table does not have.
 */
export function storedCharacter(state: CastSlice, seats: readonly SeatInfo[], id: string): CastCharacter | undefined {
  const found = findCharacter(state, seats, id);
  if (!found) return undefined;
  const stored = state.cast.characters.find((c) => c.id === id);
  if (stored) return stored;
  state.cast.characters.push(found);
  state.cast.counts[ownerKey(found.owner)] = Math.max(state.cast.counts[ownerKey(found.owner)] ?? 0, 1);
  return state.cast.characters.at(-1);
}

/** True when this actor may edit the character, or speak as it (CAST-01, CAST-05). */
export function mayEdit(c: CastCharacter, actor: ActorRef): boolean {
  return actor.role === 'gm' || (c.owner.role === 'player' && c.owner.seat === actor.seat);
}

/** True when this viewer sees the character's palette and secret face (CAST-06). */
export function entitled(c: CastCharacter, viewer: Viewer): boolean {
  if (viewer.role === 'gm') return true;
  return viewer.role === 'player' && c.owner.role === 'player' && c.owner.seat === viewer.seat;
}

/** Who sees the character's palette and secret face (CAST-06): its seat and the GM, or the GM for an NPC. */
export function entitledAudience(c: CastCharacter): Audience {
  return c.owner.role === 'gm' ? GM_ONLY : seatsAndGm([c.owner.seat]);
}

/** The public face of a character, as a chat line keeps it (CAST-07). */
export function speakerOf(c: CastCharacter): Speaker {
  return { name: c.name, color: c.color, ...(c.portrait ? { portrait: c.portrait } : {}) };
}

/** One character for one viewer: the public face, with palette and secret face where the viewer is entitled (CAST-06). */
export function characterFor(c: CastCharacter, full: boolean): CharacterView {
  const face: CharacterView = { id: c.id, owner: { ...c.owner }, ...speakerOf(c) };
  if (!full) return face;
  return { ...face, palette: [...c.palette], ...(c.secret ? { secret: { ...c.secret } } : {}) };
}

/** The cast's part of a viewer's view: every character, each as this viewer may see it. The one place it is hidden. */
export function castView(state: CastSlice, viewer: Viewer, seats: readonly SeatInfo[]): { cast: CharacterView[] } {
  return { cast: castOf(state, seats).map((c) => characterFor(c, entitled(c, viewer))) };
}
