import type { GameTimer } from '@veiltable/engine';

/** The clock a room's timers run on: real timers in the server, a fake one in tests. */
export type TimerHost = {
  set(ms: number, fire: () => void): unknown;
  clear(handle: unknown): void;
};

/** Node's timers, unref'd: a pending window timeout must not keep a closing process alive. */
export const realTimerHost: TimerHost = {
  set(ms, fire) {
    const handle = setTimeout(fire, ms);
    handle.unref();
    return handle;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/**
 * Keeps one room's timers in step with what its game lists for the current state (Game.timers). A listed key is
 * armed once; a key that drops out of the list (its window closed first) is cancelled; a key that fired is not armed
 * again while it stays listed, so a refused timer command cannot loop. Nothing here survives a restart: the room
 * syncs after load, which arms every listed timer afresh with its full span.
 */
export class RoomTimers<C> {
  private readonly host: TimerHost;
  private readonly fire: (timer: GameTimer<C>) => void;
  private readonly armed = new Map<string, unknown>();
  private readonly fired = new Set<string>();
  private stopped = false;

  constructor(host: TimerHost, fire: (timer: GameTimer<C>) => void) {
    this.host = host;
    this.fire = fire;
  }

  /** Arms what is newly listed, cancels what is no longer listed. */
  sync(timers: readonly GameTimer<C>[]): void {
    if (this.stopped) return;
    const listed = new Map(timers.map((t) => [t.key, t]));
    for (const [key, handle] of this.armed) {
      if (listed.has(key)) continue;
      this.host.clear(handle);
      this.armed.delete(key);
    }
    for (const key of this.fired) if (!listed.has(key)) this.fired.delete(key);
    for (const [key, timer] of listed) {
      if (this.armed.has(key) || this.fired.has(key)) continue;
      const handle = this.host.set(Math.max(0, timer.seconds) * 1000, () => {
        this.armed.delete(key);
        this.fired.add(key);
        this.fire(timer);
      });
      this.armed.set(key, handle);
    }
  }

  /** Keys armed now, for tests and diagnostics. */
  get pending(): string[] {
    return [...this.armed.keys()];
  }

  /** Cancels everything for good (the room is going away). */
  stop(): void {
    this.stopped = true;
    for (const handle of this.armed.values()) this.host.clear(handle);
    this.armed.clear();
  }
}
