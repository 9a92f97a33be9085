import { z } from 'zod';
import { cardId, seatId } from '../../common.ts';

const text = (max: number) => z.string().trim().min(1).max(max);

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

export const declKind = z.enum(['text', 'choice', 'card']);

export const declAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: text(500) }),
  z.object({ kind: z.literal('choice'), index: z.number().int().min(0).max(19) }),
  z.object({ kind: z.literal('card'), card: cardId }),
]);
export type DeclAnswer = z.infer<typeof declAnswer>;

export const declId = z.string().regex(/^d[0-9]{1,6}$/);
export const rollId = z.string().regex(/^r[0-9]{1,7}$/);
export const noteId = z.string().regex(/^n[0-9]{1,6}$/);

/** Every command of the free table, the base module every room runs. */
export const freeTableCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('seat.add'), name: text(40) }),
  z.object({ type: z.literal('seat.rename'), seat: seatId, name: text(40) }),
  z.object({ type: z.literal('chat.send'), to: audience, text: text(2000) }),
  z.object({ type: z.literal('roll'), expr: text(200), visibility: rollVisibility.default('public') }),
  z.object({ type: z.literal('roll.reveal'), roll: rollId }),
  z.object({ type: z.literal('note.add'), text: text(4000) }),
  z.object({ type: z.literal('note.remove'), note: noteId }),
  z.object({
    type: z.literal('deck.create'),
    deck: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('standard'), jokers: z.boolean().default(false) }),
      z.object({ kind: z.literal('custom'), cards: z.array(text(200)).min(1).max(200) }),
    ]),
  }),
  z.object({ type: z.literal('deck.shuffle') }),
  z.object({ type: z.literal('deck.deal'), seat: seatId, count: z.number().int().min(1).max(20) }),
  z.object({ type: z.literal('deck.draw'), count: z.number().int().min(1).max(20) }),
  z.object({ type: z.literal('card.pass'), card: cardId, to: seatId }),
  z.object({ type: z.literal('card.play'), card: cardId, faceUp: z.boolean() }),
  z.object({ type: z.literal('card.flip'), card: cardId }),
  z.object({ type: z.literal('card.discard'), card: cardId }),
  z.object({
    type: z.literal('decl.open'),
    prompt: text(500),
    kind: declKind,
    choices: z.array(text(100)).min(2).max(20).optional(),
    /** Seats that must answer; all seats when absent. */
    seats: z.array(seatId).min(1).max(50).optional(),
  }),
  z.object({ type: z.literal('decl.answer'), decl: declId, answer: declAnswer }),
  z.object({ type: z.literal('decl.reveal'), decl: declId }),
]);
export type FreeTableCommand = z.infer<typeof freeTableCommand>;
