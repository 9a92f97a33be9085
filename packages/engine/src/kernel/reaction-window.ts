import type { Result } from './result.ts';
import { err, ok } from './result.ts';

/**
 * A reaction window: a span of the event sequence during which listed participants may declare something.
 * It opens on one event and closes on exactly one closing event; after that, every declaration is refused with
 * WINDOW_CLOSED. The engine never reads a clock: its deadlines are times the opening command was stamped with plus
 * the table's spans, and a timeout reaches it as a command the server sends when one passes.
 * Plain data, so it survives structuredClone and JSON.
 */
export type ReactionWindow = {
  id: string;
  /** What the window is for, e.g. "concentration" or "cover"; the game gives it meaning. */
  kind: string;
  /** Participants (character ids, seats …) who may declare while it is open. */
  eligible: string[];
  /** Eligible participants who said they will not declare. */
  passed: string[];
  status: 'open' | 'closed';
  closedBy?: WindowCloseReason;
  /** When the server's timeout closes it (ms since the epoch), or null where the table set no timeout. */
  deadline: number | null;
  /** The end of an optional minimum open span: until the server reports it elapsed, the rule event may not close it. */
  minSpanEnds: number | null;
};

/** rule: the window's own closing event; all-passed: everyone eligible passed; gm: closed by hand; timeout: the server's clock. */
export type WindowCloseReason = 'rule' | 'all-passed' | 'gm' | 'timeout';

/** Absolute times (ms since the epoch) the opening rule computed from its command's time and the table's spans. */
export type WindowOptions = { deadline?: number | null; minSpanEnds?: number | null };

/** A new open window. */
export function openWindow(id: string, kind: string, eligible: readonly string[], options: WindowOptions = {}): ReactionWindow {
  return {
    id,
    kind,
    eligible: [...new Set(eligible)],
    passed: [],
    status: 'open',
    deadline: options.deadline ?? null,
    minSpanEnds: options.minSpanEnds ?? null,
  };
}

export function isOpen(window: ReactionWindow): boolean {
  return window.status === 'open';
}

/** Checks that a participant may declare now, without changing anything. */
export function canDeclare(window: ReactionWindow, who: string): Result<void> {
  if (window.status !== 'open') return err('WINDOW_CLOSED');
  if (!window.eligible.includes(who)) return err('NOT_ELIGIBLE');
  return ok(undefined);
}

/** Records that a participant passes; the window closes once every eligible participant has passed. */
export function passWindow(window: ReactionWindow, who: string): Result<{ closed: boolean }> {
  const allowed = canDeclare(window, who);
  if (!allowed.ok) return allowed;
  if (!window.passed.includes(who)) window.passed.push(who);
  if (window.eligible.every((p) => window.passed.includes(p))) {
    closeWindow(window, 'all-passed');
    return ok({ closed: true });
  }
  return ok({ closed: false });
}

/** Participants who have neither passed nor been removed. */
export function stillDeciding(window: ReactionWindow): string[] {
  return window.eligible.filter((p) => !window.passed.includes(p));
}

/** Closes the window in place; closing a closed window is refused so every window has one closing event. */
export function closeWindow(window: ReactionWindow, reason: WindowCloseReason): Result<void> {
  if (window.status !== 'open') return err('WINDOW_CLOSED');
  window.status = 'closed';
  window.closedBy = reason;
  return ok(undefined);
}

/** The server's clock reports the table timeout; refused where the table set no timeout. */
export function timeoutWindow(window: ReactionWindow): Result<void> {
  if (window.status !== 'open') return err('WINDOW_CLOSED');
  if (window.deadline === null) return err('NO_TIMEOUT');
  return closeWindow(window, 'timeout');
}

/** The server's clock reports that the minimum span has passed. */
export function elapseMinSpan(window: ReactionWindow): Result<void> {
  if (window.status !== 'open') return err('WINDOW_CLOSED');
  window.minSpanEnds = null;
  return ok(undefined);
}

/** Checks that the rule event may close the window now (its minimum span, if any, has passed). */
export function canCloseByRule(window: ReactionWindow): Result<void> {
  if (window.status !== 'open') return err('WINDOW_CLOSED');
  if (window.minSpanEnds !== null) return err('WINDOW_MIN_SPAN');
  return ok(undefined);
}

/** Adds a participant to an open window (a new character became eligible). */
export function addEligible(window: ReactionWindow, who: string): void {
  if (window.status === 'open' && !window.eligible.includes(who)) window.eligible.push(who);
}
