import type { CardFace } from '@veiltable/protocol';
import type { Rng } from '../../kernel/rng.ts';

/** A physical card: its face and its current opaque id. */
export type Card = { id: string; face: CardFace };

/** Tells whether an id is already held by some card, so fresh ids never collide. */
export type IdTaken = (id: string) => boolean;

const SUITS = ['S', 'H', 'D', 'C'] as const;

/** The 52 faces of a standard deck in suit-rank order, plus two jokers when asked. */
export function standardFaces(jokers: boolean): CardFace[] {
  const faces: CardFace[] = [];
  for (const suit of SUITS) {
    for (let rank = 1; rank <= 13; rank++) faces.push({ kind: 'standard', suit, rank });
  }
  if (jokers) faces.push({ kind: 'joker', n: 1 }, { kind: 'joker', n: 2 });
  return faces;
}

/** One custom face per text, in the order given. */
export function customFaces(texts: readonly string[]): CardFace[] {
  return texts.map((text) => ({ kind: 'custom', text }));
}

/**
 * A fresh opaque id: `c` + 16 hex digits from the room RNG. Ids come from the RNG rather than a counter so that
 * an id says nothing about the card's history; the loop only guards the astronomically rare collision.
 */
export function newCardId(rng: Rng, taken: IdTaken = () => false): string {
  for (;;) {
    const id = `c${rng.hex(8)}`;
    if (!taken(id)) return id;
  }
}

/** Gives a card a new id, as it enters a hidden zone, so nobody can follow it through. */
export function rekey(card: Card, rng: Rng, taken: IdTaken = () => false): Card {
  card.id = newCardId(rng, taken);
  return card;
}

/** Shuffles cards in place and re-keys every one of them: the order and the old ids no longer match. */
export function shuffleCards(cards: Card[], rng: Rng, taken: IdTaken = () => false): Card[] {
  rng.shuffle(cards);
  const fresh = new Set<string>();
  for (const card of cards) {
    rekey(card, rng, (id) => fresh.has(id) || taken(id));
    fresh.add(card.id);
  }
  return cards;
}

/** A new shuffled draw pile from faces, every card with a fresh id. */
export function buildDeck(faces: readonly CardFace[], rng: Rng): Card[] {
  const cards = faces.map((face) => ({ id: '', face: structuredClone(face) }));
  return shuffleCards(cards, rng);
}

/** Takes `count` cards from the top (the end) of a pile; null, taking nothing, when there are not enough. */
export function takeTop(pile: Card[], count: number): Card[] | null {
  if (count < 0 || count > pile.length) return null;
  return pile.splice(pile.length - count, count).reverse();
}

/** A short human label for logs and tests: "QS", "10H", "Joker 1", or the custom text. */
export function faceLabel(face: CardFace): string {
  if (face.kind === 'joker') return `Joker ${face.n}`;
  if (face.kind === 'custom') return face.text;
  const rank = face.rank === 1 ? 'A' : face.rank === 11 ? 'J' : face.rank === 12 ? 'Q' : face.rank === 13 ? 'K' : String(face.rank);
  return rank + face.suit;
}
