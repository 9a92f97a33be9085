import { z } from 'zod';
import { actorRef, diceResult, seatId } from '../common.ts';

/** Who a chat line goes to. */
export const audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('gm') }),
  z.object({ kind: z.literal('seat'), seat: seatId }),
]);
export type Audience = z.infer<typeof audience>;

/** public: everyone; gm: roller and GM; self: the roller alone, until revealed. */
export const rollVisibility = z.enum(['public', 'gm', 'self']);
export type RollVisibility = z.infer<typeof rollVisibility>;

export const rollId = z.string().regex(/^r[0-9]{1,7}$/);

/** The tab a table line belongs to: the main table, or off-topic talk (雑談). Whispers are told by their audience. */
export const channel = z.enum(['main', 'other']);
export type Channel = z.infer<typeof channel>;

/** A chat line or a roll as a viewer reads it, in the `feed` and `roll.revealed` events of its timeline. */
export const feedItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chat'), id: z.string(), from: actorRef, to: audience, channel, text: z.string() }),
  z.object({
    kind: z.literal('roll'),
    id: rollId,
    by: actorRef,
    channel,
    visibility: rollVisibility,
    revealed: z.boolean(),
    /** Absent when this viewer may not see the roll yet: they see only that it happened. */
    result: diceResult.optional(),
  }),
  z.object({ kind: z.literal('system'), id: z.string(), key: z.string(), params: z.record(z.string(), z.string()) }),
]);
export type FeedItem = z.infer<typeof feedItem>;

export const feedEvents = [
  z.object({ type: z.literal('feed'), item: feedItem }),
  z.object({ type: z.literal('roll.revealed'), item: feedItem }),
] as const;
