import { setupCast } from '../../capabilities/characters/cast.ts';
import { setupFeed } from '../../capabilities/feed/feed.ts';
import type { SavedWindow } from '../../kernel/reaction-window-upgrade.ts';
import { upgradeWindow } from '../../kernel/reaction-window-upgrade.ts';
import { mapValuesKeeping, withMissing } from '../../kernel/upgrade.ts';
import type { CheckRecord, D6State } from './state.ts';

/** A check as an earlier version may have saved it: one without a target waited as 'awaiting-gm'. */
type SavedCheck = Omit<CheckRecord, 'outcome'> & { outcome: CheckRecord['outcome'] | 'awaiting-gm' };

/** A state as an earlier version may have saved it: windows with flags instead of deadlines, checks awaiting the GM. */
type SavedD6State = Omit<D6State, 'windows' | 'checks'> & { windows: Record<string, SavedWindow>; checks: Record<string, SavedCheck> };

/**
 * Game.upgrade for dungeon-2d6: windows saved before they held their deadlines (D6-WIN-11) and minimum-span ends
 * (D6-WIN-13) get them, counted from `at`, the time the room loads the state (see upgradeWindow); checks saved
 * waiting for the GM without a target stand as their totals.
 */
export function upgrade(saved: unknown, at: number): D6State {
  // Rooms saved before the table's chat and dice came to dungeon-2d6 start with an empty feed; before characters, with
  // each seat's first character only.
  const state: SavedD6State = withMissing(saved as SavedD6State, { ...setupFeed(), ...setupCast() });
  const spans = { timeoutSeconds: state.options.windowTimeoutSeconds, minSeconds: state.options.activeWindowMinSeconds };
  const windows = mapValuesKeeping(state.windows, (w: SavedWindow) => upgradeWindow(w, spans, at));
  // A check saved while waiting for the GM without a target stands as its total (D6-BASE-01).
  const checks = mapValuesKeeping(state.checks, (k: SavedCheck) => (k.outcome === 'awaiting-gm' ? { ...k, outcome: 'total' as const } : k));
  if (windows === state.windows && checks === state.checks && state === saved) return state as D6State;
  return { ...state, windows, checks } as D6State;
}
