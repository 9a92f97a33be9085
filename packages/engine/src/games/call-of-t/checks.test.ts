import type { SuccessLevel } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { Rng } from '../../kernel/rng.ts';
import { chosenFailure, resistanceChance, rollCheck, substituteCheck, successDegree } from './checks.ts';
import { encounterDie } from './tables.ts';

/** An RNG whose every die shows `roll`. */
const fixed = (roll: number) => ({ die: () => roll }) as unknown as Rng;
const level = (chance: number, roll: number): SuccessLevel => rollCheck(fixed(roll), chance, true).level;

describe('D100 checks', () => {
  test.each([
    ['COT-DIE-02 TV-09 skill 50: 03 is the last critical', 50, 3, 'critical'],
    ['COT-DIE-02 TV-09 skill 50: 04 is special', 50, 4, 'special'],
    ['COT-DIE-02 TV-09 skill 50: 10 is the last special', 50, 10, 'special'],
    ['COT-DIE-02 TV-09 skill 50: 11 is a success', 50, 11, 'success'],
    ['COT-DIE-01 TV-09 skill 50: a roll equal to the chance succeeds', 50, 50, 'success'],
    ['COT-DIE-01 TV-09 skill 50: 51 fails', 50, 51, 'failure'],
    ['COT-DIE-02 TV-09 skill 50: 97 fails', 50, 97, 'failure'],
    ['COT-DIE-02 TV-09 skill 50: 98 fumbles', 50, 98, 'fumble'],
    ['COT-DIE-01 TV-09 skill 50: the face 00 counts as 100 and fumbles', 50, 100, 'fumble'],
    ['COT-DIE-02 TV-10 skill 10: special 01–02, fumble from 96', 10, 2, 'special'],
    ['COT-DIE-02 TV-10 skill 10: 96 fumbles', 10, 96, 'fumble'],
    ['COT-DIE-02 TV-10 skill 20: 96 only fails', 20, 96, 'failure'],
    ['COT-DIE-02 TV-10 skill 20: 97 fumbles', 20, 97, 'fumble'],
    ['COT-DIE-02 TV-10 skill 30: 02 is critical', 30, 2, 'critical'],
    ['COT-DIE-02 TV-10 skill 31: 97 fails, 98 fumbles', 31, 97, 'failure'],
    ['COT-DIE-02 TV-10 skill 31: 98 fumbles', 31, 98, 'fumble'],
    ['COT-DIE-02 TV-11 skill 70: 04 critical', 70, 4, 'critical'],
    ['COT-DIE-02 TV-11 skill 70: 14 special', 70, 14, 'special'],
    ['COT-DIE-02 TV-11 skill 70: 99 fumbles', 70, 99, 'fumble'],
    ['COT-DIE-02 TV-11 skill 90: 99 fails, only 00 fumbles', 90, 99, 'failure'],
    ['COT-DIE-02 TV-11 skill 100: 96 fails though below the chance', 100, 96, 'failure'],
    ['COT-DIE-02 TV-11 skill 120: 24 special, 06 critical', 120, 24, 'special'],
    ['COT-DIE-02 TV-11 skill 120: 06 critical', 120, 6, 'critical'],
    ['COT-DIE-02 TV-12 skill 3: 04 succeeds (01–05 always do)', 3, 4, 'success'],
    ['COT-DIE-02 TV-12 skill 3: 01 is a critical', 3, 1, 'critical'],
    ['COT-DIE-02 TV-12 skill 3: 96 fumbles', 3, 96, 'fumble'],
  ])('%s', (_name, chance, roll, expected) => {
    expect(level(chance, roll)).toBe(expected);
  });

  test.each([
    ['COT-DIE-03 a chance of 0 fails without a roll', 0, true, null, 'failure'],
    ['COT-DIE-03 a negative chance fails without a roll', -20, true, null, 'failure'],
    ['COT-DIE-03 with the option off, the roll is made and 01–05 succeed', 0, false, 4, 'success'],
  ])('%s', (_name, chance, autoFail, roll, expected) => {
    const check = rollCheck(fixed(4), chance, autoFail);
    expect(check.roll).toBe(roll);
    expect(check.level).toBe(expected);
  });

  test.each([
    ['COT-DIE-04 TV-13 resistance POW 12 against 霊圧 15 is 35%', 12, 15, 35],
    ['COT-DIE-04 TV-14 〈呼び声〉 14 against POW 11 is 65%', 14, 11, 65],
    ['COT-DIE-04 equal values are 50%', 9, 9, 50],
  ])('%s', (_name, active, passive, chance) => {
    expect(resistanceChance(active, passive)).toBe(chance);
  });

  test('COT-DIE-04 TV-14 roll 12 against 65% is a special', () => {
    expect(level(resistanceChance(14, 11), 12)).toBe('special');
  });

  test.each([
    ['COT-DIE-05 critical counts 3', 'critical', 3],
    ['COT-DIE-05 special counts 2', 'special', 2],
    ['COT-DIE-05 success counts 1', 'success', 1],
    ['COT-DIE-05 failure counts 0', 'failure', 0],
    ['COT-DIE-05 fumble counts 0 outside obstacles', 'fumble', 0],
  ] as const)('%s', (_name, lvl, sd) => {
    expect(successDegree(lvl)).toBe(sd);
  });

  test('COT-DIE-06 a substitute counts as a success (SD 1) by default, with no die', () => {
    expect(substituteCheck('success')).toMatchObject({ level: 'success', sd: 1, roll: null, substituted: true });
    expect(substituteCheck('special').sd).toBe(2);
  });

  test('COT-DIE-07 choosing to fail gives SD 0 and cannot fumble', () => {
    expect(chosenFailure()).toMatchObject({ level: 'failure', sd: 0, roll: null });
  });

  test.each([
    ['COT-DIE-12 1D(strength) for strength 6', 6, 6],
    ['COT-DIE-12 TV-22 encounter strength 12 rolls 1D20', 12, 20],
    ['COT-DIE-12 strength 10 still rolls 1D10', 10, 10],
    ['COT-DIE-12 strength 11 rolls 1D20', 11, 20],
  ])('%s', (_name, strength, die) => {
    expect(encounterDie(strength)).toBe(die);
  });
});
