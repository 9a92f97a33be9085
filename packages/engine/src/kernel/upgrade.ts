/**
 * Building blocks for Game.upgrade: a saved state is plain JSON, and an upgrade adds what an older version did not
 * store. Each helper returns its input itself when nothing was missing, so an up-to-date state passes through whole
 * (same objects, no copies) and an old one is copied only along the paths that changed. Inputs are never modified.
 */

/** `value` with each key of `fill` that it lacks; `value` itself when it lacks none. */
export function withMissing<T extends object>(value: T, fill: Partial<T>): T {
  let out: T | undefined;
  for (const key of Object.keys(fill) as (keyof T)[]) {
    if (key in value) continue;
    out ??= { ...value };
    out[key] = fill[key] as T[keyof T];
  }
  return out ?? value;
}

/** The list with `f` applied to each item; the same list when `f` returned every item itself (so each is a U). */
export function mapKeeping<T, U>(list: T[], f: (item: T) => U): U[] {
  let out: U[] | undefined;
  list.forEach((item, i) => {
    const next = f(item);
    if (next === (item as unknown)) return;
    out ??= [...(list as unknown as U[])];
    out[i] = next;
  });
  return out ?? (list as unknown as U[]);
}

/** The record with `f` applied to each value; the same record when `f` returned every value itself (so each is a U). */
export function mapValuesKeeping<T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> {
  let out: Record<string, U> | undefined;
  for (const [key, value] of Object.entries(record)) {
    const next = f(value);
    if (next === (value as unknown)) continue;
    out ??= { ...(record as unknown as Record<string, U>) };
    out[key] = next;
  }
  return out ?? (record as unknown as Record<string, U>);
}
