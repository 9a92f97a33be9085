import { secondsAfter } from './game.ts';
import type { ReactionWindow } from './reaction-window.ts';

/**
 * A window as an older version saved it: flags instead of times. `timeoutAllowed` let the server close it after the
 * table's timeout, `minPending` kept the rule event from closing it until the minimum span was reported elapsed; the
 * server counted both spans from whenever it armed the timers, so every restart gave an open window its full spans.
 */
export type SavedWindow = Omit<ReactionWindow, 'deadline' | 'minSpanEnds'> & {
  deadline?: number | null;
  minSpanEnds?: number | null;
  timeoutAllowed?: boolean;
  minPending?: boolean;
};

/** The table's spans, in seconds, that the older version read when it armed a window's timers. */
export type WindowSpans = { timeoutSeconds: number; minSeconds: number };

/**
 * A saved window with the absolute times the current version keeps. The old state does not say when a window opened,
 * so an open one is due the table's spans after `at`, the time the room loads it: what a restart of the older version
 * gave it too. A timeout needs a table timeout still set (the older server armed none otherwise); a pending minimum
 * span ends after the table's minimum, at once where that is now 0, since nothing else would ever release it.
 * A closed window keeps no times. A current window comes back as it is.
 */
export function upgradeWindow(saved: SavedWindow, spans: WindowSpans, at: number): ReactionWindow {
  if ('deadline' in saved && 'minSpanEnds' in saved) return saved as ReactionWindow;
  const { timeoutAllowed, minPending, ...rest } = saved;
  const open = saved.status === 'open';
  return {
    ...rest,
    deadline: open && timeoutAllowed && spans.timeoutSeconds > 0 ? secondsAfter(at, spans.timeoutSeconds) : null,
    minSpanEnds: open && minPending ? secondsAfter(at, Math.max(0, spans.minSeconds)) : null,
  };
}
