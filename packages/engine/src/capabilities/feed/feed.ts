import type { ActorRef, DiceResult, Speaker, Viewer } from '@veiltable/protocol';
import type { Audience as ChatAudience, Channel, FeedItem, RollVisibility } from '@veiltable/protocol';
import type { Audience } from '../../kernel/events.ts';
import { admits, EVERYONE } from '../../kernel/events.ts';
import type { DiceSystemId } from '../dice/game-systems.ts';
import { DEFAULT_DICE_SYSTEM } from '../dice/game-systems.ts';

/**
 * `channel` is absent in lines stored before channels existed: those are main-table lines. `speaker`: the public face
 * of the character the line was spoken as, when it was sent (CAST-07).
 */
export type ChatEntry = { kind: 'chat'; id: string; from: ActorRef; to: ChatAudience; channel?: Channel; text: string; speaker?: Speaker };
/**
 * A roll. `to` is the whisper it was typed in (absent: the table). `rands` are the faces BCDice drew, [face, sides]
 * in order, so a replay can check them (absent in rolls of the engine's own parser, stored before BCDice).
 * `speaker`: the public face of the character the line was typed as, when it was rolled (CAST-07).
 */
export type RollEntry = {
  kind: 'roll';
  id: string;
  by: ActorRef;
  to?: WhisperAudience;
  channel?: Channel;
  visibility: RollVisibility;
  revealed: boolean;
  result: DiceResult;
  rands?: [number, number][];
  speaker?: Speaker;
};
export type FeedEntry = ChatEntry | RollEntry;
export type WhisperAudience = Exclude<ChatAudience, { kind: 'all' }>;

/**
 * The feed's slice of a state, which chat and dice write: the newest FEED_KEEP lines, the rolls made so far at the
 * table (their ids are public: everyone sees that a roll happened), one line count per conversation (whispered
 * rolls count there too), so the id of a line tells a viewer nothing of conversations it is not part of, and the
 * BCDice game system dice commands are read in (absent: the generic DiceBot, as rooms made before it behave).
 * Views carry none of it but the dice system: viewers read chat and rolls as lines of the log, which keeps every one.
 */
export type FeedSlice = { feed: FeedEntry[]; rollCount: number; chatCounts: Record<string, number>; diceSystem?: DiceSystemId };

/** How many feed items the state keeps: older rolls can no longer be revealed. Their events stay in the log. */
export const FEED_KEEP = 200;

/** An empty feed; a game whose table reads dice in another system than DiceBot names it. */
export function setupFeed(diceSystem?: DiceSystemId): FeedSlice {
  return { feed: [], rollCount: 0, chatCounts: {}, ...(diceSystem ? { diceSystem } : {}) };
}

/** The BCDice game system the room reads dice commands in. */
export function diceSystemOf(state: FeedSlice): DiceSystemId {
  return state.diceSystem ?? DEFAULT_DICE_SYSTEM;
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

/**
 * The conversation a line belongs to: the table, or one pair of speakers. Line ids count within a conversation
 * (m4, m.gm.s2.3, m.s1.s3.1), so a seat never learns from an id how many lines it was not sent.
 */
export function conversation(from: ActorRef, to: ChatAudience): string {
  if (to.kind === 'all') return '';
  const a = from.role === 'gm' ? 'gm' : from.seat;
  const b = to.kind === 'gm' ? 'gm' : to.seat;
  return [a, b].sort().join('.');
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

/** A whisper's speakers: to the GM, sender and GM; to a seat, sender and that seat, not the GM. */
export function whisperAudience(from: ActorRef, to: WhisperAudience): Audience {
  return union(actorAudience(from), to.kind === 'gm' ? { gm: true } : { seats: [to.seat] });
}

/** To all: everyone; a whisper: its speakers. */
export function chatAudience(item: ChatEntry): Audience {
  return item.to.kind === 'all' ? EVERYONE : whisperAudience(item.from, item.to);
}

/**
 * Who reads a roll's result. Public or revealed: everyone (in a whisper, its speakers); gm: roller and GM; self:
 * the roller alone.
 */
export function rollAudience(item: RollEntry): Audience {
  if (item.visibility === 'public' || item.revealed) return item.to ? whisperAudience(item.by, item.to) : EVERYONE;
  return item.visibility === 'gm' ? union(actorAudience(item.by), { gm: true }) : actorAudience(item.by);
}

/** Who learns that a roll happened: everyone for a roll at the table; a whisper's speakers and its result's readers. */
export function rollSeenBy(item: RollEntry): Audience {
  return item.to ? union(whisperAudience(item.by, item.to), rollAudience(item)) : EVERYONE;
}

export function chatItem(entry: ChatEntry): FeedItem {
  const item: FeedItem = { kind: 'chat', id: entry.id, from: { ...entry.from }, to: { ...entry.to }, channel: entry.channel ?? 'main', text: entry.text };
  return entry.speaker ? { ...item, speaker: { ...entry.speaker } } : item;
}

/**
 * A roll as a line: with its result and the face it was typed as, or only that it happened (as whom is part of what
 * it was: a secret roll as an NPC would say which NPC the GM is rolling for).
 */
export function rollItem(entry: RollEntry, withResult: boolean): FeedItem {
  const item: FeedItem = {
    kind: 'roll',
    id: entry.id,
    by: { ...entry.by },
    channel: entry.channel ?? 'main',
    visibility: entry.visibility,
    revealed: entry.revealed,
    ...(entry.to ? { to: { ...entry.to } } : {}),
  };
  // The result is shared, not copied: states are never changed in place, and views are only serialized.
  if (!withResult) return item;
  return { ...item, result: entry.result, ...(entry.speaker ? { speaker: { ...entry.speaker } } : {}) };
}

/** The dice capability's part of a viewer's view: the room's dice system (chat and rolls are lines of the log). */
export function feedView(state: FeedSlice): { diceSystem: DiceSystemId } {
  return { diceSystem: diceSystemOf(state) };
}
