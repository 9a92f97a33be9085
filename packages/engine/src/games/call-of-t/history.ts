import type { Viewer } from '@veiltable/protocol';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { plain } from '../../kernel/draft.ts';
import { viewEvent } from '../../kernel/events.ts';
import type { CotEvent, CotState, LoggedEvent } from './state.ts';

/**
 * The room's recent history, kept in the state so that a page opened (or reloaded) later shows the same reveal,
 * rolls, learned facts, card moves, phase changes and event steps (each step's start and outcome) as one that was
 * open all along. Each entry keeps the event whole, in the kernel's envelope with the parts decided when it was
 * made, so every viewer reads it exactly as the live event (COT-HID-01, COT-HID-08): a card drawn into another hand
 * or laid face-down reaches the others as a back or a bare "a card".
 * Notes are left out (the board, the phase and the counters show where things stand), as are declarations and locks
 * (the declaration table shows them).
 */

/**
 * How many events the state keeps; older ones stay in the room's stored event log only. A cycle keeps about
 * twenty (phases and steps, card moves, rolls), so this spans the last few cycles.
 */
export const HISTORY_SIZE = 60;

const KEPT: ReadonlySet<string> = new Set(['cot.revealed', 'cot.check', 'cot.fact', 'cot.card', 'cot.phase', 'cot.step']);

/** Appends the events worth showing later, numbered on from the last kept one, dropping the oldest beyond the cap. */
export function recordHistory(state: CotState, events: readonly CotEvent[]): void {
  const log: LoggedEvent[] = state.log;
  let n = log.at(-1)?.n ?? 0;
  // A copy, so that the entry keeps what the event said even if its maker changes the same objects later.
  for (const event of events) if (KEPT.has(event.type)) log.push({ n: ++n, event: plain(event) });
  if (log.length > HISTORY_SIZE) log.splice(0, log.length - HISTORY_SIZE);
}

/**
 * The history as one viewer may read it, the ones it may not see left out. Entries are shared, not copied: a kept
 * entry is never changed after recordHistory copied it in, and copying every entry for every viewer after every
 * command was most of the cost of a view.
 */
export function historyView(state: CotState, viewer: Viewer): CotView['log'] {
  const out: CotView['log'] = [];
  for (const { n, event } of state.log) {
    const seen = viewEvent(event, viewer);
    if (seen) out.push({ n, event: seen });
  }
  return out;
}
