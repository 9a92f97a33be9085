/** The clock of every bucket that is given none: one function for all, not one per bucket. */
const monotonic = () => performance.now();

/** Token bucket: `burst` messages at once, refilled at `perSecond`. The clock is injectable for tests. */
export class TokenBucket {
  private readonly burst: number;
  private readonly perMs: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  constructor(opts: { burst: number; perSecond: number; now?: () => number }) {
    this.burst = opts.burst;
    this.perMs = opts.perSecond / 1000;
    this.now = opts.now ?? monotonic;
    this.tokens = opts.burst;
    this.last = this.now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (t - this.last) * this.perMs);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Rejections in a row after which a socket is treated as abusive and dropped. */
export const MAX_REJECTIONS_IN_A_ROW = 100;
