import { z } from 'zod';
import { cardFace, cardId, seatId } from '../common.ts';
import { line } from '../text.ts';

export const declKind = z.enum(['text', 'choice', 'card']);

export const declAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: line(500) }),
  z.object({ kind: z.literal('choice'), index: z.number().int().min(0).max(19) }),
  z.object({ kind: z.literal('card'), card: cardId }),
]);
export type DeclAnswer = z.infer<typeof declAnswer>;

export const declId = z.string().regex(/^d[0-9]{1,6}$/);

/** Sealed declarations: everyone answers privately, all are revealed together with their salts. */
export const declarationCommands = [
  z.object({
    type: z.literal('decl.open'),
    prompt: line(500),
    kind: declKind,
    choices: z.array(line(100)).min(2).max(20).optional(),
    /** Seats that must answer; all seats when absent. */
    seats: z.array(seatId).min(1).max(50).optional(),
  }),
  z.object({ type: z.literal('decl.answer'), decl: declId, answer: declAnswer }),
  z.object({ type: z.literal('decl.reveal'), decl: declId }),
] as const;

export const declAnswerView = z.object({
  seat: seatId,
  declared: z.boolean(),
  /** sha256 hex of canonical(answer) + salt; published at answer time. */
  commitment: z.string().optional(),
  /** After reveal for everyone; before reveal only for the answering seat. */
  answer: declAnswer.optional(),
  /** The face of an answered card, once it may be seen. */
  card: cardFace.optional(),
  salt: z.string().optional(),
});
export type DeclAnswerView = z.infer<typeof declAnswerView>;

export const declarationView = z.object({
  id: declId,
  prompt: z.string(),
  kind: declKind,
  choices: z.array(z.string()).optional(),
  seats: z.array(seatId),
  status: z.enum(['open', 'revealed']),
  answers: z.array(declAnswerView),
});
export type DeclarationView = z.infer<typeof declarationView>;

/** The declarations' part of a view. */
export const declarationsView = { declarations: z.array(declarationView) };

export const declarationEvents = [
  z.object({ type: z.literal('decl.opened'), decl: declarationView }),
  z.object({ type: z.literal('decl.answered'), decl: declId, seat: seatId, commitment: z.string() }),
  z.object({ type: z.literal('decl.revealed'), decl: declarationView }),
] as const;
