import type { ErrorCounts, RoundsResult } from './messages.ts';
import { percentiles } from '../stats.ts';

/** One message in this many is measured for the average message sizes. */
const SIZE_SAMPLE_EVERY = 8;

/** Collects what the drivers observe; only samples taken while `recording` count toward the window's figures. */
export class Recorder {
  recording = false;
  private startedAt = 0;
  private startCpu = 0;
  private readonly declareRtt: number[] = [];
  private readonly fanout: number[] = [];
  private commits = 0;
  private rounds = 0;
  private reconnects = 0;
  private retries = 0;
  private readonly errors: ErrorCounts = {};
  private readonly sizes = { command: [0, 0], ack: [0, 0], update: [0, 0] };

  /** Opens the measured window. */
  start(): void {
    this.recording = true;
    this.startedAt = performance.now();
    const cpu = process.cpuUsage();
    this.startCpu = cpu.user + cpu.system;
  }

  declared(ms: number): void {
    if (this.recording) this.declareRtt.push(ms);
  }

  revealed(ms: number): void {
    if (!this.recording) return;
    this.fanout.push(ms);
    this.rounds++;
  }

  committed(): void {
    if (this.recording) this.commits++;
  }

  retried(): void {
    this.retries++;
  }

  reconnected(): void {
    this.reconnects++;
  }

  /** Errors count inside and outside the window: setup failures are failures too. */
  error(kind: string): void {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }

  errorCounts(): ErrorCounts {
    return { ...this.errors };
  }

  /**
   * Adds the JSON size of a message that arrived as an object, for about one message in SIZE_SAMPLE_EVERY: a random
   * sample keeps the average fair while sparing the load process a serialization of every message it receives.
   */
  sizeOf(kind: 'ack' | 'update', msg: unknown): void {
    if (Math.random() * SIZE_SAMPLE_EVERY < 1) this.size(kind, JSON.stringify(msg).length);
  }

  size(kind: 'command' | 'ack' | 'update', chars: number): void {
    const s = this.sizes[kind];
    s[0] = (s[0] ?? 0) + chars;
    s[1] = (s[1] ?? 0) + 1;
  }

  /** Closes the window and summarizes it. */
  finish(): RoundsResult {
    this.recording = false;
    const cpu = process.cpuUsage();
    const avg = (s: number[]) => Math.round((s[0] ?? 0) / Math.max(1, s[1] ?? 0));
    return {
      windowMs: performance.now() - this.startedAt,
      commits: this.commits,
      rounds: this.rounds,
      declareRtt: percentiles(this.declareRtt),
      fanout: percentiles(this.fanout),
      bytes: { command: avg(this.sizes.command), ack: avg(this.sizes.ack), update: avg(this.sizes.update) },
      errors: this.errorCounts(),
      reconnects: this.reconnects,
      retries: this.retries,
      cpuMicros: cpu.user + cpu.system - this.startCpu,
    };
  }
}
