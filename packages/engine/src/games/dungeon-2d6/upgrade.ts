import { setupCast } from '../../capabilities/characters/cast.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { SavedWindow } from '../../kernel/reaction-window-upgrade.ts';
import { upgradeWindow } from '../../kernel/reaction-window-upgrade.ts';
import { mapValuesKeeping, withMissing } from '../../kernel/upgrade.ts';
import type { D6State } from './state.ts';

/** A state as an earlier version may have saved it: windows with flags instead of deadlines. */
type SavedD6State = Omit<D6State, 'windows'> & { windows: Record<string, SavedWindow> };

/**
 * Game.upgrade for dungeon-2d6: windows saved before they held their deadlines (D6-WIN-11) and minimum-span ends
 * (D6-WIN-13) get them, counted from `at`, the time the room loads the state (see upgradeWindow).
 */
export function upgrade(saved: unknown, at: number): D6State {
  // Rooms saved before the table's chat and dice came to dungeon-2d6 start with an empty feed; before characters, with
  // each seat's first character only.
  const state: SavedD6State = withMissing(saved as SavedD6State, { ...setupFeed(), ...setupCast() });
  const spans = { timeoutSeconds: state.options.windowTimeoutSeconds, minSeconds: state.options.activeWindowMinSeconds };
  const windows = mapValuesKeeping(state.windows, (w: SavedWindow) => upgradeWindow(w, spans, at));
  return windows === state.windows && state === saved ? (state as D6State) : ({ ...state, windows } as D6State);
}
