import type { Result } from '../../kernel/result.ts';
import { err } from '../../kernel/result.ts';
import type { BatchPlan, Judgment, SlotPlan } from './commands.ts';
import { done } from './context.ts';
import { rankPlus } from './grades.ts';
import type { Pool } from './pool.ts';
import type { Battle, Character, GrailWarState, Participant } from './state.ts';
import { SLOTS, characterOf, participantOf } from './state.ts';
import { checkPassToMaster } from './trust-pass.ts';

/** The stat a card kind draws on, for + (MERIT-01/06). */
export const STAT_OF = { smash: 'str', counter: 'end', rush: 'agi', critical: 'luk', magecraft: 'mag' } as const;

/** The pool key a judgment spends, or null for 대기 and the merit-paid specials. */
export function judgmentKey(j: Judgment): string | null {
  if (j.card === 'wait' || j.card === 'oneHitKill' || j.card === 'arcane') return null;
  return j.card === 'np' ? `np:${j.np}` : j.card;
}

/**
 * GW-BATTLE-07 / CLASS-01: what one slot of a plan consumes. In a melee one card per opponent, except that a
 * Berserker presenting the same judgment to every opponent spends one (`berserkerSingleConsumption`).
 */
export function slotDemand(slot: SlotPlan, berserkerSingle: boolean): Record<string, number> {
  const need: Record<string, number> = {};
  const add = (k: string | null, n = 1) => {
    if (k) need[k] = (need[k] ?? 0) + n;
  };
  if (slot.type === 'withdraw') return need;
  if (slot.type === 'support') {
    add(slot.mode === 'magic' ? 'magecraft' : (slot.card ?? null));
    return need;
  }
  const judgments = Object.values(slot.vs);
  const keys = judgments.map(judgmentKey);
  // The same judgment: a 마술 or 기술 card played as two different aspects is two judgments, two cards.
  const same = keys[0] !== null && judgments.every((j, i) => keys[i] === keys[0] && j.aspect === judgments[0]!.aspect);
  if (berserkerSingle && keys.length > 1 && same) add(keys[0]!);
  else for (const k of keys) add(k);
  return need;
}

export function isBerserkerSingle(state: GrailWarState, id: string): boolean {
  const sheet = characterOf(state, id)?.sheet;
  return state.options.berserkerSingleConsumption && sheet?.kind === 'servant' && sheet.className === 'berserker';
}

/** Non-wait judgments in a slot, for a master's judgment limit (SPEC-05 / BATTLE-06). */
export function slotJudgments(slot: SlotPlan): number {
  if (slot.type === 'support') return 1;
  if (slot.type === 'withdraw') return 0;
  return Object.values(slot.vs).filter((j) => j.card !== 'wait').length;
}

/** Checks a whole batch plan for a participant: shape, cards, riders, pool, limit, MP and merit (GW-BATTLE-10). */
export function checkPlan(state: GrailWarState, battle: Battle, me: Character, p: Participant, engaged: string[], plan: BatchPlan): Result<void> {
  if (plan.slots.length !== SLOTS) return err('BAD_SLOT_COUNT', 'GW-BATTLE-09');
  const sheet = me.sheet;
  let merit = 0;
  let mpCost = 0;
  let fate = 0;
  let ohk = 0;
  const need: Record<string, number> = {};
  for (let i = 0; i < SLOTS; i++) {
    const slot = plan.slots[i]!;
    if (slot.type === 'withdraw') {
      // Everything after a withdrawal is moot; only the first one counts.
    } else if (slot.type === 'support') {
      const s = checkSupport(battle, me, p, slot);
      if (!s.ok) return s;
    } else {
      const keys = Object.keys(slot.vs);
      if (keys.length !== engaged.length || !engaged.every((e) => Object.hasOwn(slot.vs, e))) return err('MUST_FACE_EVERY_OPPONENT', 'GW-BATTLE-M1');
      for (const j of Object.values(slot.vs)) {
        const c = checkJudgment(me, j);
        if (!c.ok) return c;
        if (j.toMaster) {
          const t = checkPassToMaster(state, me);
          if (!t.ok) return t;
        }
        if (j.plus) merit += 2;
        if (j.fate) fate += 1;
        if (j.card === 'np') {
          const np = sheet.kind === 'servant' ? sheet.noblePhantasms.find((n) => n.id === j.np) : undefined;
          mpCost += np?.mpCost ?? 0;
        }
        if (j.card === 'oneHitKill') ohk += 1;
      }
      const arcane = Object.values(slot.vs).filter((j) => j.card === 'arcane').length;
      if (arcane > 0 && arcane !== keys.length) return err('ARCANE_FACES_ALL', 'GW-BATTLE-16');
    }
    for (const [k, n] of Object.entries(slotDemand(slot, isBerserkerSingle(state, me.id)))) need[k] = (need[k] ?? 0) + n;
  }
  const arcaneSlots = plan.slots.map((s) => s.type === 'play' && Object.values(s.vs).some((j) => j.card === 'arcane'));
  const arcaneCount = arcaneSlots.filter(Boolean).length;
  if (arcaneCount > 0) {
    // 비전 마술 takes 3 consecutive slots in one batch, once per battle (SPEC-02, BATTLE-10).
    const start = arcaneSlots.indexOf(true);
    if (arcaneCount !== 3 || !arcaneSlots[start + 1] || !arcaneSlots[start + 2]) return err('ARCANE_THREE_SLOTS', 'GW-BATTLE-10');
    if (p.arcaneUsed) return err('ONCE_PER_BATTLE', 'GW-SPEC-02');
    merit += 5;
  }
  if (ohk > 0) {
    if (ohk > 1 || p.oneHitKillUsed) return err('ONCE_PER_BATTLE', 'GW-SPEC-01');
    merit += 3;
  }
  for (const s of plan.activatePlus) {
    if (sheet.kind !== 'servant' || rankPlus(sheet.stats[s]) === 0) return err('NO_PLUS_ON_STAT', 'GW-MERIT-01');
    if (p.plus.includes(s) || plan.activatePlus.filter((x) => x === s).length > 1) return err('DUPLICATE_PLUS', 'GW-MERIT-01');
    merit += 2;
  }
  if (sheet.merit < merit) return err('NOT_ENOUGH_MERIT', 'GW-MERIT-06');
  if (sheet.mp.current < mpCost) return err('NOT_ENOUGH_MP', 'GW-SEAL-04');
  if (fate > 0) {
    if (sheet.kind !== 'master' || !sheet.specializations.includes('fate')) return err('NO_FATE_SPECIALIZATION', 'GW-SPEC-04');
    if (p.fateUsed + fate > 3 || sheet.fate.current < fate) return err('FATE_LIMIT', 'GW-SPEC-04');
  }
  const pool = poolCheck(p.pool, need, p.noConsume);
  if (!pool.ok) return pool;
  const judgments = plan.slots.reduce((n, s) => n + slotJudgments(s), 0);
  if (p.limit !== null && p.used + judgments > p.limit) return err('JUDGMENT_LIMIT', 'GW-SPEC-05');
  return done;
}

