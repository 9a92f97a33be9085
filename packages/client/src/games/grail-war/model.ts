import type { Viewer } from '@veiltable/protocol';
import type { GwCommand, GwView } from '@veiltable/protocol/games/grail-war';

type Battle = NonNullable<GwView['battle']>;
type Judgment = Extract<GwCommand, { type: 'battle.submit' }>['plan']['slots'][number] extends infer S
  ? S extends { type: 'play'; vs: Record<string, infer J> }
    ? J
    : never
  : never;
export type BatchPlan = Extract<GwCommand, { type: 'battle.submit' }>['plan'];

/** A judgment as the phone's picker names it: 'wait', a pool key ('smash', 'np:<id>'), or key:aspect for 마술/기술/일반. */
export type Choice = string;

const ASPECTS = ['smash', 'counter', 'rush'] as const;
const NEEDS_ASPECT = new Set(['magecraft', 'skill', 'normal']);

/** The pool key a choice draws from (GW-BATTLE-07), or null for 대기. */
export function keyOf(choice: Choice): string | null {
  if (choice === 'wait') return null;
  if (choice.startsWith('np:')) return choice;
  return choice.split(':')[0]!;
}

/** The wire judgment for a choice. */
export function judgmentOf(choice: Choice): Judgment {
  if (choice === 'wait') return { card: 'wait' };
  if (choice.startsWith('np:')) return { card: 'np', np: choice.slice(3) };
  const [card, aspect] = choice.split(':') as [Judgment['card'], (typeof ASPECTS)[number] | undefined];
  return aspect ? { card, aspect } : { card };
}

/** Every choice a pool offers at all: 대기 first, then each key with cards, 마술/기술/일반 once per aspect. */
export function allChoices(pool: Record<string, number>): Choice[] {
  const out: Choice[] = ['wait'];
  for (const [key, n] of Object.entries(pool)) {
    if (n <= 0) continue;
    if (NEEDS_ASPECT.has(key)) for (const a of ASPECTS) out.push(`${key}:${a}`);
    else out.push(key);
  }
  return out;
}

/** Cards of each key left once the picks are made; under SEAL-03 001 nothing is consumed. */
export function remaining(pool: Record<string, number>, picks: readonly Choice[], noConsume = false): Record<string, number> {
  const left = { ...pool };
  if (noConsume) return left;
  for (const c of picks) {
    const k = keyOf(c);
    if (k !== null) left[k] = (left[k] ?? 0) - 1;
  }
  return left;
}

/**
 * The legal choices for one cell: those whose key still has a card once every other cell's pick is counted (so the
 * picker never offers what the pool cannot pay). The cell's own current pick stays legal.
 */
export function legalChoices(pool: Record<string, number>, picks: readonly Choice[], cell: number, noConsume = false): Choice[] {
  const others = picks.filter((_, i) => i !== cell);
  const left = remaining(pool, others, noConsume);
  return allChoices(pool).filter((c) => {
    const k = keyOf(c);
    return k === null || (left[k] ?? 0) > 0;
  });
}

/** Five slots against every engaged opponent, from a grid of picks (slot-major: picks[slot * n + opponent]). */
export function planOf(engaged: readonly string[], picks: readonly Choice[]): BatchPlan {
  const slots = Array.from({ length: 5 }, (_, s) => ({
    type: 'play' as const,
    vs: Object.fromEntries(engaged.map((o, i) => [o, judgmentOf(picks[s * engaged.length + i] ?? 'wait')])),
  }));
  return { slots, activatePlus: [] };
}

/** The character this viewer plays, if any. */
export function myCharacter(view: GwView, viewer: Viewer): GwView['characters'][number] | undefined {
  return viewer.role === 'player' ? view.characters.find((c) => c.seat === viewer.seat) : undefined;
}

/** The participant entry, by id. */
export function participant(battle: Battle, id: string): Battle['participants'][number] | undefined {
  return battle.participants.find((p) => p.id === id);
}

/** The display name of a character: alias or master name; the id if this viewer has no roster. */
export function nameOf(view: GwView, id: string): string {
  return view.characters.find((c) => c.id === id)?.name ?? id;
}
