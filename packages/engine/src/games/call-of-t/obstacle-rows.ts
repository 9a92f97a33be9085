import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { allSquares, directionToward, isOrthogonal, stepIn } from './board.ts';
import { rollSum } from './checks.ts';
import type { Ctx } from './context.ts';
import { addLtf, done, note, requireCharacter, requireGm, requireParticipant } from './context.ts';
import { finishStep, moveParty } from './event-step.ts';
import { obstacleLoad } from './fatigue.ts';
import type { ObstacleStep, Roll } from './obstacle-step.ts';
import type { Poison } from './phase.ts';
import { obstacleAt, obstacleRow, overcome } from './obstacle-step.ts';
import { findSquare } from './state.ts';
import { stepOutcome } from './step-log.ts';
import { labyrinthRequirement, TRAP_TABLE } from './tables.ts';

/**
 * The T-OBS rows whose details the rules leave open (COT-OBS-04), as the engine reads them; the GM keeps what §10
 * gives the GM: the numbers the rows do not define, a trap's effects, the boat's square, and all damage and poison.
 */

/** The best SD of a round: its highest, a fumble's −1D6 included when that is all there is. */
function best(rolls: readonly Roll[]): number {
  return Math.max(...rolls.map((r) => r.sd));
}

/** ♣2: the trap goes off. Its D6 kind is told and the GM settles what it does (COT-OBS-04). */
function spring(ctx: Ctx, s: ObstacleStep): void {
  const d6 = ctx.rng.die(6);
  s.stage = 'sprung';
  s.trap = d6;
  note(ctx, 'obstacle.trap', { d6, trap: TRAP_TABLE[d6]! });
}

/**
 * ♣2 trap: the simultaneous 〈捜索〉 round finds it when its total SD is above 0, and then one character disarms it
 * with 〈修理〉 or 〈罠製作〉 at + total search SD × 20%. A search total of 0 or less, or a failed disarm, sets it off.
 */
export function trapRound(ctx: Ctx, s: ObstacleStep, round: number, rolls: readonly Roll[]): void {
  if (s.stage === 'disarm') {
    if (rolls.every((r) => r.sd >= 1)) overcome(ctx, s);
    else spring(ctx, s);
    return;
  }
  s.total = round;
  if (round <= 0) {
    spring(ctx, s);
    return;
  }
  s.stage = 'disarm';
  s.bonus = round * 20;
  note(ctx, 'obstacle.found', { total: round, bonus: s.bonus });
}

/**
 * ♣3 toxic gas: POT = the GM's CON multiplier + the character's [荷重] load − the party's highest 〈鉱物知識〉 SD,
 * never below 0, for each character; the party goes through and the GM resolves the poison.
 */
export function gasRound(ctx: Ctx, s: ObstacleStep, rolls: readonly Roll[]): void {
  const top = best(rolls);
  const poisons: Poison[] = [];
  for (const c of ctx.state.characters) {
    const pot = Math.max(0, (s.value ?? 0) + obstacleLoad(c) - top);
    note(ctx, 'obstacle.gas', { character: c.id, pot });
    if (pot > 0) poisons.push({ character: c.id, poison: 'gas', pot });
  }
  overcome(ctx, s, poisons);
}

/**
 * ♣5 poison thorns: the 〈植物知識〉 round leaves a progress of 3 − the highest SD to go through (going back costs
 * nothing: withdraw). Each point is paid with 1 LTF by someone, or taken as 1D3 POT by every character.
 */
export function thornsRound(ctx: Ctx, s: ObstacleStep, rolls: readonly Roll[]): void {
  s.total = best(rolls);
  s.progress = Math.max(0, 3 - s.total);
  note(ctx, 'obstacle.thorns', { progress: s.progress });
  if (s.progress === 0) overcome(ctx, s);
  else s.stage = 'thorns';
}

