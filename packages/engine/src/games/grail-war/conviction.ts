import type { MasterSheet } from './sheets.ts';

/** GW-SPEC-05 신념 (conviction) spent before a battle: what it gives the master in HP/MP, damage and resistance. */

/**
 * SPEC-05 under `000`: 000 gives only the specialization; the base of one point is the pre-001 rule that 001 #18
 * quotes as 기존 (HP/MP +20, damage +2, cards and limit ×2). 000's specialization lets that boost stack up to 3
 * times, so n points give n times the base; the ×2 on cards and limit does not compound (INFERRED, as in SPEC-05).
 */
const BASE_000 = { hpMp: 20, damage: 2 };

/** SPEC-05: the HP/MP a master gains from spending n 신념. */
export function convictionHpMp(specialized: boolean, n: number, rule: string): number {
  if (n <= 0) return 0;
  if (rule === '000') return BASE_000.hpMp * n;
  if (!specialized) return rule === '001old' ? 20 : 10;
  return (rule === '001old' ? 30 : 20) + 10 * (n - 1);
}

/** SPEC-05: the damage bonus on the master's own judgments from n 신념. */
export function convictionDamage(specialized: boolean, n: number, rule: string): number {
  if (n <= 0) return 0;
  if (rule === '000') return BASE_000.damage * n;
  if (!specialized) return rule === '001old' ? 2 : 1;
  return (rule === '001old' ? 4 : 2) + (n - 1);
}

/** SPEC-05 old specialization: incoming damage reduction. */
export function convictionReduction(specialized: boolean, n: number, rule: string): number {
  return rule === '001old' && specialized && n > 0 ? n : 0;
}

/**
 * SPEC-05 000 specialization: "damage that can be resisted while chanting = remaining 신념 × 3". Chanting is the
 * master's own 마술 in that slot (a card or a magic support, INFERRED); without the specialization the base amount is
 * not given (GAP), so nothing is resisted.
 */
export function chantResistance(m: MasterSheet, rule: string): number {
  return rule === '000' && m.specializations.includes('conviction') ? 3 * m.conviction.current : 0;
}
