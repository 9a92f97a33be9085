import type { Viewer } from '@veiltable/protocol';
import { canonicalJson } from './canonical.ts';

/**
 * Who may read one part of an event. Nobody is in an audience unless named: the GM too (a whisper between two
 * players, a sealed answer before the reveal), so every part says who it is for.
 * `anySeat` admits every player seat, including seats added after the event was made.
 */
export type Audience = { gm?: true; spectators?: true; seats?: readonly string[]; anySeat?: true };

/** Everyone at the table and watching it. */
export const EVERYONE: Audience = { gm: true, spectators: true, anySeat: true };
/** The GM alone. */
export const GM_ONLY: Audience = { gm: true };
/** These seats and the GM. */
export const seatsAndGm = (seats: readonly string[]): Audience => ({ gm: true, seats: [...seats] });

/** True when the audience takes in this viewer. */
export function admits(audience: Audience, viewer: Viewer): boolean {
  if (viewer.role === 'gm') return audience.gm === true;
  if (viewer.role === 'spectator') return audience.spectators === true;
  return audience.anySeat === true || (audience.seats?.includes(viewer.seat) ?? false);
}

/** What one audience reads of an event: a view event (each game's protocol types them; every one has a `type`). */
/** A part whose `seen` is null tells its audience nothing, even where a later part would admit them. */
export type EventPart<VE = unknown> = { to: Audience; seen: VE | null };

/**
 * The one event envelope of every game and capability, as the log stores it. The redaction is decided once, when
 * the event is made, from the state of that moment: each part is what its audience reads, and a viewer reads the
 * first part that admits it, or nothing. So reading an event needs no state and no game code, and the log holds
 * no more than what some viewer was entitled to (the full truth is the state and the command log).
 * `type` names what happened, for logs and tests; what viewers read is in the parts.
 */
export type GameEvent<VE = unknown> = { type: string; parts: EventPart<VE>[] };

/** What one viewer reads of an event, or null when it tells them nothing. */
export function viewEvent<VE>(event: GameEvent<VE>, viewer: Viewer): VE | null {
  for (const part of event.parts) if (admits(part.to, viewer)) return part.seen;
  return null;
}

/** An event everyone reads alike. */
export function toEveryone<VE extends { type: string }>(seen: VE): GameEvent<VE> {
  return { type: seen.type, parts: [{ to: EVERYONE, seen }] };
}

/** An event `audience` reads as `seen`; everyone else reads `others`, or nothing. */
export function toAudience<VE extends { type: string }>(audience: Audience, seen: VE, others?: VE): GameEvent<VE> {
  const parts: EventPart<VE>[] = [{ to: audience, seen }];
  if (others) parts.push({ to: EVERYONE, seen: others });
  return { type: seen.type, parts };
}

/** Every kind of viewer a room may hold, for redactions decided viewer by viewer (see perViewer). */
const GM: Viewer = { role: 'gm' };
const SPECTATOR: Viewer = { role: 'spectator' };
/** A seat id no game ever hands out (seats count from s1): it stands for the seats added after the event. */
const LATER_SEAT: Viewer = { role: 'player', seat: 's0' };

/**
 * An event whose redaction a function decides viewer by viewer (the games whose audience rule reads several facts at
 * once: sides, partners, options). The function runs for the GM, a spectator, each seat of `seats` and a seat added
 * later, and viewers that read the same thing share one part. It must depend only on its arguments (what the event
 * and the state of the moment say), so the parts say what it would have said at any later time.
 */
export function perViewer<VE>(type: string, seats: readonly string[], read: (viewer: Viewer) => VE | null): GameEvent<VE> {
  type Group = { seen: VE | null; gm?: true; spectators?: true; seats: string[]; anySeat?: true };
  const groups = new Map<string, Group>();
  const keyOf = (seen: VE | null) => (seen === null ? '' : canonicalJson(seen));
  const group = (seen: VE | null): Group => {
    const key = keyOf(seen);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { seen, seats: [] }));
    return g;
  };
  group(read(GM)).gm = true;
  group(read(SPECTATOR)).spectators = true;
  const later = read(LATER_SEAT);
  const laterKey = keyOf(later);
  for (const seat of seats) {
    const seen = read({ role: 'player', seat });
    // A seat that reads what a later seat would read is admitted by the `anySeat` part.
    if (keyOf(seen) !== laterKey) group(seen).seats.push(seat);
  }
  const anySeat = group(later);
  anySeat.anySeat = true;
  const parts: EventPart<VE>[] = [];
  for (const g of groups.values()) {
    // A part that reads nothing matters only for seats that the `anySeat` part would otherwise admit.
    if (g === anySeat || (g.seen === null && g.seats.length === 0)) continue;
    parts.push({ to: audienceOf(g), seen: g.seen });
  }
  // Last, since a viewer reads the first part that admits it and `anySeat` admits every seat.
  if (anySeat.seen !== null) parts.push({ to: audienceOf(anySeat), seen: anySeat.seen });
  return { type, parts };
}

function audienceOf(g: { gm?: true; spectators?: true; seats: string[]; anySeat?: true }): Audience {
  return {
    ...(g.gm ? { gm: true } : {}),
    ...(g.spectators ? { spectators: true } : {}),
    ...(g.seats.length ? { seats: g.seats } : {}),
    ...(g.anySeat ? { anySeat: true } : {}),
  };
}
