import type { CardFace, ActorRef } from '@veiltable/protocol';
import type { LineRenderer } from '../../ui/timeline/line-renderers.ts';

type Card = { face?: CardFace };
type Decl = { prompt?: string };

/** Every free-table event as a sentence of the table's strings (seats, cards, declarations, notes). */
const freeTableLines: LineRenderer = (seen, { t, actor, seat, face }) => {
  const cardText = (card: unknown): string => {
    const f = (card as Card | undefined)?.face;
    return f ? face(f) : t('line.faceDown');
  };
  const prompt = () => (seen.decl as Decl | undefined)?.prompt ?? '';
  switch (seen.type) {
    case 'seat.added':
      return t('line.seat.added', { name: String(seen.name) });
    case 'seat.renamed':
      return t('line.seat.renamed', { seat: seat(String(seen.seat)), name: String(seen.name) });
    case 'deck.created':
      return t('line.deck.created', { count: Number(seen.count) });
    case 'deck.shuffled':
      return t('line.deck.shuffled');
    case 'cards.drawn': {
      const cards = Array.isArray(seen.cards) ? seen.cards.map(cardText) : [];
      const params = { name: seat(String(seen.seat)), count: Number(seen.count) };
      return cards.length > 0 ? t('line.cards.drawnSeen', { ...params, cards: cards.join(' ') }) : t('line.cards.drawn', params);
    }
    case 'card.passed':
      return t('line.card.passed', { from: seat(String(seen.from)), to: seat(String(seen.to)), card: seen.card ? cardText(seen.card) : t('line.faceDown') });
    case 'card.played':
      return t('line.card.played', { name: actor(seen.by as ActorRef), card: cardText(seen.card) });
    case 'card.flipped':
      return t('line.card.flipped', { card: cardText(seen.card) });
    case 'card.discarded':
      return t('line.card.discarded', { card: cardText(seen.card) });
    case 'decl.opened':
      return t('line.decl.opened', { prompt: prompt() });
    case 'decl.answered':
      return t('line.decl.answered', { name: seat(String(seen.seat)) });
    case 'decl.revealed':
      return t('line.decl.revealed', { prompt: prompt() });
    case 'note.added':
      return t('line.note.added', { text: String(seen.text) });
    case 'note.removed':
      return t('line.note.removed');
    default:
      return null;
  }
};

export default freeTableLines;
