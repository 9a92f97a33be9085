import { z } from 'zod';
import { actorRef, cardFace, cardView, diceResult, seatId, viewer } from '../../common.ts';
import { audience, declAnswer, declId, declKind, noteId, rollId, rollVisibility } from './commands.ts';

/** One line of the room feed as a viewer sees it. */
export const feedItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chat'), id: z.string(), from: actorRef, to: audience, text: z.string() }),
  z.object({
    kind: z.literal('roll'),
    id: rollId,
    by: actorRef,
    visibility: rollVisibility,
    revealed: z.boolean(),
    /** Absent when this viewer may not see the roll yet: they see only that it happened. */
    result: diceResult.optional(),
  }),
  z.object({ kind: z.literal('system'), id: z.string(), key: z.string(), params: z.record(z.string(), z.string()) }),
]);
export type FeedItem = z.infer<typeof feedItem>;

export const tableCard = z.object({ id: z.string(), owner: actorRef, faceUp: z.boolean(), face: cardFace.optional() });
export type TableCard = z.infer<typeof tableCard>;

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

/** The free table as one viewer may see it. Produced only by the engine's view(). */
export const freeTableView = z.object({
  game: z.literal('free-table'),
  viewer,
  seats: z.array(z.object({ id: seatId, name: z.string(), handCount: z.number().int() })),
  feed: z.array(feedItem),
  /** GM-only notes; null for everyone else. */
  notes: z.array(z.object({ id: noteId, text: z.string() })).nullable(),
  deck: z.object({ drawCount: z.number().int(), discard: z.array(cardView) }),
  /** Hands this viewer may see: own hand for a player, every hand for the GM, none for a spectator. */
  hands: z.record(seatId, z.array(cardView)),
  table: z.array(tableCard),
  declarations: z.array(declarationView),
});
export type FreeTableView = z.infer<typeof freeTableView>;

/** What one viewer learns from one committed event. */
export const freeTableViewEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('seat.added'), seat: seatId, name: z.string() }),
  z.object({ type: z.literal('seat.renamed'), seat: seatId, name: z.string() }),
  z.object({ type: z.literal('feed'), item: feedItem }),
  z.object({ type: z.literal('roll.revealed'), item: feedItem }),
  z.object({ type: z.literal('note.added'), id: noteId, text: z.string() }),
  z.object({ type: z.literal('note.removed'), id: noteId }),
  z.object({ type: z.literal('deck.created'), count: z.number().int() }),
  z.object({ type: z.literal('deck.shuffled'), count: z.number().int() }),
  z.object({ type: z.literal('cards.drawn'), seat: seatId, cards: z.array(cardView), count: z.number().int() }),
  z.object({ type: z.literal('card.passed'), from: seatId, to: seatId, card: cardView.optional() }),
  z.object({ type: z.literal('card.played'), by: actorRef, card: tableCard }),
  z.object({ type: z.literal('card.flipped'), card: tableCard }),
  z.object({ type: z.literal('card.discarded'), card: cardView }),
  z.object({ type: z.literal('decl.opened'), decl: declarationView }),
  z.object({ type: z.literal('decl.answered'), decl: declId, seat: seatId, commitment: z.string() }),
  z.object({ type: z.literal('decl.revealed'), decl: declarationView }),
]);
export type FreeTableViewEvent = z.infer<typeof freeTableViewEvent>;
