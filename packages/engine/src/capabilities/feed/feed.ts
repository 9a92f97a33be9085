import type { ActorRef, DiceResult, Speaker, Viewer } from '@veiltable/protocol';
import type { Audience as ChatAudience, Channel, FeedItem, RollVisibility } from '@veiltable/protocol';
import type { Audience } from '../../kernel/events.ts';
import { admits, EVERYONE } from '../../kernel/events.ts';

/**
 * `channel` is absent in lines stored before channels existed: those are main-table lines. `speaker`: the public face
 * of the character the line was spoken as, when it was sent (CAST-07).
 */
export type ChatEntry = { kind: 'chat'; id: string; from: ActorRef; to: ChatAudience; channel?: Channel; text: string; speaker?: Speaker };
export type RollEntry = { kind: 'roll'; id: string; by: ActorRef; channel?: Channel; visibility: RollVisibility; revealed: boolean; result: DiceResult };
export type FeedEntry = ChatEntry | RollEntry;

/**
 * The feed's slice of a state, which chat and dice write: the newest FEED_KEEP lines, the rolls made so far (roll
 * ids are public: everyone sees that a roll happened), and one line count per conversation, so the id of a line
 * tells a viewer nothing of conversations it is not part of.
 */
export type FeedSlice = { feed: FeedEntry[]; rollCount: number; chatCounts: Record<string, number> };

/** How many feed items one view carries. */
export const FEED_VIEW = 200;
/**
 * How many feed items the state keeps: no more than a view can show, since every item is copied into the views of
 * every commit; older rolls can no longer be revealed. Their events stay in the log.
 */
export const FEED_KEEP = FEED_VIEW;

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

/** A feed item for this viewer: a hidden roll shows only that it happened; a chat not meant for them is null. */
export function feedItemFor(entry: FeedEntry, v: Viewer): FeedItem | null {
  if (entry.kind === 'chat') return admits(chatAudience(entry), v) ? chatItem(entry) : null;
  return admits(rollAudience(entry), v) ? rollItem(entry, true) : rollItem(entry, false);
}

export function chatItem(entry: ChatEntry): FeedItem {
  const item: FeedItem = { kind: 'chat', id: entry.id, from: { ...entry.from }, to: { ...entry.to }, channel: entry.channel ?? 'main', text: entry.text };
  return entry.speaker ? { ...item, speaker: { ...entry.speaker } } : item;
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

/** The feed's part of a viewer's view: the newest FEED_VIEW lines it may see. */
export function feedView(state: FeedSlice, viewer: Viewer): { feed: FeedItem[] } {
  return { feed: state.feed.flatMap((entry) => feedItemFor(entry, viewer) ?? []).slice(-FEED_VIEW) };
}
