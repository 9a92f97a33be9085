import type { TimerHost } from '../rooms/room-timers.ts';

type Pending = { id: number; at: number; fire: () => void };

/** A TimerHost whose time moves only when a test says so; timers fire in order of their due time. */
export class FakeClock implements TimerHost {
  private time: number;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `start`: the time it shows first (ms since the epoch). */
  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  set(ms: number, fire: () => void): unknown {
    const id = this.nextId++;
    this.pending.set(id, { id, at: this.time + ms, fire });
    return id;
  }

  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Timers not yet fired or cleared. */
  get count(): number {
    return this.pending.size;
  }

  /** Moves time forward, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.pending.values()].filter((p) => p.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.pending.delete(due.id);
      this.time = due.at;
      due.fire();
    }
    this.time = until;
  }
}
