import type { Audience, FeedItem, LogLine } from '@veiltable/protocol';

/** Who speaks a chat line, when it is not simply its seat: a character's name, colour and portrait. */
export type Speaker = { name: string; color?: string; portrait?: string };

export type ChatItem = Extract<FeedItem, { kind: 'chat' }> & { speaker?: Speaker };
export type RollItem = Extract<FeedItem, { kind: 'roll' }>;

/** A view event as every game's protocol types them: a `type` and its fields. */
export type SeenEvent = { type: string } & Record<string, unknown>;

/** What a timeline line is, as the timeline reads it: a chat line, a roll (or its reveal), or a game's own event. */
export type LineKind =
  | { kind: 'chat'; item: ChatItem }
  | { kind: 'roll'; item: RollItem; reveal: boolean }
  | { kind: 'event'; seen: SeenEvent };

/** The tabs that filter one timeline. */
export const TABS = ['all', 'main', 'other', 'whisper'] as const;
export type Tab = (typeof TABS)[number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Reads a line's view event; the page parses no frame, so what is not a feed item is a game event. */
export function kindOf(line: LogLine): LineKind {
  const seen = line.seen;
  if (!isRecord(seen) || typeof seen.type !== 'string') return { kind: 'event', seen: { type: '?' } };
  const item = seen.item;
  if ((seen.type === 'feed' || seen.type === 'roll.revealed') && isRecord(item)) {
    if (item.kind === 'chat') return { kind: 'chat', item: item as ChatItem };
    if (item.kind === 'roll') return { kind: 'roll', item: item as RollItem, reveal: seen.type === 'roll.revealed' };
  }
  return { kind: 'event', seen: seen as SeenEvent };
}

/** A chat line to the GM or a seat, or a roll not shown to everyone: what the whispers tab lists. */
export function isWhisper(k: LineKind): boolean {
  if (k.kind === 'chat') return k.item.to.kind !== 'all';
  if (k.kind === 'roll') return !k.reveal && k.item.visibility !== 'public' && !k.item.revealed;
  return false;
}

/** The channel a line belongs to; table events belong to the main table. */
export function channelOf(k: LineKind): 'main' | 'other' {
  return k.kind === 'event' ? 'main' : (k.item.channel ?? 'main');
}

/** Whether a line shows under a tab. */
export function inTab(k: LineKind, tab: Tab): boolean {
  if (tab === 'all') return true;
  if (tab === 'whisper') return isWhisper(k);
  return channelOf(k) === tab;
}

/** The chat target a composer sends to: everyone, the GM, or one seat. */
export function audienceOf(to: string): Audience {
  if (to === 'all' || to === 'gm') return { kind: to };
  return { kind: 'seat', seat: to };
}

/** The jump bar's tab of the timeline section (timeline-section.svelte), in the reader's language. */
export function timelineTab(t: (key: 'tl.title') => string): { id: string; label: string } {
  return { id: 'timeline', label: t('tl.title') };
}
