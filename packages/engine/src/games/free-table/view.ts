import type { CardView, Viewer } from '@veiltable/protocol';
import type { FreeTableView, FreeTableViewEvent } from '@veiltable/protocol/games/free-table';
import type { FreeTableEvent } from './events.ts';
import {
  canSeeChat,
  declarationFor,
  faceUpCard,
  feedItemFor,
  freshView,
  revealedView,
  seesHand,
  tableCardFor,
} from './redact.ts';
import type { FreeTableState } from './state.ts';
import { FEED_VIEW } from './state.ts';

/** The whole table as this viewer may see it. */
export function view(state: FreeTableState, viewer: Viewer): FreeTableView {
  const hands: Record<string, CardView[]> = {};
  for (const seat of state.seats) {
    if (seesHand(seat.id, viewer)) hands[seat.id] = seat.hand.map(faceUpCard);
  }
  const feed = state.feed.flatMap((entry) => feedItemFor(entry, viewer) ?? []);
  return {
    game: 'free-table',
    viewer: { ...viewer },
    seats: state.seats.map((s) => ({ id: s.id, name: s.name, handCount: s.hand.length })),
    feed: feed.slice(-FEED_VIEW),
    notes: viewer.role === 'gm' ? state.notes.map((n) => ({ ...n })) : null,
    deck: { drawCount: state.deck.draw.length, discard: state.deck.discard.map(faceUpCard) },
    hands,
    table: state.table.map((entry) => tableCardFor(entry, viewer)),
    declarations: state.decls.map((d) => declarationFor(d, viewer)),
  };
}

/** What this viewer learns from one stored event, from the event alone; null when nothing. */
export function viewEvent(event: FreeTableEvent, viewer: Viewer): FreeTableViewEvent | null {
  switch (event.type) {
    case 'seat.added':
    case 'seat.renamed':
      return { type: event.type, seat: event.seat, name: event.name };
    case 'chat': {
      if (!canSeeChat(event.item, viewer)) return null;
      const item = feedItemFor(event.item, viewer);
      return item ? { type: 'feed', item } : null;
    }
    case 'roll': {
      const item = feedItemFor(event.item, viewer);
      return item ? { type: 'feed', item } : null;
    }
    case 'roll.revealed': {
      const item = feedItemFor({ ...event.item, revealed: true }, viewer);
      return item ? { type: 'roll.revealed', item } : null;
    }
    case 'note.added':
      return viewer.role === 'gm' ? { type: 'note.added', id: event.id, text: event.text } : null;
    case 'note.removed':
      return viewer.role === 'gm' ? { type: 'note.removed', id: event.id } : null;
    case 'deck.created':
    case 'deck.shuffled':
      return { type: event.type, count: event.count };
    case 'cards.drawn': {
      const cards = seesHand(event.seat, viewer) ? event.cards.map(faceUpCard) : [];
      return { type: 'cards.drawn', seat: event.seat, cards, count: event.cards.length };
    }
    case 'card.passed': {
      const base = { type: 'card.passed', from: event.from, to: event.to } as const;
      // The giver learns which card left (its old id); the receiver and the GM learn the new one.
      if (viewer.role === 'player' && viewer.seat === event.from) {
        return { ...base, card: { id: event.oldId, face: structuredClone(event.card.face) } };
      }
      return seesHand(event.to, viewer) ? { ...base, card: faceUpCard(event.card) } : base;
    }
    case 'card.played':
      return {
        type: 'card.played',
        by: { ...event.by },
        card: tableCardFor({ card: event.card, owner: event.by, faceUp: event.faceUp }, viewer),
      };
    case 'card.flipped':
      return { type: 'card.flipped', card: tableCardFor({ card: event.card, owner: event.owner, faceUp: true }, viewer) };
    case 'card.discarded':
      return { type: 'card.discarded', card: faceUpCard(event.card) };
    case 'decl.opened':
      return { type: 'decl.opened', decl: freshView(event.decl) };
    case 'decl.answered':
      return { type: 'decl.answered', decl: event.decl, seat: event.seat, commitment: event.commitment };
    case 'decl.revealed':
      return { type: 'decl.revealed', decl: revealedView(event.decl, event.answers) };
  }
}
