import type { CotCommand } from '@veiltable/protocol/games/call-of-t';
import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import { directionToward, stepIn } from './board.ts';
import { resistanceChance, rollCheck, succeeded } from './checks.ts';
import type { Ctx } from './context.ts';
import { done, emitAll, emitCheck, note, requireGm } from './context.ts';
import type { Activity, SleepwalkHeading, Sleepwalker } from './phase.ts';
import { inActionOrder } from './state.ts';

/**
 * COT-TIM-03: each character whose 〈呼び声〉 exceeds POW attacks with it against POW; on a success they try to step
 * toward the bone, vertical first. The step comes from the hidden bone, so only the GM sees it until confirmed
 * (§10 "GM confirms", COT-HID-07); with no sleepwalker the party decides at once.
 */
export function beginSleepwalk(ctx: Ctx): void {
  const state = ctx.state;
  const grid = { width: state.width, height: state.height };
  const headings: SleepwalkHeading[] = [];
  for (const c of inActionOrder(state)) {
    if (c.call <= c.pow) continue;
    const check = rollCheck(ctx.rng, resistanceChance(c.call, c.pow), state.options.autoFailAtZero);
    emitCheck(ctx, c.id, 'sleepwalk', check);
    if (!succeeded(check) || !state.bone) continue;
    // On the bone's own square there is no step (INFERRED).
    const direction = directionToward(grid, state.party.position, state.bone.square);
    const to = direction && stepIn(grid, state.party.position, direction);
    headings.push({ character: c.id, level: check.level as SleepwalkHeading['level'], direction, to });
  }
  if (headings.length === 0) {
    beginDecision(ctx, []);
    return;
  }
  state.phase = { kind: 'time', step: { kind: 'sleepwalk', headings } };
  emitAll(ctx, { type: 'cot.phase', cycle: state.cycle, phase: 'time', step: 'sleepwalk' });
}

/** COT-TIM-03 (§10): the GM confirms the derived steps or turns a sleepwalker to another square on the board. */
export function applySleepwalkConfirm(ctx: Ctx, command: Extract<CotCommand, { type: 'cot.sleepwalk.confirm' }>): Result<void> {
  const gm = requireGm(ctx, 'COT-TIM-03');
  if (!gm.ok) return gm;
  const state = ctx.state;
  const phase = state.phase;
  if (phase.kind !== 'time' || phase.step.kind !== 'sleepwalk') return err('NOT_YOUR_PHASE', 'COT-TIM-03');
  const grid = { width: state.width, height: state.height };
  const headings = phase.step.headings.map((h) => ({ ...h }));
  const seen = new Set<string>();
  for (const move of command.moves ?? []) {
    const heading = headings.find((h) => h.character === move.character);
    if (!heading) return err('NOT_SLEEPWALKING', 'COT-TIM-03');
    if (seen.has(move.character)) return err('DUPLICATE', 'COT-TIM-03');
    seen.add(move.character);
    const to = move.direction && stepIn(grid, state.party.position, move.direction);
    if (move.direction && !to) return err('OFF_BOARD', 'COT-MOD-03');
    heading.direction = move.direction;
    heading.to = to;
  }
  const walkers = headings.map((h): Sleepwalker => ({ character: h.character, level: h.level, to: h.to, restrainedBy: null }));
  for (const w of walkers) note(ctx, 'sleepwalk', { character: w.character, to: w.to });
  beginDecision(ctx, walkers);
  return done;
}

/** COT-TIM-04/05: restraint, activities and the party's choice, with the sleepwalkers' squares now public. */
function beginDecision(ctx: Ctx, sleepwalkers: Sleepwalker[]): void {
  const state = ctx.state;
  const activities: Record<string, Activity> = {};
  for (const c of state.characters) activities[c.id] = 'sleep';
  state.phase = { kind: 'time', step: { kind: 'decision', sleepwalkers, activities, proposal: null } };
  emitAll(ctx, { type: 'cot.phase', cycle: state.cycle, phase: 'time', step: 'decision' });
}
