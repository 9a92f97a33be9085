import { describe, expect, test } from 'vitest';
import { defaultGrailWarOptions } from './options.ts';
import type { SupportOffer } from './support.ts';
import { supportBonus } from './support.ts';

const off = defaultGrailWarOptions('001');
const on = { ...off, coopSupportRule: true };
/** A sheet's magic support by grade E, D, C, B, A, EX (SUP-01 GAP: the sheet gives it). */
const TABLE = [0, 1, 2, 4, 6, 9];
const phys = (supporter: string, role: 'master' | 'servant' = 'master', aspect: SupportOffer['aspect'] = 'smash'): SupportOffer => ({
  supporter,
  role,
  mode: 'physical',
  aspect,
  spell: null,
  ownServant: true,
});
const magic = (supporter: string, grade: string, ownServant = true, raise = 0, table = TABLE): SupportOffer => ({
  supporter,
  role: 'master',
  mode: 'magic',
  aspect: null,
  spell: { grade, raise, table },
  ownServant,
});

describe('support', () => {
  test.each([
    ['TV-BATTLE-15 GW-SUP-02 one master physically supporting a 강타 with 강타 → +2', [phys('m1')], off, 2, ['m1']],
    ['TV-BATTLE-15 GW-SUP-02 trial off, two masters → only one support is accepted', [phys('m1'), phys('m2')], off, 2, ['m1']],
    ['TV-BATTLE-15 GW-SUP-03 trial on, two masters → +3', [phys('m1'), phys('m2')], on, 3, ['m1', 'm2']],
    ['GW-SUP-03 trial on, three masters → +4 (+1 per further master)', [phys('m1'), phys('m2'), phys('m3')], on, 4, ['m1', 'm2', 'm3']],
    ['TV-BATTLE-15 GW-SUP-03 one physical + one magic (C) → +1, and the spell one grade down (D: 1)', [phys('m1'), magic('m2', 'C')], on, 1 + 1, ['m1', 'm2']],
    ['GW-SUP-03 two servants giving physical support → +4', [phys('v1', 'servant'), phys('v2', 'servant')], on, 4, ['v1', 'v2']],
    ['GW-SUP-03 one servant and one master → +4', [phys('v1', 'servant'), phys('m1')], on, 4, ['v1', 'm1']],
    ['GW-SUP-03 one servant alone → servantSupportBonus (3)', [phys('v1', 'servant')], on, 3, ['v1']],
    ['GW-SUP-03 only one spell per judgment (the first, D: 1)', [magic('m1', 'D'), magic('m2', 'A')], on, 1, ['m1']],
    ['GW-SUP-03 magic support of another master`s servant → one grade down (C → D: 1)', [magic('m1', 'C', false)], on, 1, ['m1']],
    ['GW-SUP-03 a spell lowered below E does nothing but is still cast', [magic('m1', 'E', false)], on, 0, ['m1']],
    ['GW-SUP-01 trial off, one master`s magic support adds the sheet`s value at its grade (B: 4)', [magic('m1', 'B')], off, 4, ['m1']],
    ['GW-SPEC-02 the magic specialization raises the spell one grade (C → B: 4)', [magic('m1', 'C', true, 1)], off, 4, ['m1']],
    ['§0.1 an EX spell reads the EX entry (9)', [magic('m1', 'EX')], off, 9, ['m1']],
    ['GW-SUP-01 physical support of another kind does not count', [phys('m1', 'master', 'rush')], off, 0, []],
  ])('%s', (_name, offers, o, bonus, accepted) => {
    expect(supportBonus(offers, 'smash', o)).toEqual({ bonus, accepted });
  });

  test('§0.1 an EX spell with a five-entry table reads A`s entry', () => {
    expect(supportBonus([magic('m2', 'EX', true, 0, TABLE.slice(0, 5))], 'smash', off)).toEqual({ bonus: 6, accepted: ['m2'] });
  });
});
