import { describe, expect, test } from 'vitest';
import { growthStep } from './growth-step.ts';

const servant = { kind: 'servant', grade: 1, xp: 10 } as Parameters<typeof growthStep>[0];
const master = (grade: number, xp: number, specializations: string[] = []) => ({ kind: 'master', grade, xp, specializations }) as Parameters<typeof growthStep>[0];

describe('GW-XP-10 / GW-XP-11 the growth panel next step', () => {
  test.each([
    ['GW-XP-11 a servant at grade 1 with 10 XP may buy grade 2 for 10', servant, false, { grade: 2, cost: 10, stat: false, specializable: [], problem: null }],
    ['GW-XP-10 a master at grade 3 with 8 XP lacks XP for the 9 step', master(3, 8), false, { grade: 4, cost: 9, stat: false, specializable: [], problem: 'xp' }],
    ['GW-XP-10 grade 6 asks for a stat', master(5, 13), false, { grade: 6, cost: 13, stat: true, specializable: [], problem: null }],
    ['GW-SPEC-01 grade 11 offers the stats not yet specialized', master(10, 23, ['combat']), false, { grade: 11, cost: 23, stat: true, specializable: ['magic', 'conviction', 'fate'], problem: null }],
    ['GW-XP-10 no spending inside a running battle', master(3, 50), true, { grade: 4, cost: 9, stat: false, specializable: [], problem: 'battle' }],
  ])('%s', (_name, sheet, fighting, expected) => {
    expect(growthStep(sheet, fighting)).toMatchObject(expected);
  });
});
