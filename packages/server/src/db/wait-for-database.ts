import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pRetry from 'p-retry';
import { guarded, isOutage } from './outage.ts';

export type WaitOptions = {
  /** Give up after this long (0: one attempt). */
  maxWaitMs: number;
  /** Told about every failed attempt, so an operator sees why start-up is waiting. */
  log(line: string): void;
};

/**
 * Resolves once the database answers a query, trying again with exponential back-off (0.25 s doubling to 5 s) while
 * it is unreachable: a server started together with its database (docker compose, a reboot) waits for it instead of
 * exiting. Errors that waiting cannot cure (bad password, no such database) fail at once.
 */
export async function waitForDatabase(db: Kysely<any>, opts: WaitOptions): Promise<void> {
  const started = Date.now();
  await pRetry(() => guarded('database check', () => sql`select 1`.execute(db)), {
    retries: Number.POSITIVE_INFINITY,
    maxRetryTime: opts.maxWaitMs,
    minTimeout: 250,
    maxTimeout: 5_000,
    factor: 2,
    randomize: false,
    shouldRetry: ({ error }) => isOutage(error),
    onFailedAttempt: ({ error, attemptNumber, retryDelay }) => {
      const waited = ((Date.now() - started) / 1000).toFixed(1);
      const next = retryDelay > 0 && isOutage(error) ? `; trying again in ${(retryDelay / 1000).toFixed(1)} s` : '';
      opts.log(`database check ${attemptNumber} failed after ${waited} s: ${error.message}${next}`);
    },
  });
}
