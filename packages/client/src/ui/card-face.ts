import type { CardFace } from '@veiltable/protocol';

const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** What to print on a card face: a suit symbol and rank, a joker, or the custom text. */
export type FaceLabel = { corner: string; center: string; red: boolean; custom: boolean };

export function faceLabel(face: CardFace): FaceLabel {
  switch (face.kind) {
    case 'standard': {
      const suit = SUITS[face.suit];
      const rank = RANKS[face.rank - 1] ?? String(face.rank);
      return { corner: `${rank}${suit}`, center: suit, red: face.suit === 'H' || face.suit === 'D', custom: false };
    }
    case 'joker':
      // Jokers stay "JOKER" in every language: it is what is printed on the card.
      return { corner: `JK${face.n}`, center: '🃏', red: face.n === 2, custom: false };
    case 'custom':
      return { corner: '', center: face.text, red: false, custom: true };
  }
}

/** A one-line name for a face, for lists and sealed-answer summaries. */
export function faceText(face: CardFace): string {
  const label = faceLabel(face);
  return label.custom ? label.center : label.corner.replace(/^JK(\d)$/, 'JOKER $1');
}
