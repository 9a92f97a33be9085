import type { CardFace } from '@veiltable/protocol';
import type { Card } from '../../capabilities/cards/deck.ts';

/** The suit letters of a standard face: S spade, H heart, D diamond, C club (COT-MOD-08). */
export type Suit = 'S' | 'H' | 'D' | 'C';

/** The bone card is a separate card, not one of the 52 (COT-MOD-10). */
export const BONE_FACE: Extract<CardFace, { kind: 'custom' }> = { kind: 'custom', text: 'bone' };

export function isBone(card: Card): boolean {
  return card.face.kind === 'custom' && card.face.text === BONE_FACE.text;
}

export function suitOf(card: Card): Suit | null {
  return card.face.kind === 'standard' ? card.face.suit : null;
}

/** Strength = rank: 2–10, J 11, Q 12, K 13, and A 14 or 1 by option (COT-MOD-07, Q1). */
export function strengthOf(card: Card, aceHigh: boolean): number {
  if (card.face.kind !== 'standard') return 0;
  return card.face.rank === 1 ? (aceHigh ? 14 : 1) : card.face.rank;
}

export function isSuit(card: Card, suit: Suit): boolean {
  return suitOf(card) === suit;
}
