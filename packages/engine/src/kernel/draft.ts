import { create, current, isDraft } from 'mutative';

/**
 * The one way rules change state: a handler edits a draft of it (mutative), and only the parts it touched are
 * copied into the next state; the rest is shared with the input, which is never changed. A refused command drops
 * its draft, so nothing it did before refusing survives. Chosen on the kernel benchmark (bench/kernel-apply.ts)
 * over a deep copy per command.
 */
export function draftOf<S extends object>(state: S): { draft: S; finish(): S } {
  const [draft, finalize] = create(state, { enableAutoFreeze: false });
  return { draft: draft as S, finish: () => finalize() as S };
}

/**
 * `value` as plain data, as it is now: drafts inside it are read out, so an event keeps what it said when it was
 * made even if the handler changes the same objects afterwards. Plain parts come back as they are.
 */
export function plain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (isDraft(value)) return current(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = plain(item);
      if (next === item) return;
      out ??= [...value];
      out[i] = next;
    });
    return (out ?? value) as T;
  }
  let out: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const next = plain(item);
    if (next === item) continue;
    out ??= { ...(value as Record<string, unknown>) };
    out[key] = next;
  }
  return (out ?? value) as T;
}
