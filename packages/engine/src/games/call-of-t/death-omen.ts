import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { faceLabel, shuffleCards } from '../../capabilities/cards/deck.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { allSquares, distance, parseSquare, stepToward } from './board.ts';
import { isSuit, strengthOf } from './cards.ts';
import { resistanceChance, rollCheck, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { emitCheck, note, requireGm, seatsOf } from './context.ts';
import { addFact } from './ledger.ts';
import type { OmenCard } from './phase.ts';
import { findCharacter, findSquare, idTaken, inActionOrder } from './state.ts';
import { placeOnSquare, takeFromHand } from './zones.ts';

/**
 * Squares for death-omen spades, nearest the gate first (COT-TIM-02, INFERRED placement): Manhattan distance,
 * then squares in line with the gate's column (vertical axis first), then reading order; never the gate.
 */
export function omenSquares(width: number, height: number, gate: string): string[] {
  const grid = { width, height };
  const g = parseSquare(grid, gate)!;
  return allSquares(grid)
    .filter((id) => id !== gate)
    .map((id, index) => ({ id, index, d: distance(grid, gate, id), off: parseSquare(grid, id)!.col === g.col ? 0 : 1 }))
    .sort((a, b) => a.d - b.d || a.off - b.off || a.index - b.index)
    .map((s) => s.id);
}

/**
 * Squares on the party's road back (Q5 alternative reading of 門に近いスクエア(縦軸優先), 自分の戻る道): the
 * vertical-first steps from the party toward the gate, the first step first, the gate left out. Cards beyond that
 * road (the party on the gate or next to it, or more cards than steps) take the squares nearest the gate.
 */
export function roadBackSquares(width: number, height: number, gate: string, from: string): string[] {
  const grid = { width, height };
  const road: string[] = [];
  for (let at = stepToward(grid, from, gate); at && at !== gate; at = stepToward(grid, at, gate)) road.push(at);
  return [...road, ...omenSquares(width, height, gate).filter((id) => !road.includes(id))];
}

/**
 * COT-TIM-02: every spade holder but Roy resists POW against their own 霊圧; each who fails sends the strongest
 * spade toward the gate. The GM confirms the squares; returns false when nobody failed.
 */
export function beginDeathOmen(ctx: Ctx, then: 'investigation' | 'sleepwalk'): boolean {
  const state = ctx.state;
  const failed: { character: string; cardId: string }[] = [];
  for (const character of inActionOrder(state)) {
    const spades = character.hand.filter((c) => isSuit(c, 'S'));
    if (character.exemptFromDeathOmen || spades.length === 0) continue;
    const check = rollCheck(ctx.rng, resistanceChance(character.pow, character.spiritPressure), state.options.autoFailAtZero);
    emitCheck(ctx, character.id, 'deathOmen', check);
    if (succeeded(check)) continue;
    const strongest = spades.reduce((a, b) => (strengthOf(b, state.options.aceHigh) > strengthOf(a, state.options.aceHigh) ? b : a));
    failed.push({ character: character.id, cardId: strongest.id });
  }
  if (failed.length === 0) return false;
  const squares =
    state.options.omenPlacement === 'roadBack'
      ? roadBackSquares(state.width, state.height, state.gate, state.party.position)
      : omenSquares(state.width, state.height, state.gate);
  const cards: OmenCard[] = failed.map((f, i) => ({ ...f, square: squares[i % squares.length]! }));
  state.phase = { kind: 'time', step: { kind: 'omen', cards, several: cards.length > 1, then } };
  note(ctx, 'deathOmen', { failers: failed.map((f) => f.character).join(','), spades: failed.length });
  return true;
}

/** The GM confirms (or changes) the squares; the spades go face-down on top of them (COT-TIM-02, COT-HID-05). */
export function applyOmenConfirm(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.omen.confirm' }>): Result<'investigation' | 'sleepwalk'> {
  const gm = requireGm(ctx, 'COT-TIM-02');
  if (!gm.ok) return gm;
  const phase = ctx.state.phase;
  if (phase.kind !== 'time' || phase.step.kind !== 'omen') return err('NOT_YOUR_PHASE', 'COT-TIM-02');
  const step = phase.step;
  const squares = command.squares ?? step.cards.map((c) => c.square);
  if (squares.length !== step.cards.length || new Set(squares).size !== squares.length) return err('BAD_SQUARES', 'COT-TIM-02');
  if (!squares.every((s) => findSquare(ctx.state, s) && s !== ctx.state.gate)) return err('BAD_SQUARE', 'COT-TIM-02');
  const cards = step.cards.map((c) => takeFromHand(findCharacter(ctx.state, c.character)!, c.cardId)!);
  if (step.several) {
    // Several failers: the GM shuffles their spades face-down, so no one knows where their own went.
    shuffleCards(cards, ctx.rng, idTaken(ctx.state));
  }
  cards.forEach((card, i) => {
    const square = findSquare(ctx.state, squares[i]!)!;
    const owner = step.several ? null : step.cards[0]!.character;
    const entry = placeOnSquare(ctx, square, card, { faceUp: false, origin: 'hand', fromHand: true, knowers: owner ? [owner] : [] });
    if (owner) addFact(ctx, seatsOf(ctx, [owner]), square, entry, 'card', faceLabel(card.face));
  });
  return { ok: true, value: step.then };
}

