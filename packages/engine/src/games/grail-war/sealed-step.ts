import type { Sealed, SealedReveal } from '../../kernel/sealed.ts';
import { revealSealed } from '../../kernel/sealed.ts';
import { copyOf } from './context.ts';
import type { Battle } from './state.ts';

/** The battle's three sealed steps (GW-HIDE-D3/D4/D5) by the key that holds each. */
type Steps = { prebattle: Battle['prebattle']; submission: NonNullable<Battle['submission']>; window: NonNullable<Battle['window']> };
type AnswerOf<S> = S extends Sealed<infer A> ? A : never;

/**
 * Reveals one open sealed step of the battle: every answer and salt at once, so anyone can check the commitments.
 * The kernel's revealSealed copies each answer with structuredClone, which a draft does not survive, and closes the
 * step in place, so it reveals a copy of the step, which then takes the draft's place.
 */
export function revealStep<K extends keyof Steps>(battle: Battle, key: K): SealedReveal<AnswerOf<Steps[K]>>[] {
  const step = battle[key] as Steps[K] | null;
  if (!step) throw new Error(`grail-war: no ${key} step to reveal`);
  const copy = copyOf(step);
  const revealed = revealSealed(copy as Sealed<AnswerOf<Steps[K]>>);
  if (!revealed.ok) throw new Error(`grail-war: ${key} already revealed`);
  (battle as Record<K, Steps[K]>)[key] = copy;
  return revealed.value;
}
