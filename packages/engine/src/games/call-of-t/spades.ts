import { isSuit, strengthOf } from './cards.ts';
import type { CotState } from './state.ts';
import { mushi } from './state.ts';

/** Σ strength of face-up spade map cards on the board (COT-ENC-01); face-down spades do not count (Q16). */
export function faceUpSpadeTotal(state: CotState): number {
  let total = 0;
  for (const square of state.squares) {
    for (const e of square.stack) if (e.faceUp && isSuit(e.card, 'S')) total += strengthOf(e.card, state.options.aceHigh);
  }
  return total;
}

/**
 * The active spades (COT-ENC-01): none while Σ ≤ 無死 (equal is ignored, TV-04); above it, every face-up spade
 * tied for the highest strength. Only public inputs are used (COT-HID-07).
 */
export function activeSpades(state: CotState): string[] {
  return faceUpSpadeTotal(state) <= mushi(state) ? [] : strongestFaceUpSpades(state);
}

/** Face-up spade map cards of the highest strength on the board (the pursuer too, COT-TIM-12). */
export function strongestFaceUpSpades(state: CotState): string[] {
  let best = 0;
  let ids: string[] = [];
  for (const square of state.squares) {
    for (const e of square.stack) {
      if (!e.faceUp || !isSuit(e.card, 'S')) continue;
      const s = strengthOf(e.card, state.options.aceHigh);
      if (s > best) [best, ids] = [s, [e.card.id]];
      else if (s === best) ids.push(e.card.id);
    }
  }
  return ids;
}
