import { z } from 'zod';
import { actorRef, diceResult, seatId } from '../common.ts';
import { speaker } from './characters.ts';

/** Who a chat line goes to. */
export const audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('gm') }),
  z.object({ kind: z.literal('seat'), seat: seatId }),
]);
export type Audience = z.infer<typeof audience>;

/** The audience of a whisper: the GM, or one seat. */
export const whisperAudience = z.discriminatedUnion('kind', [z.object({ kind: z.literal('gm') }), z.object({ kind: z.literal('seat'), seat: seatId })]);

/** public: everyone; gm: roller and GM; self: the roller alone, until revealed. */
export const rollVisibility = z.enum(['public', 'gm', 'self']);
export type RollVisibility = z.infer<typeof rollVisibility>;

/** A roll at the table counts in the room (r4); a roll in a whisper counts in its conversation (r.gm.s2.3). */
export const rollId = z.string().regex(/^r(?:[0-9]{1,7}|\.(?:gm|s[0-9]{1,4})\.(?:gm|s[0-9]{1,4})\.[0-9]{1,7})$/);

/** The tab a table line belongs to: the main table, or off-topic talk (雑談). Whispers are told by their audience. */
export const channel = z.enum(['main', 'other']);
export type Channel = z.infer<typeof channel>;

/** A chat line or a roll as a viewer reads it, in the `feed` and `roll.revealed` events of its timeline. */
export const feedItem = z.discriminatedUnion('kind', [
  /** `speaker`: the character the line was spoken as (its public face when it was sent); absent for a plain line. */
  z.object({ kind: z.literal('chat'), id: z.string(), from: actorRef, to: audience, channel, text: z.string(), speaker: speaker.optional() }),
  z.object({
    kind: z.literal('roll'),
    id: rollId,
    by: actorRef,
    channel,
    visibility: rollVisibility,
    revealed: z.boolean(),
    /** A roll typed in a whisper: the whisper's audience. Absent for a roll at the table. */
    to: whisperAudience.optional(),
    /** Absent when this viewer may not see the roll yet: they see only that it happened. */
    result: diceResult.optional(),
    /**
     * The character the roll was typed as (its public face when it was rolled), with the result: a viewer who learns
     * only that a roll happened does not learn as whom. Absent for a plain roll.
     */
    speaker: speaker.optional(),
  }),
  z.object({ kind: z.literal('system'), id: z.string(), key: z.string(), params: z.record(z.string(), z.string()) }),
]);
export type FeedItem = z.infer<typeof feedItem>;

/** The BCDice game system a room reads dice commands in (the dice capability's list of ids). */
export const diceSystemId = z.string().min(1).max(64);

/** The dice capability's part of a view: the room's dice system (chat and rolls reach viewers as lines of the log). */
export const feedView = { diceSystem: diceSystemId };

export const feedEvents = [
  z.object({ type: z.literal('feed'), item: feedItem }),
  z.object({ type: z.literal('roll.revealed'), item: feedItem }),
  z.object({ type: z.literal('dice.system'), system: diceSystemId }),
] as const;
