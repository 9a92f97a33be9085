import type { Result } from '../../kernel/result.ts';
import { err, ok } from '../../kernel/result.ts';
import type { Ctx } from './context.ts';
import { note } from './context.ts';
import { moveOn } from './flow.ts';
import type { EventStep } from './phase.ts';

/** What every event step shares (COT-EVT-02..05): the step being played, its end, and a move the event makes. */

/** The current event step if it is of this kind, else NOT_YOUR_PHASE citing `rule`. */
export function eventStep<K extends EventStep['kind']>(ctx: Ctx, kind: K, rule: string): Result<Extract<EventStep, { kind: K }>> {
  const phase = ctx.state.phase;
  if (phase.kind !== 'event' || phase.step?.kind !== kind) return err('NOT_YOUR_PHASE', rule);
  return ok(phase.step as Extract<EventStep, { kind: K }>);
}

/** Closes the current step and carries on with the stack (COT-EVT-02). */
export function finishStep(ctx: Ctx): void {
  const phase = ctx.state.phase;
  if (phase.kind !== 'event') return;
  phase.step = null;
  moveOn(ctx, 'event.next');
}

/** COT-EVT-05: an event moved the party; processing goes on in the new square, the old stack is left alone. */
export function moveParty(ctx: Ctx, to: string): void {
  const party = ctx.state.party;
  party.previousPosition = party.position;
  party.position = to;
  if (party.defense && party.defense.square !== to) party.defense = null;
  note(ctx, 'moved', { from: party.previousPosition, to });
}
