import type { SuccessLevel } from '@veiltable/protocol';

/**
 * RuneQuest 3 success levels for a D100 roll against a chance E (COT-DIE-02, the RQ3 "Skill Results" table).
 * The same order and ranges as BCDice's RuneQuestRoleplayingInGlorantha `get_roll_result`.
 */

/** The top of each band for a chance: criticals are 01..critical, specials 01..special, fumbles fumbleFrom..00. */
export type D100Ranges = { critical: number; special: number; fumbleFrom: number };

// RQ3 Player's Book p.33: "fractions .5 or greater are rounded up".
const roundHalfUp = (x: number): number => Math.floor(x + 0.5);

/** The critical, special and fumble ranges for a chance E, as the RQ3 table gives them (COT-DIE-02). */
export function d100Ranges(chance: number): D100Ranges {
  if (!Number.isFinite(chance)) throw new Error(`d100Ranges: chance must be finite, got ${chance}`);
  const critical = Math.max(1, roundHalfUp(chance / 20));
  const special = Math.max(1, roundHalfUp(chance / 5));
  const fumbleCount = Math.max(1, roundHalfUp((100 - chance) / 20));
  return { critical, special, fumbleFrom: 101 - fumbleCount };
}

/**
 * Classifies a D100 roll (1..100, the face "00" being 100, COT-DIE-01) against a chance E (COT-DIE-02).
 * E <= 0 is classified by the same formula; whether such a check is rolled at all is the rule module's choice.
 */
export function classifyD100(roll: number, chance: number): SuccessLevel {
  if (!Number.isInteger(roll) || roll < 1 || roll > 100) throw new Error(`classifyD100: roll must be 1..100, got ${roll}`);
  const { critical, special, fumbleFrom } = d100Ranges(chance);
  // The order matters: a fumble outranks the 96-00 failure, which outranks special and success.
  if (roll <= critical) return 'critical';
  if (roll >= fumbleFrom) return 'fumble';
  if (roll >= 96) return 'failure';
  if (roll <= special) return 'special';
  if (roll <= Math.max(chance, 5)) return 'success';
  return 'failure';
}

/** True for the levels that count as a success (critical, special, success). */
export function isSuccessLevel(level: SuccessLevel): boolean {
  return level === 'critical' || level === 'special' || level === 'success';
}
