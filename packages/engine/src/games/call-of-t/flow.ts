import type { Ctx } from './context.ts';
import { emitAll } from './context.ts';

/**
 * The cycle (COT-FLOW-01): investigation, time passage, events, then the cycle end; after the last cycle the
 * night cycle, which is outside these rules (COT-END-03). Each point where the flow moves from one phase module to
 * another is a name of the game's phase table (phases.ts); modules move on by name, so none imports another.
 */
export type CotPhase =
  /** The next cycle begins (COT-FLOW-01), or the night after the last (COT-END-03). */
  | 'cycle'
  /** The investigation phase, opened by the death omen when the room times it there (Q5). */
  | 'investigation'
  /** The investigation's sealed declarations (COT-INV-01, COT-HID-03). */
  | 'declare'
  /** The time-passage phase (COT-TIM-01). */
  | 'time'
  /** The event phase (COT-EVT-01). */
  | 'event'
  /** The next untapped card of the party's square produces its event (COT-EVT-02). */
  | 'event.next'
  /** The cycle end (COT-END-01). */
  | 'cycleEnd';

/** Moves the flow on to a phase of the table; entering a phase never fails, so a failure is a broken invariant. */
export function moveOn(ctx: Ctx, phase: CotPhase): void {
  const entered = ctx.enter(phase);
  if (!entered.ok) throw new Error(`call-of-t: entering ${phase} was refused: ${entered.error.code}`);
}

/** COT-FLOW-01: the cycle after the current one (the first after setup), or the night after the last. */
export function startCycle(ctx: Ctx): void {
  const state = ctx.state;
  const n = state.cycle + 1;
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
    moveOn(ctx, 'time');
    return;
  }
  moveOn(ctx, 'investigation');
}

/** COT-END-01: every card is processed; players record their fatigue and the GM may pass hand cards. */
export function endCycle(ctx: Ctx): void {
  ctx.state.phase = { kind: 'cycleEnd', confirmed: [] };
  emitAll(ctx, { type: 'cot.phase', cycle: ctx.state.cycle, phase: 'cycleEnd', step: null });
}
