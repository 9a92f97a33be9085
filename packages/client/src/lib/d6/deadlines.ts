/**
 * When each timed window closes, as this page estimates it. The server keeps the real clock and sends no deadline,
 * so the countdown starts when this page first sees the window open; after a reload it starts afresh, as the
 * server's own timers do after a restart.
 */
export class Deadlines {
  private readonly firstSeen = new Map<string, number>();

  /** The estimated end of a window's timeout, fixed the first time it is asked for. */
  deadline(windowId: string, seconds: number, now: number): number {
    let seen = this.firstSeen.get(windowId);
    if (seen === undefined) {
      seen = now;
      this.firstSeen.set(windowId, now);
    }
    return seen + seconds * 1000;
  }

  /** Whole seconds left, never below 0. */
  remaining(windowId: string, seconds: number, now: number): number {
    return Math.max(0, Math.ceil((this.deadline(windowId, seconds, now) - now) / 1000));
  }
}

/** The page-wide estimates, shared by every prompt. */
export const deadlines = new Deadlines();
