import type { CotCommand, CotPlan } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { addLtf, done, emitAll, note, requireCharacter, requireParticipant } from './context.ts';
import { applyOmenConfirm, beginDeathOmen } from './death-omen.ts';
import { moveOn } from './flow.ts';
import type { TimeStep } from './phase.ts';
import { executePlan, planProblem } from './plan.ts';
import { beginPursuer } from './pursuer.ts';
import { beginSleepwalk } from './sleepwalk.ts';
import { seatedPlayers } from './state.ts';

type Decision = Extract<TimeStep, { kind: 'decision' }>;

/** COT-TIM-01: death omen (after 転界), sleepwalking, the party's choice, then the pursuer (after 転界). */
export function beginTimePhase(ctx: Ctx): void {
  ctx.state.markers = [];
  emitAll(ctx, { type: 'cot.phase', cycle: ctx.state.cycle, phase: 'time', step: null });
  if (ctx.state.party.tenkai && ctx.state.options.deathOmenTiming === 'timePhase' && beginDeathOmen(ctx, 'sleepwalk')) return;
  beginSleepwalk(ctx);
}

function decisionStep(ctx: Ctx): Result<Decision> {
  const phase = ctx.state.phase;
  if (phase.kind !== 'time' || phase.step.kind !== 'decision') return err('NOT_YOUR_PHASE', 'COT-TIM-05');
  return ok(phase.step);
}

export function applyOmen(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.omen.confirm' }>): Result<void> {
  const confirmed = applyOmenConfirm(ctx, command);
  if (!confirmed.ok) return confirmed;
  if (confirmed.value === 'investigation') moveOn(ctx, 'declare');
  else beginSleepwalk(ctx);
  return done;
}

/** COT-TIM-04: a character who is not sleepwalking holds one back for 1 LTF (success) or 2 (special). */
export function applyRestrain(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.time.restrain' }>): Result<void> {
  const step = decisionStep(ctx);
  if (!step.ok) return step;
  const restrainer = requireCharacter(ctx, command.character, 'COT-TIM-04');
  if (!restrainer.ok) return restrainer;
  const walkers = step.value.sleepwalkers;
  if (walkers.some((w) => w.character === command.character)) return err('IS_SLEEPWALKING', 'COT-TIM-04');
  const walker = walkers.find((w) => w.character === command.sleepwalker);
  if (!walker) return err('NOT_SLEEPWALKING', 'COT-TIM-04');
  if (walker.restrainedBy) return err('ALREADY_RESTRAINED', 'COT-TIM-04');
  if (walker.level === 'critical') return err('CANNOT_RESTRAIN_CRITICAL', 'COT-TIM-04');
  walker.restrainedBy = command.character;
  addLtf(restrainer.value, walker.level === 'special' ? 6 : 3);
  // A restrainer cannot rest while waiting: it keeps watch (INFERRED).
  step.value.activities[command.character] = 'watch';
  step.value.proposal = null;
  note(ctx, 'restrained', { character: command.character, sleepwalker: command.sleepwalker, ltf: walker.level === 'special' ? 2 : 1 });
  return done;
}

/** COT-TIM-08: each character picks sleep, rest or watch for a wait. */
export function applyActivity(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.time.activity' }>): Result<void> {
  const step = decisionStep(ctx);
  if (!step.ok) return step;
  const character = requireCharacter(ctx, command.character, 'COT-TIM-08');
  if (!character.ok) return character;
  const restraining = step.value.sleepwalkers.some((w) => w.restrainedBy === command.character);
  if (restraining && command.activity !== 'watch') return err('MUST_WATCH', 'COT-TIM-04');
  step.value.activities[command.character] = command.activity;
  note(ctx, 'activity', { character: command.character, activity: command.activity });
  return done;
}

/** COT-TIM-05: a player proposes move, wait or leave; the GM's proposal is decided at once. */
export function applyPropose(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.time.propose' }>): Result<void> {
  const step = decisionStep(ctx);
  if (!step.ok) return step;
  const who = requireParticipant(ctx, 'COT-TIM-05');
  if (!who.ok) return who;
  const problem = planProblem(ctx.state, step.value, command.plan, ctx.actor.role === 'gm');
  if (problem) return err(problem.code, problem.rule);
  if (ctx.actor.role === 'gm') return decide(ctx, step.value, command.plan);
  step.value.proposal = { plan: command.plan, accepted: ctx.actor.role === 'player' ? [ctx.actor.seat] : [] };
  emitAll(ctx, { type: 'cot.note', key: 'plan.proposed', params: { plan: command.plan.kind, to: command.plan.kind === 'move' ? command.plan.to : null } });
  return acceptedByAll(ctx, step.value);
}

/** Every player accepts, or the GM does: the proposal is carried out (INFERRED, COT-FLOW-01 table). */
export function applyAccept(ctx: Ctx): Result<void> {
  const step = decisionStep(ctx);
  if (!step.ok) return step;
  const who = requireParticipant(ctx, 'COT-TIM-05');
  if (!who.ok) return who;
  const proposal = step.value.proposal;
  if (!proposal) return err('NO_PROPOSAL', 'COT-TIM-05');
  if (ctx.actor.role === 'gm') return decide(ctx, step.value, proposal.plan);
  if (ctx.actor.role === 'player' && !proposal.accepted.includes(ctx.actor.seat)) proposal.accepted.push(ctx.actor.seat);
  return acceptedByAll(ctx, step.value);
}

function acceptedByAll(ctx: Ctx, step: Decision): Result<void> {
  const proposal = step.proposal!;
  if (!seatedPlayers(ctx.state).every((s) => proposal.accepted.includes(s))) return done;
  return decide(ctx, step, proposal.plan);
}

function decide(ctx: Ctx, step: Decision, plan: CotPlan): Result<void> {
  const problem = planProblem(ctx.state, step, plan, ctx.actor.role === 'gm');
  if (problem) return err(problem.code, problem.rule);
  executePlan(ctx, step, plan);
  if (ctx.state.phase.kind === 'departed') return done;
  afterDecision(ctx);
  return done;
}

/** COT-TIM-11: after 転界 the pursuer moves at the end of the phase; then the event phase. */
export function afterDecision(ctx: Ctx): void {
  if (ctx.state.party.tenkai && beginPursuer(ctx)) return;
  moveOn(ctx, 'event');
}

