import type { ResyncRequest, ResyncResult } from './messages.ts';

/** One stack under load, as the load process sees it. Every driver plays the same sealed rounds. */
export interface Driver {
  /** Creates the rooms and connects every socket; resolves with the number of sockets. */
  setup(): Promise<number>;
  /** Every room starts cycling: open, every player declares after a think time, reveal, next. */
  startRounds(): void;
  /** Stops opening new rounds and waits, bounded, for the rounds in flight. */
  stopRounds(): Promise<void>;
  /** Drops sockets, reconnects them with their last seq, and compares with fresh connects. */
  resync?(req: ResyncRequest): Promise<ResyncResult>;
  close(): Promise<void>;
}

/** A round that has not revealed after this long is counted as an error and restarted. */
export const ROUND_TIMEOUT_MS = 15_000;
/** Bound on waiting for in-flight rounds when the window closes. */
export const DRAIN_TIMEOUT_MS = 10_000;
/** Sockets opened at once during setup, so the handshake storm stays realistic for a loopback test. */
export const CONNECT_PARALLEL = 64;

/** Resolves when `done()` turns true (polled), or after `timeoutMs`; tells which. */
export async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** A reply text of answer size: random so nothing compresses or caches better than real play. */
export function answerText(): string {
  return `${Math.random().toString(36).slice(2)} ${Math.random().toString(36).slice(2)}`;
}
