import { describe, expect, test } from 'vitest';
import type { PrebattleDecl } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { ServantSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { knows } from './test-pair.ts';
import { GM, judgment as j, master, passWindow, planVs, prepareAll, room, run, seat, servant, start, submit } from './test-support.ts';
import { view } from './view.ts';

type Given = { trust: number; options?: Partial<GrailWarOptions>; a?: Partial<ServantSheet>; decl?: Partial<PrebattleDecl> };

/** Servant a (s1) at the given trust, with its master ma (s3) outside the battle, against servant b (s2): revealed. */
function given(x: Given, s?: GrailWarState): GrailWarState {
  s ??= room(
    {
      a: { seat: 's1', sheet: servant(x.a) },
      ma: { seat: 's3', partner: 'a', sheet: master() },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
    },
    { trustRule: true, ...x.options },
  );
  s.characters.a!.trust = x.trust;
  s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')], regions: { a: 'r1', ma: 'r1', b: 'r1' } });
  return prepareAll(s, x.decl ? { ma: x.decl } : {});
}

/** a's [HP, max HP, MP, max MP]. */
const meters = (s: GrailWarState) => {
  const { hp, mp } = s.characters.a!.sheet;
  return [hp.current, hp.max, mp.current, mp.max];
};

describe('GW-TRUST-02 a servant fights with its max HP and MP shifted by its trust', () => {
  test.each<[string, Given, number[]]>([
    ['GW-TRUST-02 TV-TRUST-01 t = −4: max HP +4, max MP −4', { trust: -4 }, [64, 64, 36, 36]],
    ['GW-TRUST-02 TV-TRUST-01 t = 7: max HP −7, max MP +7', { trust: 7 }, [53, 53, 47, 47]],
    ['GW-TRUST-01 GW-TRUST-02 the ends of the scale: t = −10 → HP +10, MP −10', { trust: -10 }, [70, 70, 30, 30]],
    ['GW-TRUST-01 GW-TRUST-02 the ends of the scale: t = +10 → HP −10, MP +10', { trust: 10 }, [50, 50, 50, 50]],
    ['GW-TRUST-01 GW-TRUST-02 t = 0 (the initial value): nothing moves', { trust: 0 }, [60, 60, 40, 40]],
    ['GW-TRUST-02 the trial off (`trustRule` off): trust moves nothing', { trust: -4, options: { trustRule: false } }, [60, 60, 40, 40]],
    ['GW-TRUST-02 a wounded servant keeps its wound: 50/60 HP, 10/40 MP at t = −4', { trust: -4, a: { hp: { current: 50, max: 60 }, mp: { current: 10, max: 40 } } }, [54, 64, 6, 36]],
    ['GW-TRUST-02 the cut never drains MP below 0: 2/40 at t = −4', { trust: -4, a: { mp: { current: 2, max: 40 } } }, [64, 64, 0, 36]],
    ['GW-TRUST-02 the cut never leaves HP below 1: 3/60 at t = 7', { trust: 7, a: { hp: { current: 3, max: 60 } } }, [1, 53, 47, 47]],
    ['GW-TRUST-02 GW-SEAL-05 Restoration reads the shifted maxima', { trust: 7, a: { hp: { current: 20, max: 60 }, mp: { current: 5, max: 40 } }, decl: { seals: ['restoration'] } }, [53, 53, 47, 47]],
    ['GW-TRUST-02 GW-SEAL-06 Defense Stance gives the shifted max HP + 20', { trust: -4, decl: { seals: ['defenseStance'] } }, [84, 64, 36, 36]],
  ])('%s', (_name, x, expected) => {
    expect(meters(given(x))).toEqual(expected);
  });

  test('GW-TRUST-02 the servant, its master and the GM see the shift among the effects in force; the opponent does not', () => {
    const s = given({ trust: -4 });
    for (const v of [GM, seat('s1'), seat('s3')]) {
      expect(view(s, v).characters.find((c) => c.id === 'a')!.status!.sceneEffects).toEqual([{ item: 'trust', kind: null, maxHp: 4, maxMp: -4 }]);
    }
    expect(view(s, seat('s2')).characters.find((c) => c.id === 'a')!.status).toBeNull();
  });
});

describe('GW-TRUST-02 GW-FLOW-03 the shift lasts the scene', () => {
  /** b hits a once with its 강타 (C: 3), then withdraws, and the GM closes the battle. */
  const fight = (s: GrailWarState) => {
    s = submit(s, 'a', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    s = run(s, seat('s2'), { type: 'battle.withdraw' }).state;
    return run(s, GM, { type: 'battle.close' }).state;
  };

  test.each<[string, number, number[], number[]]>([
    ['GW-TRUST-02 t = 7: the scene end gives back the 7 HP and takes the 7 MP, keeping the damage', 7, [50, 53, 47, 47], [57, 60, 40, 40]],
    ['GW-TRUST-02 t = −4: the scene end takes back the 4 HP and gives back the 4 MP, keeping the damage', -4, [61, 64, 36, 36], [57, 60, 40, 40]],
  ])('%s', (_name, trust, inBattle, after) => {
    let s = fight(given({ trust }));
    expect(meters(s)).toEqual(inBattle);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect([meters(s), s.characters.a!.sceneEffects]).toEqual([after, []]);
  });

  test('GW-TRUST-02 a second battle in the scene at the same trust shifts nothing more', () => {
    const s = given({ trust: 7 }, fight(given({ trust: 7 })));
    expect(meters(s)).toEqual([50, 53, 47, 47]);
  });

  test('GW-TRUST-02 GW-TRUST-04 trust changed within the scene: the next battle swaps the old shift for the new', () => {
    const s = given({ trust: -10 }, fight(given({ trust: 7 })));
    // 50/53 and 47/47 at +7; back to 57/60 and 40/40, then HP +10 and MP −10.
    expect([meters(s), s.characters.a!.sceneEffects]).toEqual([[67, 70, 30, 30], [{ item: 'trust', kind: null, maxHp: 10, maxMp: -10, hp: 10, mp: -10 }]]);
  });
});

describe('GW-TRUST-02 GW-FLOW-03 a cut held up by its floor gives back at the scene end only what it took', () => {
  /** Side B withdraws before any judgment and the GM closes the battle: a goes out as it came in. */
  const noFight = (s: GrailWarState) => run(run(s, seat('s2'), { type: 'battle.withdraw' }).state, GM, { type: 'battle.close' }).state;

  type Row = [string, Given, number[], { hp: number; mp: number }, number[]];
  test.each<Row>([
    ['GW-TRUST-02 a cut the floor does not touch: 50/60 HP at t = 7 loses 7 and gets 7 back', { trust: 7, a: { hp: { current: 50, max: 60 } } }, [43, 53, 47, 47], { hp: -7, mp: 7 }, [50, 60, 40, 40]],
    ['GW-TRUST-02 a cut stopped by the HP floor of 1: 3/60 at t = 7 loses 2 and gets 2 back', { trust: 7, a: { hp: { current: 3, max: 60 } } }, [1, 53, 47, 47], { hp: -2, mp: 7 }, [3, 60, 40, 40]],
    ['GW-TRUST-02 a cut stopped by the MP floor of 0: 2/40 at t = −4 loses 2 and gets 2 back', { trust: -4, a: { mp: { current: 2, max: 40 } } }, [64, 64, 0, 36], { hp: 4, mp: -2 }, [60, 60, 2, 40]],
    ['GW-TRUST-02 MP already below the floor: −3/40 at t = −4 loses nothing and gets nothing back', { trust: -4, a: { mp: { current: -3, max: 40 } } }, [64, 64, -3, 36], { hp: 4, mp: 0 }, [60, 60, -3, 40]],
    ['GW-TRUST-02 HP already at the floor: 1/60 at t = 10 loses nothing and gets nothing back', { trust: 10, a: { hp: { current: 1, max: 60 } } }, [1, 50, 50, 50], { hp: 0, mp: 10 }, [1, 60, 40, 40]],
    ['GW-TRUST-02 GW-ITEM-C2 the raise comes first, so the cut takes its whole 7 from 23/80; the end undoes the cut, then the raise', { trust: 7, a: { hp: { current: 3, max: 60 }, items: ['lifeCharm'] } }, [16, 73, 47, 47], { hp: -7, mp: 7 }, [3, 60, 40, 40]],
  ])('%s', (_name, x, inBattle, moved, after) => {
    let s = given(x);
    const held = s.characters.a!.sceneEffects.find((e) => e.item === 'trust')!;
    expect([meters(s), { hp: held.hp, mp: held.mp }]).toEqual([inBattle, moved]);
    s = run(noFight(s), GM, { type: 'scene.end' }).state;
    expect([meters(s), s.characters.a!.sceneEffects]).toEqual([after, []]);
  });

  test('GW-TRUST-02 the damage taken stays taken: 2/40 MP at t = −4, hit for 3 HP, ends at 57/60 HP and 2/40 MP', () => {
    let s = given({ trust: -4, a: { mp: { current: 2, max: 40 } } });
    s = submit(s, 'a', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    s = run(run(s, seat('s2'), { type: 'battle.withdraw' }).state, GM, { type: 'battle.close' }).state;
    expect(meters(s)).toEqual([61, 64, 0, 36]);
    expect(meters(run(s, GM, { type: 'scene.end' }).state)).toEqual([57, 60, 2, 40]);
  });

  test('GW-TRUST-02 GW-TRUST-04 trust changed within the scene: the swap gives back only what the old cut took', () => {
    const first = noFight(given({ trust: 7, a: { hp: { current: 3, max: 60 } } }));
    expect(meters(first)).toEqual([1, 53, 47, 47]);
    // The +7 shift gives back its 2 HP and takes its 7 MP (3/60, 40/40), then −10 puts on HP +10 and MP −10.
    const s = given({ trust: -10 }, first);
    expect([meters(s), s.characters.a!.sceneEffects]).toEqual([[13, 70, 30, 30], [{ item: 'trust', kind: null, maxHp: 10, maxMp: -10, hp: 10, mp: -10 }]]);
    expect(meters(run(noFight(s), GM, { type: 'scene.end' }).state)).toEqual([3, 60, 40, 40]);
  });
});
