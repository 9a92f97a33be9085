import type { Ctx } from './context.ts';
import { emitAll } from './context.ts';
import { beginEventPhase } from './event-phase.ts';
import { beginInvestigationWithOmen, beginTimePhase } from './time-phase.ts';

/**
 * The cycle (COT-FLOW-01): investigation, time passage, events, then the cycle end; after the last cycle the
 * night cycle, which is outside these rules (COT-END-03).
 */
export function startCycle(ctx: Ctx, n: number): void {
  const state = ctx.state;
  if (n > state.options.maxCycles) {
    state.phase = { kind: 'night' };
    emitAll(ctx, { type: 'cot.phase', cycle: state.cycle, phase: 'night', step: null });
    return;
  }
  state.cycle = n;
  for (const c of state.characters) c.ltfAtCycleStart = c.ltfThirds;
  // COT-ENC-05 (Q10): after a retreat the next cycle starts at its time phase.
  if (state.party.forcedMove?.reason === 'retreat' && state.options.retreatSkipsInvestigation) {
    emitAll(ctx, { type: 'cot.note', key: 'investigation.skipped', params: { cycle: n } });
    beginTimePhase(ctx);
    return;
  }
  beginInvestigationWithOmen(ctx);
}

export function startTimePhase(ctx: Ctx): void {
  beginTimePhase(ctx);
}

export function startEventPhase(ctx: Ctx): void {
  beginEventPhase(ctx);
}

/** COT-END-01: every card is processed; players record their fatigue and the GM may pass hand cards. */
export function endCycle(ctx: Ctx): void {
  ctx.state.phase = { kind: 'cycleEnd', confirmed: [] };
  emitAll(ctx, { type: 'cot.phase', cycle: ctx.state.cycle, phase: 'cycleEnd', step: null });
}
