import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { Check } from './checks.ts';
import { rollSum } from './checks.ts';
import type { Ctx } from './context.ts';
import { emitAll, faceView } from './context.ts';
import { eventStep, finishStep } from './event-step.ts';
import { obstacleLoad } from './fatigue.ts';
import type { EventStep, ObstacleStage, Poison } from './phase.ts';
import type { Character, CotState } from './state.ts';
import { enterStep, stepOutcome } from './step-log.ts';
import { locateEntry } from './state.ts';
import type { ObstacleRow } from './tables.ts';
import { OBSTACLE_TABLE } from './tables.ts';

/** What every obstacle command shares: the step, its row, and how an obstacle ends (COT-OBS-01..04). */

export type ObstacleStep = Extract<EventStep, { kind: 'obstacle' }>;

/** The rolls one attempt made, each with its obstacle SD. */
export type Roll = { character: Character; check: Check; sd: number };

const NO_ROW: ObstacleRow = {
  name: 'gm',
  skills: [],
  simultaneous: false,
  required: 'gm',
  failureCost: false,
  cumulativeFailureCost: false,
  bonusSkill: null,
  dust: false,
  reading: null,
  gm: true,
};

/** The T-OBS row of a strength; the A and unknown strengths are the GM's (COT-OBS-04). */
export function obstacleRow(strength: number): ObstacleRow {
  return OBSTACLE_TABLE[strength] ?? NO_ROW;
}

/** The total SD a row needs from this party (COT-OBS-02): people + [荷重], people + [台数], or a number. */
export function requiredSd(state: CotState, row: ObstacleRow): number {
  const people = state.characters.length;
  if (row.required === 'people+load') return people + state.characters.reduce((sum, c) => sum + obstacleLoad(c), 0);
  if (row.required === 'people+sleds') return people + state.party.sleds;
  if (row.required === 'everyone1') return people;
  if (row.required === 'gm' || row.required === 'value') return 0;
  return row.required;
}

/** Stages that wait for a GM command before anything else can happen. */
const GM_STAGES: readonly ObstacleStage[] = ['value', 'sprung', 'boat'];

/** The obstacle step if it is at one of these stages; otherwise why not (the GM's turn, or not this command's). */
export function obstacleAt(ctx: Ctx, stages: readonly ObstacleStage[], rule: string): Result<ObstacleStep> {
  const s = eventStep(ctx, 'obstacle', rule);
  if (!s.ok || stages.includes(s.value.stage)) return s;
  if (s.value.stage === 'gm') return err('GM_RULES', 'COT-OBS-04');
  return err(GM_STAGES.includes(s.value.stage) ? 'WAITS_FOR_GM' : 'NOT_YOUR_PHASE', rule);
}

/** An obstacle SD: the level's SD, or −1D6 for a fumble (COT-OBS-02). */
export function obstacleSd(ctx: Ctx, check: Check): number {
  return check.level === 'fumble' ? -rollSum(ctx.rng, 1, 6) : check.sd;
}

/**
 * COT-OBS-01: an overcome obstacle is tapped and stays; the party may go on in any direction. The step waits
 * for a ♦ (COT-FX-04) or for the party to move on: stopping only when someone holds a usable ♦ would tell
 * everyone what is in a hand. Meanwhile an antidote may cancel the `poisons` it dealt (T-TRADE 毒消し).
 */
export function overcome(ctx: Ctx, s: ObstacleStep, poisons: Poison[] = []): void {
  const located = locateEntry(ctx.state, s.entryId);
  if (located) {
    located.entry.tapped = true;
    emitAll(ctx, { type: 'cot.card', op: 'tapped', card: faceView(located.entry.card), square: located.square.id, character: null });
  }
  ctx.state.party.mustReturn = false;
  stepOutcome(ctx, 'obstacle', 'overcome', { strength: s.strength });
  enterStep(ctx, { kind: 'obstacleCleared', strength: s.strength, poisons });
}

/** COT-OBS-01/03: withdrawing leaves the card face-up and untapped; the next move may only go back. */
export function withdraw(ctx: Ctx): void {
  ctx.state.party.mustReturn = true;
  stepOutcome(ctx, 'obstacle', 'withdrawn');
  finishStep(ctx);
}
