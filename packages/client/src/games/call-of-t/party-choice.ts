import type { CotView } from '@veiltable/protocol/games/call-of-t';
import type { CotCommandInput } from './room.ts';

/**
 * The event steps the party plays together (COT-REM-01, COT-TRS-02, COT-TSP-01): each player commits its own
 * characters, the step is carried out when every seated player has, or when the GM sends it.
 */
export const PARTY_STEPS = ['remains', 'treasure', 'tearSpirit'] as const;
export type PartyStep = (typeof PARTY_STEPS)[number];

/** The party step this view waits on, if any. */
export function partyStep(view: CotView): PartyStep | null {
  const step = view.phase.step;
  return view.phase.kind === 'event' && (PARTY_STEPS as readonly (string | null)[]).includes(step) ? (step as PartyStep) : null;
}

/** What one player committed, as the table sees it: its characters and, for the tear spirits, to what. */
export type Commitment = { seat: string; characters: string[]; choice?: 'accept' | 'summon' };

/** The commitments of the current party step (none outside one). */
export function commitments(view: CotView): Commitment[] {
  if (!partyStep(view)) return [];
  const raw = view.phase.detail.committed;
  return Array.isArray(raw) ? (raw as Commitment[]) : [];
}

/** One seated player's commitment, if it has made one. */
export function commitmentOf(view: CotView, seat: string): Commitment | undefined {
  return commitments(view).find((c) => c.seat === seat);
}

/**
 * What the step still waits for: the seated players who have not committed; the characters the GM runs (while any
 * does, only the GM carries the step out); whether the players split between accepting and fighting the tear
 * spirits (then the GM decides).
 */
export type Awaited = { seats: string[]; gmRuns: string[]; split: boolean };

export function awaited(view: CotView): Awaited {
  const seated = new Set(view.characters.flatMap((c) => (c.seat ? [c.seat] : [])));
  const done = new Set(commitments(view).map((c) => c.seat));
  const seats = view.seats.filter((s) => seated.has(s.id) && !done.has(s.id)).map((s) => s.id);
  const gmRuns = view.characters.filter((c) => c.seat === null).map((c) => c.id);
  const choices = new Set(commitments(view).flatMap((c) => (c.choice ? [c.choice] : [])));
  return { seats, gmRuns, split: choices.size > 1 };
}

/** Per character on the remains form: whether it searches, and the ♥ played instead of its 〈慰霊〉 roll ('' for none). */
export type SearchRow = { on: boolean; substitute: string };
/** Per character on the tear-spirit form: which way an acceptance moves its 霊圧, and the skill it summons with ('' for none). */
export type SpiritRow = { direction: 'keep' | 'up' | 'down'; skill: string };

/** COT-REM-01: the player's searchers; only its own characters, whatever else the form holds. */
export function remainsCommand(own: readonly string[], rows: Readonly<Record<string, SearchRow>>): CotCommandInput {
  const searchers = own.flatMap((id) => {
    const row = rows[id];
    return row?.on ? [{ character: id, ...(row.substitute ? { substitute: row.substitute } : {}) }] : [];
  });
  return { type: 'cot.remains.search', searchers };
}

/** COT-TRS-02: the player's spotters; only its own characters. */
export function treasureCommand(own: readonly string[], spotting: Readonly<Record<string, boolean>>): CotCommandInput {
  return { type: 'cot.treasure.resolve', spotters: own.filter((id) => spotting[id]) };
}

/** COT-TSP-04: accepting, with the 霊圧 each of the player's own characters moves (those that keep it do not roll). */
export function acceptCommand(own: readonly string[], rows: Readonly<Record<string, SpiritRow>>): CotCommandInput {
  const adjust = own.flatMap((id) => {
    const direction = rows[id]?.direction;
    return direction === 'up' || direction === 'down' ? [{ character: id, direction }] : [];
  });
  return { type: 'cot.tsp.accept', adjust };
}

/** COT-TSP-02: fighting, with the player's own summoners; none is a vote to fight without summoning oneself. */
export function summonCommand(own: readonly string[], rows: Readonly<Record<string, SpiritRow>>): CotCommandInput {
  const summoners = own.flatMap((id) => {
    const skill = rows[id]?.skill;
    return skill ? [{ character: id, skill }] : [];
  });
  return { type: 'cot.tsp.summon', summoners };
}
