import type { ActorRef, DiceResult, Viewer } from '@veiltable/protocol';
import type { Audience as ChatAudience, Channel, FeedItem, RollVisibility } from '@veiltable/protocol';
import type { Audience } from '../../kernel/events.ts';
import { admits, EVERYONE } from '../../kernel/events.ts';

/** `channel` is absent in lines stored before channels existed: those are main-table lines. */
export type ChatEntry = { kind: 'chat'; id: string; from: ActorRef; to: ChatAudience; channel?: Channel; text: string };
export type RollEntry = { kind: 'roll'; id: string; by: ActorRef; channel?: Channel; visibility: RollVisibility; revealed: boolean; result: DiceResult };
export type FeedEntry = ChatEntry | RollEntry;

/**
 * The feed's slice of a state, which chat and dice write: the newest FEED_KEEP items (a hidden roll's result waits
 * there for its roller's reveal), the rolls made so far (roll ids are public: everyone sees that a roll happened),
 * and one line count per conversation, so the id of a line tells a viewer nothing of conversations it is not part
 * of. Views carry none of it: viewers read chat and rolls as lines of the log, which keeps every one.
 */
export type FeedSlice = { feed: FeedEntry[]; rollCount: number; chatCounts: Record<string, number> };

/** How many feed items the state keeps: older rolls can no longer be revealed. Their events stay in the log. */
export const FEED_KEEP = 200;

export function setupFeed(): FeedSlice {
  return { feed: [], rollCount: 0, chatCounts: {} };
}

/** Appends to the feed, keeping FEED_KEEP items. */
export function pushFeed(state: FeedSlice, entry: FeedEntry): void {
  state.feed.push(entry);
  if (state.feed.length > FEED_KEEP) state.feed.splice(0, state.feed.length - FEED_KEEP);
}

export function sameActor(a: ActorRef, v: Viewer): boolean {
  if (a.role === 'gm') return v.role === 'gm';
  return v.role === 'player' && v.seat === a.seat;
}

/** The audience that is one actor. */
export function actorAudience(a: ActorRef): Audience {
  return a.role === 'gm' ? { gm: true } : { seats: [a.seat] };
}

/** Two audiences as one. */
export function union(a: Audience, b: Audience): Audience {
  const seats = [...new Set([...(a.seats ?? []), ...(b.seats ?? [])])];
  return {
    ...(a.gm || b.gm ? { gm: true } : {}),
    ...(a.spectators || b.spectators ? { spectators: true } : {}),
    ...(seats.length ? { seats } : {}),
    ...(a.anySeat || b.anySeat ? { anySeat: true } : {}),
  };
}

/** To all: everyone; to the GM: sender and GM; to a seat: sender and that seat, not the GM. */
export function chatAudience(item: ChatEntry): Audience {
  if (item.to.kind === 'all') return EVERYONE;
  return union(actorAudience(item.from), item.to.kind === 'gm' ? { gm: true } : { seats: [item.to.seat] });
}

/** Public or revealed: everyone; gm: roller and GM; self: the roller alone. */
export function rollAudience(item: RollEntry): Audience {
  if (item.visibility === 'public' || item.revealed) return EVERYONE;
  return item.visibility === 'gm' ? union(actorAudience(item.by), { gm: true }) : actorAudience(item.by);
}

export function chatItem(entry: ChatEntry): FeedItem {
  return { kind: 'chat', id: entry.id, from: { ...entry.from }, to: { ...entry.to }, channel: entry.channel ?? 'main', text: entry.text };
}

/** A roll as a line: with its result, or only that it happened. */
export function rollItem(entry: RollEntry, withResult: boolean): FeedItem {
  const item: FeedItem = {
    kind: 'roll',
    id: entry.id,
    by: { ...entry.by },
    channel: entry.channel ?? 'main',
    visibility: entry.visibility,
    revealed: entry.revealed,
  };
  // The result is shared, not copied: states are never changed in place, and views are only serialized.
  return withResult ? { ...item, result: entry.result } : item;
}
