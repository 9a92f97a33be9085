import type { D6Command } from '@veiltable/protocol';
import type { GameTimer } from '../../core/game.ts';
import type { D6State } from './state.ts';

/**
 * D6-WIN-11 / D6-WIN-13: the clocks the server keeps for open windows. Every open window that may time out gets the
 * table's timeout; the active side's window with a minimum span gets that span. Both reach the engine as commands,
 * and a window that closed first simply drops out of the list, so the server cancels its timer.
 */
export function timers(state: D6State): GameTimer<D6Command>[] {
  const out: GameTimer<D6Command>[] = [];
  const { windowTimeoutSeconds, activeWindowMinSeconds } = state.options;
  for (const w of Object.values(state.windows)) {
    if (w.status !== 'open') continue;
    if (w.timeoutAllowed && windowTimeoutSeconds > 0) {
      out.push({ key: `timeout:${w.id}`, seconds: windowTimeoutSeconds, command: { type: 'window.timeout', window: w.id } });
    }
    if (w.minPending && activeWindowMinSeconds > 0) {
      out.push({ key: `min:${w.id}`, seconds: activeWindowMinSeconds, command: { type: 'window.min-elapsed', window: w.id } });
    }
  }
  return out;
}
