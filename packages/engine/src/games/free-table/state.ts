import type { ActorRef, CardFace, DiceResult, Viewer } from '@veiltable/protocol';
import type { Audience, DeclAnswer, RollVisibility } from '@veiltable/protocol/games/free-table';
import type { Card, IdTaken } from '../../capabilities/cards/deck.ts';
import type { RngState } from '../../kernel/rng.ts';
import { newRngState } from '../../kernel/rng.ts';
import type { Sealed } from '../../kernel/sealed.ts';

export type Seat = { id: string; name: string; hand: Card[] };

export type ChatEntry = { kind: 'chat'; id: string; from: ActorRef; to: Audience; text: string };
export type RollEntry = {
  kind: 'roll';
  id: string;
  by: ActorRef;
  visibility: RollVisibility;
  revealed: boolean;
  result: DiceResult;
};
export type FeedEntry = ChatEntry | RollEntry;

/** A card on the table; its owner is the seat that played it. */
export type TableEntry = { card: Card; owner: ActorRef; faceUp: boolean };

export type Declaration = {
  id: string;
  prompt: string;
  kind: 'text' | 'choice' | 'card';
  choices?: string[];
  sealed: Sealed<DeclAnswer>;
  /** Faces of card answers, captured when answered so the reveal can show them wherever the card went since. */
  faces: Record<string, CardFace>;
};

export type Note = { id: string; text: string };

export type FreeTableState = {
  rng: RngState;
  counters: { seat: number; roll: number; chat: number; note: number; decl: number };
  seats: Seat[];
  /** The newest FEED_KEEP items; views show at most FEED_VIEW of those a viewer may see. */
  feed: FeedEntry[];
  notes: Note[];
  /** size: cards in the current deck, wherever they are now (0 before the first deck.create). */
  deck: { size: number; draw: Card[]; discard: Card[] };
  table: TableEntry[];
  /** Every open declaration and the newest DECL_KEEP_REVEALED revealed ones, in the order they were opened. */
  decls: Declaration[];
};

/** How many feed items one view carries. */
export const FEED_VIEW = 200;
/**
 * How many feed items the state keeps: no more than a view can show, since every item is copied into the views of
 * every commit; older rolls can no longer be revealed. Their events stay in the log.
 */
export const FEED_KEEP = FEED_VIEW;
/**
 * How many revealed declarations the state (and so every view) keeps, beside every open one. Older ones drop out
 * of state; their `decl.revealed` events, which carry every answer and salt, stay in the log.
 */
export const DECL_KEEP_REVEALED = 20;

/** An empty table with its RNG seeded. */
export function setup(seed: string): FreeTableState {
  return {
    rng: newRngState(seed),
    counters: { seat: 0, roll: 0, chat: 0, note: 0, decl: 0 },
    seats: [],
    feed: [],
    notes: [],
    deck: { size: 0, draw: [], discard: [] },
    table: [],
    decls: [],
  };
}

export function findSeat(state: FreeTableState, id: string): Seat | undefined {
  return state.seats.find((s) => s.id === id);
}

/** The actor as it appears in feed items and table ownership; spectators never act. */
export function actorRef(viewer: Viewer): ActorRef | null {
  if (viewer.role === 'gm') return { role: 'gm' };
  if (viewer.role === 'player') return { role: 'player', seat: viewer.seat };
  return null;
}

export function sameActor(a: ActorRef, v: Viewer): boolean {
  if (a.role === 'gm') return v.role === 'gm';
  return v.role === 'player' && v.seat === a.seat;
}

export type CardPlace =
  | { zone: 'draw'; index: number }
  | { zone: 'hand'; seat: Seat; index: number }
  | { zone: 'table'; index: number; entry: TableEntry }
  | { zone: 'discard'; index: number };

/** Where a card is now, by id. */
export function locateCard(state: FreeTableState, id: string): CardPlace | null {
  for (const seat of state.seats) {
    const index = seat.hand.findIndex((c) => c.id === id);
    if (index >= 0) return { zone: 'hand', seat, index };
  }
  const t = state.table.findIndex((e) => e.card.id === id);
  if (t >= 0) return { zone: 'table', index: t, entry: state.table[t]! };
  const d = state.deck.discard.findIndex((c) => c.id === id);
  if (d >= 0) return { zone: 'discard', index: d };
  const p = state.deck.draw.findIndex((c) => c.id === id);
  if (p >= 0) return { zone: 'draw', index: p };
  return null;
}

/**
 * A predicate over every id in play, so a re-keyed card never takes an id another card holds. An id it lets
 * through is reserved at once, so several cards re-keyed in one command stay distinct too.
 */
export function idTaken(state: FreeTableState): IdTaken {
  const ids = new Set<string>();
  for (const c of state.deck.draw) ids.add(c.id);
  for (const c of state.deck.discard) ids.add(c.id);
  for (const e of state.table) ids.add(e.card.id);
  for (const s of state.seats) for (const c of s.hand) ids.add(c.id);
  return (id) => {
    if (ids.has(id)) return true;
    ids.add(id);
    return false;
  };
}

/** Appends to the feed as a new list (the old one may be shared with an earlier state), keeping FEED_KEEP items. */
export function pushFeed(state: FreeTableState, entry: FeedEntry): void {
  state.feed = [...state.feed.slice(Math.max(0, state.feed.length - FEED_KEEP + 1)), entry];
}
