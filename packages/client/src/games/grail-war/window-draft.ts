import type { GwView } from '@veiltable/protocol/games/grail-war';
import { judgmentOf, type BatchPlan, type Choice } from './model.ts';
import { partnerOf } from './plan-draft.ts';

type Battle = NonNullable<GwView['battle']>;
type Character = GwView['characters'][number];
type Judgment = Extract<BatchPlan['slots'][number], { type: 'play' }>['vs'][string];
export type SealKind = 'actionRestriction' | 'forcedAttack' | 'absoluteDefense' | 'defenseStanceHeal' | 'npBoost';

/** What a master's post-reveal seal choices depend on (mirrors the engine's checkWindow, GW-BATTLE-11). */
export type WindowContext = {
  servant: string | null;
  sealsLeft: number;
  rules: '001' | '000';
  plan: BatchPlan | null;
  pool: Record<string, number>;
  noConsume: boolean;
  seals: SealKind[];
};

/** A judgment cell of the servant's revealed plan (slot is 1..5). */
export type PlanCell = { slot: number; opponent: string; judgment: Judgment };

/** Builds the window context for this master from the view. */
export function windowContext(view: GwView, battle: Battle, me: Character): WindowContext {
  const o = view.options;
  const servant = me.kind === 'master' ? partnerOf(view, me) : undefined;
  const sp = servant ? battle.participants.find((p) => p.id === servant.id) : undefined;
  const plan = servant && battle.plans ? (battle.plans[servant.id] ?? null) : null;
  const seals: SealKind[] = [];
  const restrictionOpen = o.actionRestrictionWindow === 'everyBatch' || battle.batch === 1;
  const ctx: WindowContext = {
    servant: servant?.id ?? null,
    sealsLeft: me.sheet?.kind === 'master' ? (me.sheet.sealsLeft ?? 0) : 0,
    rules: o.sealRules,
    plan,
    pool: sp?.private?.pool ?? {},
    noConsume: sp?.private?.noConsume ?? false,
    seals,
  };
  if (plan && restrictionOpen && planCells(plan).some((c) => swapChoices(ctx, c.slot, c.opponent).length > 0)) seals.push('actionRestriction');
  if (o.sealRules === '001' || (plan && planCells(plan).some((c) => forcedTargets(ctx, c.slot).length > 0))) seals.push('forcedAttack');
  seals.push('absoluteDefense');
  // SEAL-05: the mid-battle heal exists under 000 or when the GM turns the variant on.
  if (o.sealDefenseMidBattleHeal || o.sealRules === '000') seals.push('defenseStanceHeal');
  // SEAL-04: only a master fighting in the battle boosts its servant's revealed 보구.
  const fighting = battle.participants.some((p) => p.id === me.id);
  if (fighting && boostCells(ctx).length > 0) seals.push('npBoost');
  return ctx;
}

/** Every judgment cell of a plan's play slots. */
export function planCells(plan: BatchPlan): PlanCell[] {
  return plan.slots.flatMap((s, i) => (s.type === 'play' ? Object.entries(s.vs).map(([opponent, judgment]) => ({ slot: i + 1, opponent, judgment })) : []));
}

const keyOfJudgment = (j: Judgment): string | null => (j.card === 'wait' || j.card === 'oneHitKill' || j.card === 'arcane' ? null : j.card === 'np' ? `np:${j.np}` : j.card);

function demand(plan: BatchPlan): Record<string, number> {
  const need: Record<string, number> = {};
  const add = (k: string | null | undefined) => {
    if (k) need[k] = (need[k] ?? 0) + 1;
  };
  for (const s of plan.slots) {
    if (s.type === 'support') add(s.mode === 'magic' ? 'magecraft' : s.card);
    else if (s.type === 'play') for (const j of Object.values(s.vs)) add(keyOfJudgment(j));
  }
  return need;
}

/**
 * SEAL-10 (행동 제한): the basic judgments the servant's judgment in this slot may be swapped to: its own card kinds
 * (no 보구, 일격 필살, 비전 마술, no riders), with the replaced card returned and the batch still fitting the pool.
 */
export function swapChoices(ctx: WindowContext, slot: number, opponent: string): Choice[] {
  const s = ctx.plan?.slots[slot - 1];
  if (!s || s.type !== 'play' || !Object.hasOwn(s.vs, opponent) || s.vs[opponent]!.card === 'arcane') return [];
  const candidates: Choice[] = [];
  for (const key of ['smash', 'counter', 'rush', 'critical', 'defense']) if ((ctx.pool[key] ?? 0) > 0) candidates.push(key);
  for (const key of ['magecraft', 'skill']) if ((ctx.pool[key] ?? 0) > 0) for (const a of ['smash', 'counter', 'rush']) candidates.push(`${key}:${a}`);
  return candidates.filter((c) => {
    const swapped = structuredClone(ctx.plan!);
    (swapped.slots[slot - 1] as { vs: Record<string, Judgment> }).vs[opponent] = judgmentOf(c);
    const need = demand(swapped);
    return Object.entries(need).every(([k, n]) => (ctx.noConsume ? (ctx.pool[k] ?? 0) >= 1 : (ctx.pool[k] ?? 0) >= n));
  });
}

/** SEAL-07 under 000 targets one <일반> or <기술> judgment of a slot; under 001 it needs no opponent. */
export function forcedTargets(ctx: WindowContext, slot: number): string[] {
  const s = ctx.plan?.slots[slot - 1];
  if (!s || s.type !== 'play') return [];
  return Object.entries(s.vs)
    .filter(([, j]) => ['smash', 'counter', 'rush', 'skill'].includes(j.card))
    .map(([o]) => o);
}

/** Slots (1..5) where SEAL-07 can be declared. */
export function forcedSlots(ctx: WindowContext): number[] {
  return [1, 2, 3, 4, 5].filter((n) => ctx.rules === '001' || forcedTargets(ctx, n).length > 0);
}

/** SEAL-04: the servant's revealed 보구 judgments, one seal each. */
export function boostCells(ctx: WindowContext): PlanCell[] {
  return ctx.plan ? planCells(ctx.plan).filter((c) => c.judgment.card === 'np') : [];
}

/** Plan cells SEAL-10 can swap. */
export function swapCells(ctx: WindowContext): PlanCell[] {
  return ctx.plan ? planCells(ctx.plan).filter((c) => swapChoices(ctx, c.slot, c.opponent).length > 0) : [];
}
