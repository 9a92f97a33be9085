import { readFileSync } from 'node:fs';

/** The machine's CPU time so far, all cores together, in clock ticks (Linux `/proc/stat`). */
export type MachineCpu = { busy: number; total: number };

/** Undefined where the platform does not tell it. */
export function machineCpu(): MachineCpu | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  } catch {
    return undefined;
  }
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": guest time is already inside user.
  const ticks = line?.startsWith('cpu ') ? line.trim().split(/\s+/).slice(1, 9).map(Number) : [];
  if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return undefined;
  const total = ticks.reduce((a, t) => a + t, 0);
  const idle = ticks[3]! + ticks[4]!;
  return { busy: total - idle, total };
}

/** The share of every core's time that was busy between two readings (0..1). */
export function busyShare(from: MachineCpu | undefined, to: MachineCpu | undefined): number | undefined {
  if (!from || !to || to.total <= from.total) return undefined;
  return (to.busy - from.busy) / (to.total - from.total);
}
