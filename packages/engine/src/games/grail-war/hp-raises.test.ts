import { describe, expect, test } from 'vitest';
import type { Setup } from './test-pair.ts';
import { knows, pair } from './test-pair.ts';
import type { GrailWarState } from './state.ts';
import { GM, judgment as j, passWindow, planVs, prepareAll, run, seat, start, submit } from './test-support.ts';
import { view } from './view.ts';

const meter = (s: GrailWarState, id: string) => [s.characters[id]!.sheet.hp.current, s.characters[id]!.sheet.hp.max];

describe('GW-ITEM-E1 GW-ITEM-C2 GW-CLASS-02 a servant`s max HP raises, worn into the battle', () => {
  test.each<[string, Setup, number[]]>([
    ['GW-ITEM-E1 a Guardian Charm worn by its master: max HP +10, and the HP with it', { ma: { items: ['guardianCharm'] } }, [70, 70]],
    ['GW-ITEM-C2 a Life Charm worn by the servant itself: +20', { a: { items: ['lifeCharm'] } }, [80, 80]],
    ['GW-ITEM-E1 GW-ITEM-C2 both charms: +30', { a: { items: ['lifeCharm'] }, ma: { items: ['guardianCharm'] } }, [90, 90]],
    ['GW-ITEM-E1 a wounded servant keeps its wound: 50/60 → 60/70', { a: { hp: { current: 50, max: 60 } }, ma: { items: ['guardianCharm'] } }, [60, 70]],
    ['GW-ITEM-E1 GW-SEAL-05 the raise comes first: Defense Stance gives the raised max + 20', { ma: { items: ['guardianCharm'] }, decls: { ma: { seals: ['defenseStance'] } } }, [90, 70]],
    ['GW-CLASS-02 (2) the unnamed class (Berserker by default): +20', { a: { className: 'berserker' } }, [80, 80]],
    ['GW-CLASS-02 (2) any other class: nothing', { a: { className: 'caster' } }, [60, 60]],
    ['GW-CLASS-02 (2) unnamedClassTraitTarget none: nothing', { a: { className: 'berserker' }, options: { unnamedClassTraitTarget: 'none' } }, [60, 60]],
  ])('%s', (_name, setup, expected) => {
    expect(meter(pair(setup), 'a')).toEqual(expected);
  });

  test('GW-ITEM-E1 the charm is for the servant: its master, fighting too, gains nothing', () => {
    const s = pair({ ma: { items: ['guardianCharm'] }, maIn: 'back' });
    expect([meter(s, 'a'), meter(s, 'ma')]).toEqual([[70, 70], [30, 30]]);
  });

  test('GW-ITEM-E1 the owner, its partner and the GM see the raise among the effects in force; the opponent does not', () => {
    const s = pair({ ma: { items: ['guardianCharm'] } });
    for (const v of [GM, seat('s1'), seat('s3')]) {
      expect(view(s, v).characters.find((c) => c.id === 'a')!.status!.sceneEffects).toEqual([{ item: 'guardianCharm', kind: null, maxHp: 10, maxMp: 0 }]);
    }
    expect(view(s, seat('s2')).characters.find((c) => c.id === 'a')!.status).toBeNull();
  });
});

describe('GW-ITEM-E1 GW-FLOW-03 the raise lasts the scene', () => {
  /** b hits a once with its 강타 (C: 3), then withdraws, and the GM closes the battle. */
  const fight = (s: GrailWarState) => {
    s = submit(s, 'a', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    s = run(s, seat('s2'), { type: 'battle.withdraw' }).state;
    return run(s, GM, { type: 'battle.close' }).state;
  };
  const again = (s: GrailWarState) => prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] }));

  test('GW-ITEM-E1 a second battle in the scene adds nothing more; the scene end takes back the maximum and the HP, keeping the damage', () => {
    let s = fight(pair({ ma: { items: ['guardianCharm'] } }));
    expect(meter(s, 'a')).toEqual([67, 70]);
    s = fight(again(s));
    expect(meter(s, 'a')).toEqual([64, 70]);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect([meter(s, 'a'), s.characters.a!.sceneEffects]).toEqual([[54, 60], []]);
    // The next scene's battle wears it again.
    expect(meter(again(s), 'a')).toEqual([64, 70]);
  });

  test('GW-ITEM-C2 the HP taken back at the scene end never leaves the servant below 1', () => {
    let s = fight(pair({ a: { items: ['lifeCharm'], hp: { current: 2, max: 60 } } }));
    expect(meter(s, 'a')).toEqual([19, 80]);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(meter(s, 'a')).toEqual([1, 60]);
  });
});
