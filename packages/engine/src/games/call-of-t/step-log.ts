import type { Ctx } from './context.ts';
import { emitAll } from './context.ts';
import type { EventStep } from './phase.ts';

/**
 * Where each event step starts and how it ends, told to everyone (COT-EVT-02): every step is played in the open,
 * so every viewer's timeline shows them like the phase changes around them.
 */

/** Makes `step` the current event step and announces it as a phase change naming the step. */
export function enterStep(ctx: Ctx, step: EventStep): void {
  const phase = ctx.state.phase;
  if (phase.kind !== 'event') return;
  phase.step = step;
  emitAll(ctx, { type: 'cot.phase', cycle: ctx.state.cycle, phase: 'event', step: step.kind });
}

/** Announces how a step of this kind ended; `params` carry only what the board shows everyone anyway. */
export function stepOutcome(
  ctx: Ctx,
  step: EventStep['kind'],
  outcome: string,
  params: Record<string, string | number | boolean | null> = {},
): void {
  emitAll(ctx, { type: 'cot.step', cycle: ctx.state.cycle, step, outcome, params });
}
