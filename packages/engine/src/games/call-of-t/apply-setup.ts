import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import { buildDeck, newCardId, standardFaces } from '../../capabilities/cards/deck.ts';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { allSquares, parseSquare } from './board.ts';
import { BONE_FACE } from './cards.ts';
import { characterFrom } from './character-add.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, requireGm } from './context.ts';
import { moveOn } from './flow.ts';
import { resolveOptions } from './options.ts';
import { idTaken, mushi, mushiOf } from './state.ts';
import { drawToHand } from './zones.ts';

type Setup = Extract<CotCommand, { type: 'cot.setup' }>['setup'];

/** Checks an order: a permutation of the character indexes. */
function isPermutation(order: number[], n: number): boolean {
  return order.length === n && new Set(order).size === n && order.every((i) => i >= 0 && i < n);
}

function validateSetup(s: Setup, seatIds: readonly string[]): Result<void> {
  const grid = { width: s.width, height: s.height };
  if (!parseSquare(grid, s.gate)) return err('BAD_SQUARE', 'COT-SET-01', 'gate');
  if (!parseSquare(grid, s.bone.square)) return err('BAD_SQUARE', 'COT-SET-01', 'bone');
  const n = s.characters.length;
  if (s.marchingOrder && !isPermutation(s.marchingOrder, n)) return err('BAD_ORDER', 'COT-MOD-11', 'marchingOrder');
  if (s.actionOrder && !isPermutation(s.actionOrder, n)) return err('BAD_ORDER', 'COT-MOD-11', 'actionOrder');
  const seats = s.characters.flatMap((c) => (c.seat ? [c.seat] : []));
  if (new Set(seats).size !== seats.length) return err('SEAT_TAKEN', 'COT-MOD-12', 'one character per player');
  const unknown = seats.find((seat) => !seatIds.includes(seat));
  if (unknown) return err('NO_SUCH_SEAT', 'COT-SET-01', unknown);
  const dealt = s.characters.reduce((sum, c) => sum + c.initialHand, 0);
  if (dealt > 52) return err('DECK_TOO_SMALL', 'COT-MOD-09');
  return done;
}

/** COT-SET-01: the GM's setup builds the board, deck, bone, characters and party, then starts cycle 1. */
export function applySetup(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.setup' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-SET-01');
  if (!gm.ok) return gm;
  if (ctx.state.phase.kind !== 'setup') return err('ALREADY_SET_UP', 'COT-SET-01');
  const s = command.setup;
  const valid = validateSetup(s, ctx.state.seats.map((seat) => seat.id));
  if (!valid.ok) return valid;
  const state = ctx.state;
  state.options = resolveOptions(s.options);
  state.width = s.width;
  state.height = s.height;
  state.gate = s.gate;
  // COT-SET-01: the board starts blank (INFERRED).
  state.squares = allSquares(s).map((id) => ({ id, stack: [], scouted: false }));
  state.deck = buildDeck(standardFaces(false), ctx.rng);
  const boneCard = { id: newCardId(ctx.rng, idTaken(state)), face: structuredClone(BONE_FACE) };
  state.bone = { card: boneCard, entryId: boneCard.id, square: s.bone.square, strength: s.bone.strength, pow: s.bone.pow };
  state.resonanceSkill = s.resonanceSkill;
  state.characters = s.characters.map((c, i) => characterFrom(c, `ch${i + 1}`));
  const ids = state.characters.map((c) => c.id);
  const marching = (s.marchingOrder ?? ids.map((_, i) => i)).map((i) => ids[i]!);
  const party = state.party;
  party.marchingOrder = marching;
  // Q8: the action order defaults to the marching order.
  party.actionOrder = s.actionOrder ? s.actionOrder.map((i) => ids[i]!) : [...marching];
  party.position = s.gate;
  party.food = s.party.food;
  party.money = s.party.money;
  party.sleds = s.party.sleds;
  party.ropes = s.party.ropes;
  party.fairyDust = s.party.fairyDust;
  party.mushiAtSetup = mushiOf(state.characters);
  emitAll(ctx, {
    type: 'cot.note',
    key: 'setup',
    params: { width: s.width, height: s.height, gate: s.gate, characters: ids.length, mushi: mushi(state) },
  });
  s.characters.forEach((c, i) => drawToHand(ctx, state.characters[i]!, c.initialHand));
  moveOn(ctx, 'cycle');
  return done;
}