/** Whether the pool covers a demand; with nothing consumed (SEAL-03 001) one card of a kind is enough. */
export function poolCheck(pool: Pool, need: Record<string, number>, noConsume: boolean): Result<void> {
  for (const [k, n] of Object.entries(need)) {
    const have = pool[k] ?? 0;
    if (noConsume ? have < 1 : have < n) return err('POOL_EMPTY', 'GW-BATTLE-07', k);
  }
  return done;
}

/** Checks one judgment's card against the character kind and its riders (GW-BATTLE-04/10, MERIT-06, SPEC-01/02/04). */
export function checkJudgment(me: Character, j: Judgment): Result<void> {
  const sheet = me.sheet;
  const servantOnly = ['smash', 'counter', 'rush', 'critical', 'defense', 'skill', 'np'];
  if (servantOnly.includes(j.card) && sheet.kind !== 'servant') return err('NOT_A_SERVANT_CARD', 'GW-BATTLE-04');
  if ((j.card === 'normal' || j.card === 'oneHitKill' || j.card === 'arcane') && sheet.kind !== 'master') return err('NOT_A_MASTER_CARD', 'GW-BATTLE-04');
  const needsAspect = j.card === 'magecraft' || j.card === 'skill' || j.card === 'normal';
  if (needsAspect !== (j.aspect !== undefined)) return err('ASPECT', 'GW-BATTLE-10');
  if (j.card === 'np') {
    if (sheet.kind !== 'servant' || !sheet.noblePhantasms.some((n) => n.id === j.np)) return err('NO_SUCH_NP', 'GW-BATTLE-04');
  } else if (j.np !== undefined) return err('NP_RIDER', 'GW-SEAL-04');
  // SEAL-04: a seal is the master's to spend; it boosts a revealed NP in the window (window.ts), not from a plan.
  if (j.boost) return err('BOOST_IS_THE_MASTERS', 'GW-SEAL-04');
  if (j.card === 'oneHitKill' && (sheet.kind !== 'master' || !sheet.specializations.includes('combat'))) return err('NO_COMBAT_SPECIALIZATION', 'GW-SPEC-01');
  if (j.card === 'arcane' && (sheet.kind !== 'master' || !sheet.specializations.includes('magic'))) return err('NO_MAGIC_SPECIALIZATION', 'GW-SPEC-02');
  if (j.plus) {
    // MERIT-06: not for 보구 or 행운 cards, and only for a stat without its own "+".
    const stat = (STAT_OF as Record<string, 'str' | 'end' | 'agi' | 'luk' | 'mag' | undefined>)[j.card];
    if (sheet.kind !== 'servant' || !stat || j.card === 'critical') return err('PLUS_NOT_ALLOWED', 'GW-MERIT-06');
    if (rankPlus(sheet.stats[stat]) > 0) return err('STAT_HAS_PLUS', 'GW-MERIT-06');
  }
  if (j.fate && j.card !== 'normal') return err('FATE_ON_NORMAL_ONLY', 'GW-SPEC-04');
  return done;
}

function checkSupport(battle: Battle, me: Character, p: Participant, s: SlotPlan & { type: 'support' }): Result<void> {
  const ally = participantOf(battle, s.ally);
  if (!ally || ally.id === p.id || ally.side !== p.side || ally.status !== 'standing') return err('BAD_ALLY', 'GW-SUP-01');
  if (!participantOf(battle, s.opponent) || participantOf(battle, s.opponent)!.side === p.side) return err('BAD_OPPONENT', 'GW-SUP-01');
  if (s.mode === 'physical') {
    const ok = me.sheet.kind === 'master' ? s.card === 'normal' && s.aspect !== undefined : s.card !== undefined && s.card !== 'normal' && s.aspect === undefined;
    if (!ok) return err('BAD_SUPPORT_CARD', 'GW-SUP-01');
  } else if (s.card !== undefined || s.aspect !== undefined) return err('BAD_SUPPORT_CARD', 'GW-SUP-01');
  return done;
}
