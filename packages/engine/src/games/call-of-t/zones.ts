import type { Card } from '../../capabilities/cards/deck.ts';
import { rekey, shuffleCards } from '../../capabilities/cards/deck.ts';
import { BONE_FACE, isSuit } from './cards.ts';
import type { Ctx } from './context.ts';
import { backView, emitAll, emitTo, faceView, note, seatsOf } from './context.ts';
import type { Character, Square, StackEntry } from './state.ts';
import { idTaken } from './state.ts';

/**
 * Card movements between deck, hands, board and discard. Each emits what everyone may see and tells the face
 * only to those who may know it (COT-HID-01/05). Cards entering a face-down place from a hand are re-keyed,
 * so an id seen in a hand cannot be followed onto the board (COT-HID-02).
 */

/**
 * The top deck card, or null when none is left. An empty deck first takes back the discard pile, shuffled face-down
 * under new ids (Q14, COT-HID-02), unless the room's option says running out draws nothing.
 */
export function drawTop(ctx: Ctx): Card | null {
  const state = ctx.state;
  if (state.deck.length === 0 && state.discard.length > 0 && state.options.deckExhaustion === 'reshuffle') {
    // Old ids stay reserved too: a new id never repeats one the discard pile showed.
    const taken = idTaken(state);
    const cards = state.discard.splice(0);
    shuffleCards(cards, ctx.rng, taken);
    state.deck = cards;
    note(ctx, 'deck.reshuffled', { count: cards.length });
  }
  return state.deck.pop() ?? null;
}

/** Draws into a hand; the owner and the GM learn the faces, everyone the count (COT-MOD-09). */
export function drawToHand(ctx: Ctx, character: Character, count: number): number {
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const card = drawTop(ctx);
    if (!card) break;
    character.hand.push(card);
    drawn++;
    const full = { type: 'cot.card' as const, op: 'drawn' as const, card: faceView(card), square: null, character: character.id };
    emitTo(ctx, seatsOf(ctx, [character.id]), full, { ...full, card: undefined });
  }
  return drawn;
}

/** Removes a card from a hand by id. */
export function takeFromHand(character: Character, cardId: string): Card | null {
  const index = character.hand.findIndex((c) => c.id === cardId);
  return index < 0 ? null : character.hand.splice(index, 1)[0]!;
}

/**
 * Stacks a card on top of a square. Face-up cards are public; a face-down card's face goes to `knowers` only.
 * A hand card laid face-down gets a new id first.
 */
export function placeOnSquare(
  ctx: Ctx,
  square: Square,
  card: Card,
  options: { faceUp: boolean; origin: StackEntry['origin']; fromHand?: boolean; knowers?: string[] },
): StackEntry {
  if (options.fromHand && !options.faceUp) rekey(card, ctx.rng, idTaken(ctx.state));
  const entry: StackEntry = { card, faceUp: options.faceUp, tapped: false, origin: options.origin };
  square.stack.unshift(entry);
  const full = { type: 'cot.card' as const, op: 'placed' as const, card: faceView(card), square: square.id, character: null, faceUp: options.faceUp };
  if (options.faceUp) emitAll(ctx, full);
  else emitTo(ctx, seatsOf(ctx, options.knowers ?? []), full, { ...full, card: backView(card) });
  return entry;
}

/** Turns an entry face-up; it becomes public and ledger facts about it lapse (COT-HID-04/05). */
export function openEntry(ctx: Ctx, square: Square, entry: StackEntry): void {
  if (entry.faceUp) return;
  entry.faceUp = true;
  ctx.state.facts = ctx.state.facts.filter((f) => f.entryId !== entry.card.id);
  emitAll(ctx, { type: 'cot.card', op: 'opened', card: faceView(entry.card), square: square.id, character: null });
}

/**
 * Removes an entry once its event is over (COT-EVT-03) to the face-up discard pile. A removed ♥ is replaced by a
 * face-down deck card that nobody but the GM sees (COT-EVT-04).
 */
export function removeEntry(ctx: Ctx, square: Square, entry: StackEntry): void {
  const index = square.stack.indexOf(entry);
  if (index < 0) return;
  square.stack.splice(index, 1);
  ctx.state.facts = ctx.state.facts.filter((f) => f.entryId !== entry.card.id);
  if (entry.card.face.kind === 'custom' && entry.card.face.text === BONE_FACE.text) {
    // The bone leaves the game once fought; it is not one of the 52.
    emitAll(ctx, { type: 'cot.card', op: 'removed', card: faceView(entry.card), square: square.id, character: null });
    ctx.state.removed.push(entry.card);
    return;
  }
  ctx.state.discard.push(entry.card);
  emitAll(ctx, { type: 'cot.card', op: 'removed', card: faceView(entry.card), square: square.id, character: null });
  if (isSuit(entry.card, 'H')) {
    const replacement = drawTop(ctx);
    if (!replacement) return;
    placeOnSquare(ctx, square, replacement, { faceUp: false, origin: 'deck' });
    // It waits for a later visit: producing its event now would let one heart chain events without end.
    const phase = ctx.state.phase;
    if (phase.kind === 'event') phase.processed.push(replacement.id);
  }
}

/** Plays a hand card face-up to the discard pile (a substitute or effect card, §6). */
export function discardFromHand(ctx: Ctx, character: Character, cardId: string): Card | null {
  const card = takeFromHand(character, cardId);
  if (!card) return null;
  ctx.state.discard.push(card);
  emitAll(ctx, { type: 'cot.card', op: 'played', card: faceView(card), square: null, character: character.id });
  return card;
}

/** The topmost face-down entry of a square, the one "opening the map card" turns (COT-MOD-05). */
export function topFaceDown(square: Square): StackEntry | undefined {
  return square.stack.find((e) => !e.faceUp);
}

export type SquareStatus = 'blank' | 'closed' | 'open';

/** Blank: no cards; closed: at least one face-down card; open: every card face-up (COT-MOD-05). */
export function squareStatus(square: Square): SquareStatus {
  if (square.stack.length === 0) return 'blank';
  return square.stack.some((e) => !e.faceUp) ? 'closed' : 'open';
}
