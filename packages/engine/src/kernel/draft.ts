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
 * `value` as plain data, as it is now: a copy of what the handler made, and drafts read out, so an event keeps what
 * it said when it was made even if the handler changes the same objects afterwards. What a draft did not change
 * stays shared with the input state, which nothing changes.
 */
export function plain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (isDraft(value)) return current(value);
  if (Array.isArray(value)) return value.map(plain) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = plain((value as Record<string, unknown>)[key]);
  return out as T;
}
