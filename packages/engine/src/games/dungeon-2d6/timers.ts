import type { D6Command } from '@veiltable/protocol/games/dungeon-2d6';
import type { GameTimer } from '../../kernel/game.ts';
import type { D6State } from './state.ts';

/**
 * D6-WIN-11 / D6-WIN-13: the clocks the server keeps for open windows, due at the deadlines the windows got when they
 * opened. Both reach the engine as commands, and a window that closed first simply drops out of the list, so the
 * server cancels its timer. A later change of the table's spans applies to windows opened after it.
 */
export function timers(state: D6State): GameTimer<D6Command>[] {
  const out: GameTimer<D6Command>[] = [];
  for (const w of Object.values(state.windows)) {
    if (w.status !== 'open') continue;
    if (w.deadline !== null) out.push({ key: `timeout:${w.id}`, deadline: w.deadline, command: { type: 'window.timeout', window: w.id } });
    if (w.minSpanEnds !== null) out.push({ key: `min:${w.id}`, deadline: w.minSpanEnds, command: { type: 'window.min-elapsed', window: w.id } });
  }
  return out;
}