/** ♣K: a fumble takes the party to a random square; the labyrinth stays as it was, its events there left behind. */
export function labyrinthLost(ctx: Ctx): void {
  const state = ctx.state;
  const others = allSquares(state).filter((id) => id !== state.party.position);
  const to = others[ctx.rng.below(others.length)]!;
  stepOutcome(ctx, 'obstacle', 'lost', { to });
  moveParty(ctx, to);
  finishStep(ctx);
}

/** ♣Q at double the required SD: the boat goes on to the next square, which the GM names (§10); straight on is proposed. */
export function boatReached(ctx: Ctx, s: ObstacleStep): void {
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  const { position, previousPosition } = state.party;
  const heading = previousPosition && isOrthogonal(grid, previousPosition, position) ? directionToward(grid, previousPosition, position) : null;
  s.stage = 'boat';
  s.boatTo = heading && stepIn(grid, position, heading);
  note(ctx, 'obstacle.boat', { total: s.total, to: s.boatTo });
}

/**
 * The GM's number for a row that leaves one open: ♣3 the gas's CON multiplier, then the party rolls 〈鉱物知識〉;
 * ♣K the cumulative POW resistance total, which sets the SD the labyrinth needs (≤−1: 3, 0–9: 2, 10–19: 1, 20+: 0).
 */
export function applyObstacleValue(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.value' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-OBS-04');
  if (!gm.ok) return gm;
  const found = obstacleAt(ctx, ['value'], 'COT-OBS-04');
  if (!found.ok) return found;
  const s = found.value;
  s.value = command.value;
  s.stage = 'roll';
  if (obstacleRow(s.strength).reading !== 'labyrinth') return done;
  s.required = labyrinthRequirement(command.value);
  note(ctx, 'obstacle.labyrinth', { value: command.value, required: s.required });
  if (s.required === 0) overcome(ctx, s);
  return done;
}

/** ♣5: a character pays 1 LTF and the progress drops by one, without poison. */
export function applyThornsPay(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.thornsPay' }>): Result<void> {
  const found = obstacleAt(ctx, ['thorns'], 'COT-OBS-04');
  if (!found.ok) return found;
  const c = requireCharacter(ctx, command.character, 'COT-OBS-04');
  if (!c.ok) return c;
  const s = found.value;
  addLtf(c.value, 3);
  s.progress = Math.max(0, (s.progress ?? 0) - 1);
  note(ctx, 'obstacle.thorns', { character: c.value.id, progress: s.progress });
  if (s.progress === 0) overcome(ctx, s);
  return done;
}

/** ♣5: the party pushes through: each character takes 1D3 POT per point left, less its lowest limb AP. */
export function applyThornsPush(ctx: Ctx): Result<void> {
  const who = requireParticipant(ctx, 'COT-OBS-04');
  if (!who.ok) return who;
  const found = obstacleAt(ctx, ['thorns'], 'COT-OBS-04');
  if (!found.ok) return found;
  const s = found.value;
  const poisons: Poison[] = [];
  for (const c of ctx.state.characters) {
    const pot = Math.max(0, rollSum(ctx.rng, s.progress ?? 0, 3) - c.limbAp);
    note(ctx, 'obstacle.poison', { character: c.id, pot });
    if (pot > 0) poisons.push({ character: c.id, poison: 'thorns', pot });
  }
  overcome(ctx, s, poisons);
  return done;
}

/** ♣Q: the GM names the square next to the party the boat goes on to; the old boat is overcome and left behind. */
export function applyObstacleBoat(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.obs.boat' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-OBS-04');
  if (!gm.ok) return gm;
  const found = obstacleAt(ctx, ['boat'], 'COT-OBS-04');
  if (!found.ok) return found;
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  if (!findSquare(state, command.to) || !isOrthogonal(grid, state.party.position, command.to)) return err('NOT_ADJACENT', 'COT-OBS-04');
  overcome(ctx, found.value);
  moveParty(ctx, command.to);
  return done;
}
