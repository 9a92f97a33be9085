import type { CotPlan } from '@veiltable/protocol/games/call-of-t';
import { isOrthogonal } from './board.ts';
import type { Ctx } from './context.ts';
import { addLtf, emitAll, note } from './context.ts';
import { adjustedCon, moveCostThirds, recoveryFor } from './fatigue.ts';
import type { TimeStep } from './phase.ts';
import type { CotState } from './state.ts';
import { findCharacter, findSquare } from './state.ts';
import { placeOnSquare, squareStatus, takeFromHand } from './zones.ts';

type Decision = Extract<TimeStep, { kind: 'decision' }>;
type Problem = { code: string; rule: string };

/** Where the party is forced to go, if anywhere: unrestrained sleepwalkers, a scouting fumble, a retreat (COT-TIM-05). */
export function forcedDestinations(state: CotState, step: Decision): string[] {
  const out = step.sleepwalkers.filter((w) => !w.restrainedBy && w.to).map((w) => w.to!);
  if (state.party.forcedMove) out.push(state.party.forcedMove.to);
  return [...new Set(out)];
}

/**
 * Why a plan is not allowed now, or null. Forced moves bind the players; when they conflict, or to set one
 * aside, the GM decides (COT-TIM-05).
 */
export function planProblem(state: CotState, step: Decision, plan: CotPlan, isGm: boolean): Problem | null {
  const grid = { width: state.width, height: state.height };
  const party = state.party;
  const forced = forcedDestinations(state, step);
  if (!isGm && forced.length > 1) return { code: 'GM_DECIDES', rule: 'COT-TIM-05' };
  if (plan.kind === 'leave') {
    if (party.position !== state.gate) return { code: 'NOT_AT_GATE', rule: 'COT-TIM-10' };
    return !isGm && forced.length > 0 ? { code: 'FORCED_MOVE', rule: 'COT-TIM-05' } : null;
  }
  if (plan.kind === 'wait') return !isGm && forced.length > 0 ? { code: 'FORCED_MOVE', rule: 'COT-TIM-05' } : null;
  if (!findSquare(state, plan.to) || !isOrthogonal(grid, party.position, plan.to)) return { code: 'NOT_ADJACENT', rule: 'COT-TIM-06' };
  if (!isGm && forced.length === 1 && plan.to !== forced[0]) return { code: 'FORCED_MOVE', rule: 'COT-TIM-05' };
  if (!isGm && party.mustReturn && plan.to !== party.previousPosition) return { code: 'MUST_RETURN', rule: 'COT-OBS-01' };
  if (!isGm && state.characters.some((c) => moveCostThirds(c) === null)) return { code: 'TOO_HEAVY', rule: 'COT-TIM-06' };
  if (plan.place) {
    const owner = findCharacter(state, plan.place.character);
    if (!owner || !owner.hand.some((c) => c.id === plan.place!.card)) return { code: 'CARD_NOT_IN_HAND', rule: 'COT-TIM-07' };
    if (squareStatus(findSquare(state, plan.to)!) !== 'blank') return { code: 'NOT_BLANK', rule: 'COT-TIM-07' };
  }
  return null;
}

/** Carries out the party's decision (COT-TIM-06/08/10). */
export function executePlan(ctx: Ctx, step: Decision, plan: CotPlan): void {
  const state = ctx.state;
  const party = state.party;
  if (plan.kind === 'leave') {
    state.phase = { kind: 'departed' };
    emitAll(ctx, { type: 'cot.phase', cycle: state.cycle, phase: 'departed', step: null });
    return;
  }
  if (plan.kind === 'wait') {
    wait(ctx, step);
    return;
  }
  for (const c of state.characters) addLtf(c, moveCostThirds(c) ?? 9);
  party.previousPosition = party.position;
  party.position = plan.to;
  party.forcedMove = null;
  party.mustReturn = false;
  if (party.defense && party.defense.square !== plan.to) party.defense = null;
  note(ctx, 'moved', { from: party.previousPosition, to: plan.to });
  if (plan.place) {
    // COT-TIM-07: a hand card laid on the blank square entered becomes its map card, face-up (INFERRED).
    const owner = findCharacter(state, plan.place.character)!;
    const card = takeFromHand(owner, plan.place.card);
    if (card) placeOnSquare(ctx, findSquare(state, plan.to)!, card, { faceUp: true, origin: 'hand' });
  }
}

/** COT-TIM-08/09: an hour on the square; with food each recovers LTF by T-REC, a watcher pays the watch cost. */
function wait(ctx: Ctx, step: Decision): void {
  const state = ctx.state;
  const fed = state.party.food > 0;
  state.party.food = Math.max(0, state.party.food - state.options.foodPerWait * state.characters.length);
  for (const c of state.characters) {
    const activity = step.activities[c.id] ?? 'sleep';
    if (activity === 'watch') addLtf(c, 3 * state.options.watchCost);
    const recovered = fed ? recoveryFor(adjustedCon(c.con, activity, c.restLoad)) : 0;
    addLtf(c, -3 * recovered);
    note(ctx, 'waited', { character: c.id, activity, recovered });
  }
}
