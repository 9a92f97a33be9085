import type { ActorRef, CardFace } from '@veiltable/protocol';
import type { DeclAnswer } from '@veiltable/protocol/games/free-table';
import type { Card } from '../../capabilities/cards/deck.ts';
import type { ChatEntry, RollEntry } from './state.ts';

/** A declaration as opened: no answers yet. */
export type DeclOpened = { id: string; prompt: string; kind: 'text' | 'choice' | 'card'; choices?: string[]; seats: string[] };

/** One seat's line in a reveal: everything needed to check the commitment, and the face of a card answer. */
export type RevealedAnswer = {
  seat: string;
  declared: boolean;
  answer?: DeclAnswer;
  salt?: string;
  commitment?: string;
  card?: CardFace;
};

/**
 * The free table's stored events. Each carries the full truth of what happened (faces, texts, results), so that
 * viewEvent can redact it for any viewer without looking at state; nothing here is sent before redaction.
 */
export type FreeTableEvent =
  | { type: 'seat.added'; seat: string; name: string }
  | { type: 'seat.renamed'; seat: string; name: string }
  | { type: 'chat'; item: ChatEntry }
  | { type: 'roll'; item: RollEntry }
  | { type: 'roll.revealed'; item: RollEntry }
  | { type: 'note.added'; id: string; text: string }
  | { type: 'note.removed'; id: string }
  | { type: 'deck.created'; count: number }
  | { type: 'deck.shuffled'; count: number }
  /** cards: with their new hand ids. */
  | { type: 'cards.drawn'; seat: string; cards: Card[] }
  /** oldId: the id in the giver's hand; card.id: the new id in the receiver's hand. */
  | { type: 'card.passed'; from: string; to: string; oldId: string; card: Card }
  /** oldId: the id in the hand; card.id: the id on the table (new when face down). */
  | { type: 'card.played'; by: ActorRef; oldId: string; card: Card; faceUp: boolean }
  | { type: 'card.flipped'; owner: ActorRef; card: Card }
  | { type: 'card.discarded'; card: Card }
  | { type: 'decl.opened'; decl: DeclOpened }
  /** Deliberately without the answer: the log keeps only what the reveal will publish anyway. */
  | { type: 'decl.answered'; decl: string; seat: string; commitment: string }
  | { type: 'decl.revealed'; decl: DeclOpened; answers: RevealedAnswer[] };
