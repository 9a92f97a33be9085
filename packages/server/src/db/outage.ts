import pTimeout from 'p-timeout';
import type { Store } from './store.ts';
import { StoreUnavailable } from './store.ts';

/** How long a store call may take before it is given up as an outage: above the server's statement timeout. */
export const STORE_DEADLINE_MS = 8_000;

/** postgres.js's own connection failures, and Node's socket errors beneath them. */
const DRIVER_CODES: ReadonlySet<string> = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say the server could not serve the request, not that the request was wrong: connection
 * exceptions (08), shutdown and cancellation (57: a statement timeout is 57014), insufficient resources (53),
 * an idle transaction ended by the server (25P03).
 */
const OUTAGE_SQLSTATE = /^(08...|57...|53...|25P03)$/;

/** True when an error from the database layer is an outage (retry later) rather than a fault of the request. */
export function isOutage(e: unknown): boolean {
  if (e instanceof StoreUnavailable) return true;
  if (typeof e !== 'object' || e === null) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (DRIVER_CODES.has(code) || OUTAGE_SQLSTATE.test(code))) return true;
  // Node's aggregate error for a host with several addresses, all refused.
  if (e instanceof AggregateError) return e.errors.some(isOutage);
  return false;
}

/**
 * Runs one store operation with a deadline, turning outages into StoreUnavailable. The deadline covers what no
 * server-side timeout can: a request the server never received or whose answer never arrives. Other errors
 * (VersionConflict, a constraint, a bug) pass through unchanged.
 */
export async function guarded<T>(what: string, operation: () => Promise<T>, deadlineMs = STORE_DEADLINE_MS): Promise<T> {
  try {
    return await pTimeout(operation(), {
      milliseconds: deadlineMs,
      // Made only when the deadline passes: an error per call would cost its stack trace on every query.
      fallback: () => Promise.reject(new StoreUnavailable(`${what}: no answer from the database within ${deadlineMs} ms`)),
    });
  } catch (e) {
    if (e instanceof StoreUnavailable || !isOutage(e)) throw e;
    throw new StoreUnavailable(`${what}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** The store with every operation but close() run through `guarded`. */
export function guardedStore(store: Store, deadlineMs = STORE_DEADLINE_MS): Store {
  const out: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(store) as [keyof Store, (...args: unknown[]) => Promise<unknown>][]) {
    out[name] = name === 'close' ? method : (...args: unknown[]) => guarded(name, () => method(...args), deadlineMs);
  }
  return out as unknown as Store;
}
