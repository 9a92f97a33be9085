import type { GameTimer } from '@veiltable/engine';

/** The clock a room runs on: real time and timers in the server, a fake one in tests. */
export type TimerHost = {
  /** Ms since the epoch: the time stamped on commands, and what a deadline is measured against. */
  now(): number;
  set(ms: number, fire: () => void): unknown;
  clear(handle: unknown): void;
};

/** Node's clock and timers, unref'd: a pending window timeout must not keep a closing process alive. */
export const realTimerHost: TimerHost = {
  now: () => Date.now(),
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
 * Keeps one room's timers in step with what its game lists for the current state (Game.timers). A listed timer is
 * armed for what is left until its deadline (at once when that has passed), so a room loaded after a restart fires
 * when the state says, not a full span later. A timer that drops out of the list (its window closed first), or
 * comes back with another deadline, is cancelled; a timer that fired is not armed again while it stays listed with
 * the same deadline, so a refused timer command cannot loop.
 */
export class RoomTimers<C> {
  private readonly host: TimerHost;
  private readonly fire: (timer: GameTimer<C>) => void;
  private readonly armed = new Map<string, { handle: unknown; deadline: number }>();
  /** Keys that fired, with the deadline they fired for. */
  private readonly fired = new Map<string, number>();
  private stopped = false;

  constructor(host: TimerHost, fire: (timer: GameTimer<C>) => void) {
    this.host = host;
    this.fire = fire;
  }

  /** Arms what is newly listed, cancels what is no longer listed as it was. */
  sync(timers: readonly GameTimer<C>[]): void {
    if (this.stopped) return;
    const listed = new Map(timers.map((t) => [t.key, t]));
    for (const [key, { handle, deadline }] of this.armed) {
      if (listed.get(key)?.deadline === deadline) continue;
      this.host.clear(handle);
      this.armed.delete(key);
    }
    for (const [key, deadline] of this.fired) if (listed.get(key)?.deadline !== deadline) this.fired.delete(key);
    const now = this.host.now();
    for (const [key, timer] of listed) {
      if (this.armed.has(key) || this.fired.has(key)) continue;
      const handle = this.host.set(Math.max(0, timer.deadline - now), () => {
        this.armed.delete(key);
        this.fired.set(key, timer.deadline);
        this.fire(timer);
      });
      this.armed.set(key, { handle, deadline: timer.deadline });
    }
  }

  /** Keys armed now, for tests and diagnostics. */
  get pending(): string[] {
    return [...this.armed.keys()];
  }

  /** Cancels everything for good (the room is going away). */
  stop(): void {
    this.stopped = true;
    for (const { handle } of this.armed.values()) this.host.clear(handle);
    this.armed.clear();
  }
}
