import { z } from 'zod';

/** Seat ids are short opaque strings made by the engine ("s1", "s2", …). */
export const seatId = z.string().regex(/^s[0-9]{1,4}$/);

/** Who looks at the room. Fixed for a socket at handshake. */
export const viewer = z.discriminatedUnion('role', [
  z.object({ role: z.literal('gm') }),
  z.object({ role: z.literal('player'), seat: seatId }),
  z.object({ role: z.literal('spectator') }),
]);
export type Viewer = z.infer<typeof viewer>;

/** Who did something: the GM or a seat. Spectators never act. */
export const actorRef = z.discriminatedUnion('role', [
  z.object({ role: z.literal('gm') }),
  z.object({ role: z.literal('player'), seat: seatId }),
]);
export type ActorRef = z.infer<typeof actorRef>;

/** Opaque card id: random, re-keyed whenever the card passes through a hidden zone. */
export const cardId = z.string().regex(/^c[0-9a-f]{16}$/);

export const suit = z.enum(['S', 'H', 'D', 'C']);
export const cardFace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('standard'), suit, rank: z.number().int().min(1).max(13) }),
  z.object({ kind: z.literal('joker'), n: z.number().int().min(1).max(2) }),
  z.object({ kind: z.literal('custom'), text: z.string().min(1).max(200) }),
]);
export type CardFace = z.infer<typeof cardFace>;

/** A card as one viewer sees it: the face only where that viewer may know it. */
export const cardView = z.object({ id: cardId, face: cardFace.optional() });
export type CardView = z.infer<typeof cardView>;

/** RuneQuest success levels (COT-DIE-02). */
export const successLevel = z.enum(['critical', 'special', 'success', 'failure', 'fumble']);
export type SuccessLevel = z.infer<typeof successLevel>;

export const comparisonOp = z.enum(['>=', '<=', '>', '<', '=', '<>']);
export type ComparisonOp = z.infer<typeof comparisonOp>;

/** A finished dice roll: every die shown, the total, and the comparison's outcome if any. */
export const diceResult = z.object({
  /** Normalized expression without comment or secret prefix, e.g. "2D6+1>=8". */
  expr: z.string(),
  comment: z.string(),
  dice: z.array(z.object({ count: z.number().int(), sides: z.number().int(), values: z.array(z.number().int()) })),
  total: z.number(),
  comparison: z.object({ op: comparisonOp, target: z.number(), success: z.boolean() }).optional(),
  /** Present for 1D100<=N: the RuneQuest success level. */
  level: successLevel.optional(),
  /** Human-readable trace, BCDice style: "(2D6>=8) > 9[4,5] > 9 > success". */
  text: z.string(),
});
export type DiceResult = z.infer<typeof diceResult>;

export const rejectionCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,40}$/);
