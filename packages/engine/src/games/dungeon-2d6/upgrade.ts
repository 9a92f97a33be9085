import type { SavedWindow } from '../../kernel/reaction-window-upgrade.ts';
import { upgradeWindow } from '../../kernel/reaction-window-upgrade.ts';
import { mapValuesKeeping } from '../../kernel/upgrade.ts';
import type { D6State } from './state.ts';

/** A state as an earlier version may have saved it: windows with flags instead of deadlines. */
type SavedD6State = Omit<D6State, 'windows'> & { windows: Record<string, SavedWindow> };

/**
 * Game.upgrade for dungeon-2d6: windows saved before they held their deadlines (D6-WIN-11) and minimum-span ends
 * (D6-WIN-13) get them, counted from `at`, the time the room loads the state (see upgradeWindow).
 */
export function upgrade(saved: unknown, at: number): D6State {
  const state = saved as SavedD6State;
  const spans = { timeoutSeconds: state.options.windowTimeoutSeconds, minSeconds: state.options.activeWindowMinSeconds };
  const windows = mapValuesKeeping(state.windows, (w) => upgradeWindow(w, spans, at));
  return windows === state.windows ? (state as D6State) : { ...state, windows };
}
