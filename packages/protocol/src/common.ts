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

/**
 * A finished dice roll: every die shown, the total, and the outcome if any. Rolls typed by players are BCDice's
 * (`system` names its game system, `text` is its own result); the engine's own rolls fill `comparison` and `level`.
 */
export const diceResult = z.object({
  /** The command without comment or secret prefix, e.g. "2D6+1>=8" or "CCB<=50". */
  expr: z.string(),
  comment: z.string(),
  /** The faces drawn, in order, grouped by runs of the same die. */
  dice: z.array(z.object({ count: z.number().int(), sides: z.number().int(), values: z.array(z.number().int()) })),
  /** Absent when the result has no single number (choice[…], x3 repeats, tables). */
  total: z.number().optional(),
  comparison: z.object({ op: comparisonOp, target: z.number(), success: z.boolean() }).optional(),
  /** Present for 1D100<=N: the RuneQuest success level. */
  level: successLevel.optional(),
  /** BCDice's verdict, when it gives one. */
  outcome: z.enum(['success', 'failure']).optional(),
  critical: z.literal(true).optional(),
  fumble: z.literal(true).optional(),
  /** The BCDice game system that read the command, e.g. "Cthulhu7th:Korean". */
  system: z.string().max(64).optional(),
  /** Human-readable trace, BCDice style: "(2D6>=8) ＞ 9[4,5] ＞ 9 ＞ 成功"; lines are separated by "\n". */
  text: z.string(),
});
export type DiceResult = z.infer<typeof diceResult>;

export const rejectionCode = z.string().regex(/^[A-Z][A-Z0-9_]{1,40}$/);
