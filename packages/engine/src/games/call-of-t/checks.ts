import type { SuccessLevel } from '@veiltable/protocol';
import type { Rng } from '../../kernel/rng.ts';
import { classifyD100 } from '../../capabilities/dice/success-level.ts';

/** One resolved D100 check, as published (all rolls are public, COT-HID-01). roll is null when none was made. */
export type Check = { chance: number; roll: number | null; level: SuccessLevel; sd: number; substituted?: boolean };

/** Success degree of a level (COT-DIE-05); a fumble is 0 here, obstacles apply their own −1D6. */
export function successDegree(level: SuccessLevel): number {
  return level === 'critical' ? 3 : level === 'special' ? 2 : level === 'success' ? 1 : 0;
}

/** A D100 check against E (COT-DIE-01/02); E ≤ 0 fails without a roll when autoFailAtZero (COT-DIE-03). */
export function rollCheck(rng: Rng, chance: number, autoFailAtZero: boolean): Check {
  if (chance <= 0 && autoFailAtZero) return { chance, roll: null, level: 'failure', sd: 0 };
  const roll = rng.die(100);
  const level = classifyD100(roll, chance);
  return { chance, roll, level, sd: successDegree(level) };
}

/** A roll replaced by a card or effect (COT-DIE-06): the configured level, no die. */
export function substituteCheck(level: 'success' | 'special' | 'critical'): Check {
  return { chance: 0, roll: null, level, sd: successDegree(level), substituted: true };
}

/** A character who chooses to fail a simultaneous check (COT-DIE-07): SD 0, cannot fumble. */
export function chosenFailure(): Check {
  return { chance: 0, roll: null, level: 'failure', sd: 0 };
}

/** The resistance chance 50 + 5 × (active − passive) (COT-DIE-04). */
export function resistanceChance(active: number, passive: number): number {
  return 50 + 5 * (active - passive);
}

/** nDs summed (COT-DIE-12). */
export function rollSum(rng: Rng, count: number, sides: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += rng.die(sides);
  return total;
}

export function succeeded(check: Check): boolean {
  return check.level === 'critical' || check.level === 'special' || check.level === 'success';
}
