import { z } from 'zod';
import { actorRef, cardFace, cardId, cardView, seatId } from '../common.ts';
import { line } from '../text.ts';

/** One deck of cards, hands and a table: cards in hidden places travel as backs with re-keyed ids. */
export const cardCommands = [
  z.object({
    type: z.literal('deck.create'),
    deck: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('standard'), jokers: z.boolean().default(false) }),
      z.object({ kind: z.literal('custom'), cards: z.array(line(200)).min(1).max(200) }),
    ]),
  }),
  z.object({ type: z.literal('deck.shuffle') }),
  z.object({ type: z.literal('deck.deal'), seat: seatId, count: z.number().int().min(1).max(20) }),
  z.object({ type: z.literal('deck.draw'), count: z.number().int().min(1).max(20) }),
  z.object({ type: z.literal('card.pass'), card: cardId, to: seatId }),
  z.object({ type: z.literal('card.play'), card: cardId, faceUp: z.boolean() }),
  z.object({ type: z.literal('card.flip'), card: cardId }),
  z.object({ type: z.literal('card.discard'), card: cardId }),
] as const;

export const tableCard = z.object({ id: z.string(), owner: actorRef, faceUp: z.boolean(), face: cardFace.optional() });
export type TableCard = z.infer<typeof tableCard>;

/** The cards' part of a view. */
export const cardsView = {
  deck: z.object({ drawCount: z.number().int(), discard: z.array(cardView) }),
  /** Hands this viewer may see: own hand for a player, every hand for the GM, none for a spectator. */
  hands: z.record(seatId, z.array(cardView)),
  table: z.array(tableCard),
};

export const cardEvents = [
  z.object({ type: z.literal('deck.created'), count: z.number().int() }),
  z.object({ type: z.literal('deck.shuffled'), count: z.number().int() }),
  z.object({ type: z.literal('cards.drawn'), seat: seatId, cards: z.array(cardView), count: z.number().int() }),
  z.object({ type: z.literal('card.passed'), from: seatId, to: seatId, card: cardView.optional() }),
  z.object({ type: z.literal('card.played'), by: actorRef, card: tableCard }),
  z.object({ type: z.literal('card.flipped'), card: tableCard }),
  z.object({ type: z.literal('card.discarded'), card: cardView }),
] as const;
