import { describe, expect, test } from 'vitest';
import type { GrailWarOptions } from './options.ts';
import type { NpType } from './sheets.ts';
import { pair, poolOf } from './test-pair.ts';
import { judgment as j, planVs, submit, windowDecl } from './test-support.ts';

const np = (npType: NpType) => ({ id: 'host', name: 'Host', npType, mode: 'alwaysActive' as const, hpDamage: 5, mpDamage: 0, mpCost: 0, cards: 2 });

/** b's NP against a (3 방어 cards) in slot 1; a's master ma (back row) may answer with a seal in the window. */
function armyBatch(x: { npType?: NpType; aSlots?: ReturnType<typeof j>[]; options?: Partial<GrailWarOptions>; seal?: boolean }) {
  let s = pair({ a: { defense: { cards: 3, value: 2 } }, b: { noblePhantasms: [np(x.npType ?? 'army')] }, maIn: 'back', options: x.options ?? {} });
  s = submit(s, 'a', planVs('b', x.aSlots ?? [])).state;
  s = submit(s, 'ma', planVs('', [])).state;
  s = submit(s, 'b', planVs('a', [j('np', { np: 'host' })])).state;
  s = windowDecl(s, 'ma', { actions: x.seal ? [{ seal: 'absoluteDefense', slot: 1 }] : [] }).state;
  return poolOf(s, 'a').defense;
}

describe('GW-BATTLE-19 army (군세) attacks take 방어 cards', () => {
  test.each([
    ['GW-BATTLE-19 an army NP attack takes 1 방어 card (GAP DEFAULT)', {}, 2],
    ['GW-BATTLE-19 armyDefenseLoss 2 takes 2', { options: { armyDefenseLoss: 2 } }, 1],
    ['GW-BATTLE-19 an NP of another type takes none', { npType: 'antiArmy' as const }, 3],
    ['GW-BATTLE-19 cards committed to later slots of the sealed batch are played, not lost', { aSlots: [j('wait'), j('defense'), j('defense'), j('defense')] }, 0],
    ['GW-BATTLE-19 only the uncommitted card is lost', { aSlots: [j('wait'), j('defense')] }, 1],
    ['GW-SEAL-08 000 Absolute Defense: 방어 ×2 and no loss to the army', { options: { sealRules: '000' as const }, seal: true }, 6],
    ['GW-SEAL-08 001 Absolute Defense does not spare the count', { seal: true }, 2],
  ])('%s', (_name, x, left) => {
    expect(armyBatch(x)).toBe(left);
  });
});
