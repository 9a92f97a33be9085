import type { GrailWarOptions } from './options.ts';
import type { MasterSheet } from './sheets.ts';

/** GW-SPEC-05 신념 (conviction) spent before a battle: what it gives the master in HP/MP, damage and resistance. */

/**
 * SPEC-05 under `000`: 000 gives only the specialization, not what one point gives (GAP), so the base is the room's
 * (`conviction000HpMp`, `conviction000Damage`). 000's specialization lets the boost be used up to 3 times at once
 * ("최대 3회까지 중복해 사용"), so n points give n times the base; the ×2 on cards and limit does not compound
 * (INFERRED, as in SPEC-05).
 */
type Rules = Pick<GrailWarOptions, 'convictionRule' | 'conviction000HpMp' | 'conviction000Damage'>;

/** SPEC-05: the HP/MP a master gains from spending n 신념. */
export function convictionHpMp(specialized: boolean, n: number, o: Rules): number {
  if (n <= 0) return 0;
  if (o.convictionRule === '000') return o.conviction000HpMp * n;
  if (!specialized) return o.convictionRule === '001old' ? 20 : 10;
  return (o.convictionRule === '001old' ? 30 : 20) + 10 * (n - 1);
}

/** SPEC-05: the damage bonus on the master's own judgments from n 신념. */
export function convictionDamage(specialized: boolean, n: number, o: Rules): number {
  if (n <= 0) return 0;
  if (o.convictionRule === '000') return o.conviction000Damage * n;
  if (!specialized) return o.convictionRule === '001old' ? 2 : 1;
  return (o.convictionRule === '001old' ? 4 : 2) + (n - 1);
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
