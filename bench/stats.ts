/** Latency summary in milliseconds; `n` is how many samples it was made from. */
export type Percentiles = { n: number; p50: number; p95: number; p99: number; max: number };

/** Nearest-rank percentiles of a sample; zeros (with n = 0) for an empty one, so a report still prints. */
export function percentiles(samples: readonly number[]): Percentiles {
  if (samples.length === 0) return { n: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

/** Adds two latency summaries quantile by quantile: an upper bound on the quantiles of the sum of both delays. */
export function addPercentiles(a: Percentiles, b: Percentiles): Percentiles {
  return { n: Math.min(a.n, b.n), p50: a.p50 + b.p50, p95: a.p95 + b.p95, p99: a.p99 + b.p99, max: a.max + b.max };
}

/** A uniform random integer in [0, max]; think times are drawn from it. */
export function uniformMs(max: number): number {
  return Math.floor(Math.random() * (max + 1));
}

/** Runs `work` over `items` with at most `limit` in flight; used to pace setup so it does not look like an attack. */
export async function withLimit<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
