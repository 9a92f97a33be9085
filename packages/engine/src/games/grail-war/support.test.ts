import { describe, expect, test } from 'vitest';
import { defaultGrailWarOptions } from './options.ts';
import type { SupportOffer } from './support.ts';
import { supportBonus } from './support.ts';

const off = defaultGrailWarOptions('001');
const on = { ...off, coopSupportRule: true };
const phys = (supporter: string, role: 'master' | 'servant' = 'master', aspect: SupportOffer['aspect'] = 'smash'): SupportOffer => ({
  supporter,
  role,
  mode: 'physical',
  aspect,
  spellValue: 0,
  ownServant: true,
});
const magic = (supporter: string, spellValue: number, ownServant = true): SupportOffer => ({
  supporter,
  role: 'master',
  mode: 'magic',
  aspect: null,
  spellValue,
  ownServant,
});

describe('support', () => {
  test.each([
    ['TV-BATTLE-15 GW-SUP-02 one master physically supporting a 강타 with 강타 → +2', [phys('m1')], off, 2, ['m1']],
    ['TV-BATTLE-15 GW-SUP-02 trial off, two masters → only one support is accepted', [phys('m1'), phys('m2')], off, 2, ['m1']],
    ['TV-BATTLE-15 GW-SUP-03 trial on, two masters → +3', [phys('m1'), phys('m2')], on, 3, ['m1', 'm2']],
    ['GW-SUP-03 trial on, three masters → +4 (+1 per further master)', [phys('m1'), phys('m2'), phys('m3')], on, 4, ['m1', 'm2', 'm3']],
    ['TV-BATTLE-15 GW-SUP-03 one physical + one magic (grade 3) → +1 and the spell at −1 grade', [phys('m1'), magic('m2', 3)], on, 1 + 2, ['m1', 'm2']],
    ['GW-SUP-03 two servants giving physical support → +4', [phys('v1', 'servant'), phys('v2', 'servant')], on, 4, ['v1', 'v2']],
    ['GW-SUP-03 one servant and one master → +4', [phys('v1', 'servant'), phys('m1')], on, 4, ['v1', 'm1']],
    ['GW-SUP-03 one servant alone → servantSupportBonus (3)', [phys('v1', 'servant')], on, 3, ['v1']],
    ['GW-SUP-03 only one spell per judgment', [magic('m1', 2), magic('m2', 4)], on, 2, ['m1']],
    ['GW-SUP-03 magic support of another master`s servant → −1 grade', [magic('m1', 3, false)], on, 2, ['m1']],
    ['GW-SUP-01 physical support of another kind does not count', [phys('m1', 'master', 'rush')], off, 0, []],
  ])('%s', (_name, offers, o, bonus, accepted) => {
    expect(supportBonus(offers, 'smash', o)).toEqual({ bonus, accepted });
  });
});
