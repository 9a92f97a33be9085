import { describe, expect, test } from 'vitest';
import type { PrebattleDecl } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { hpOf, knows, mpOf, pair, poolOf } from './test-pair.ts';
import { GM, emptyDecl, hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';
import { view } from './view.ts';

const potions = { recoveryPotion: 1, lifePotion: 2, mindPotion: 1, protectionPotion: 2, berserkerPotion: 1 };
/** Servant a (s1, with its master ma in the back row) against b, a declaring `a` before the battle. */
const withPotions = (a: Partial<PrebattleDecl>, ma: Partial<PrebattleDecl> = {}, options: Partial<GrailWarOptions> = {}, meters = { hp: { current: 50, max: 60 }, mp: { current: 38, max: 40 } }) =>
  pair({ a: { consumables: { ...potions }, ...meters }, options, decls: { a, ma } });

describe('GW-ITEM consumables in the pre-battle step (BATTLE-08)', () => {
  test.each([
    ['GW-ITEM-E2 a Recovery Potion restores 5 HP and 5 MP, never past the maximum', [{ item: 'recoveryPotion' as const }], {}, [55, 60, 40, 40]],
    ['GW-ITEM-D4 a Life Potion: max HP +10 for the scene', [{ item: 'lifePotion' as const }], {}, [50, 70, 38, 40]],
    ['GW-ITEM-D5 a Mind Potion as written (defect D3): max HP +10', [{ item: 'mindPotion' as const }], {}, [50, 70, 38, 40]],
    ['GW-ITEM-D5 with mindPotionEffect maxMp+10: max MP +10', [{ item: 'mindPotion' as const }], { mindPotionEffect: 'maxMp+10' as const }, [50, 60, 38, 50]],
  ])('%s', (_name, consumables, options, [hp, maxHp, mp, maxMp]) => {
    const s = withPotions({ consumables }, {}, options);
    const sheet = s.characters.a!.sheet;
    expect([sheet.hp.current, sheet.hp.max, sheet.mp.current, sheet.mp.max]).toEqual([hp, maxHp, mp, maxMp]);
    for (const c of consumables) expect(sheet.consumables[c.item]).toBe(potions[c.item] - 1);
  });

  test('GW-ITEM-D4 GW-SEAL-05 the potion comes first: Defense Stance gives the raised max + 20', () => {
    expect(hpOf(withPotions({ consumables: [{ item: 'lifePotion' }] }, { seals: ['defenseStance'] }), 'a')).toBe(90);
  });

  test.each([
    ['GW-ITEM-01 a consumable the character does not hold', { consumables: [{ item: 'recoveryPotion' as const }] }, 'NO_SUCH_ITEM GW-ITEM-01'],
    ['GW-ITEM-01 the same consumable twice in one declaration', { consumables: [{ item: 'lifePotion' as const }, { item: 'lifePotion' as const }] }, 'DUPLICATE_ITEM GW-ITEM-01'],
  ])('%s', (_name, decl, code) => {
    let s = room({ a: { seat: 's1', sheet: servant({ consumables: { lifePotion: 2 } }) }, b: { seat: 's2', sheet: servant() } });
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }]);
    expect(refused(s, seat('s1'), { type: 'battle.prepare', decl: emptyDecl(decl) })).toBe(code);
  });
});

describe('GW-ITEM "for the scene" effects and the scene end (FLOW-03 S4 step 5)', () => {
  /** Ends the current battle by a withdrawal of side B and closes it. */
  const finish = (s: GrailWarState) => run(run(s, seat('s2'), { type: 'battle.withdraw' }).state, GM, { type: 'battle.close' }).state;

  test('GW-ITEM-C3 GW-ITEM-B4 potions used in one battle still hold in the next battle of the scene, and cannot be used again', () => {
    let s = withPotions({ consumables: [{ item: 'protectionPotion' }, { item: 'berserkerPotion', kind: 'rush' }] });
    expect(poolOf(s, 'a').rush).toBe(4);
    s = finish(s);
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] });
    const again = { type: 'battle.prepare' as const, decl: emptyDecl({ consumables: [{ item: 'protectionPotion' }] }) };
    expect(refused(s, seat('s1'), again)).toBe('ALREADY_IN_EFFECT GW-ITEM-01');
    s = prepareAll(s);
    const p = s.battle!.participants.find((x) => x.id === 'a')!;
    expect([p.protection, p.berserkerPotion, p.pool.rush]).toEqual([true, true, 4]);
    // ITEM-C3: the 반격 that beats a's 강타 is <일반>, reduced by 1; ITEM-B4: +1 on a's <일반> 맹공.
    s = submit(s, 'a', planVs('b', [j('smash'), j('rush')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('counter'), j('wait')])).state);
    expect(hitsOf(s).map((h) => [h.attacker, h.hp])).toEqual([['b', 2], ['a', 4]]);
  });

  test('GW-FLOW-03 GW-ITEM-D4 the scene end takes the raised maximum back, keeping Defense Stance`s +20', () => {
    let s = finish(withPotions({ consumables: [{ item: 'lifePotion' }, { item: 'protectionPotion' }] }, { seals: ['defenseStance'] }));
    expect(s.characters.a!.sheet.hp).toEqual({ current: 90, max: 70 });
    expect(view(s, seat('s1')).characters.find((c) => c.id === 'a')!.status!.sceneEffects.map((e) => e.item)).toEqual(['lifePotion', 'protectionPotion']);
    s = run(s, GM, { type: 'scene.end' }).state;
    expect(s.characters.a!.sheet.hp).toEqual({ current: 80, max: 60 });
    expect(s.characters.a!.sceneEffects).toEqual([]);
  });

  test('GW-FLOW-03 a Life Potion`s HP above the lowered maximum goes; HP below it stays', () => {
    let s = finish(withPotions({ consumables: [{ item: 'lifePotion' }, { item: 'recoveryPotion' }] }, {}, {}, { hp: { current: 58, max: 60 }, mp: { current: 40, max: 40 } }));
    expect(s.characters.a!.sheet.hp).toEqual({ current: 63, max: 70 });
    expect(run(s, GM, { type: 'scene.end' }).state.characters.a!.sheet.hp).toEqual({ current: 60, max: 60 });
  });

  test.each([
    ['GW-FLOW-03 the scene does not end in the middle of a battle', (s: GrailWarState) => s, GM, 'BATTLE_IN_PROGRESS GW-FLOW-03'],
    ['GW-FLOW-03 only the GM ends a scene', finish, seat('s1'), 'NOT_GM'],
  ] as const)('%s', (_name, after, actor, code) => {
    expect(refused(after(withPotions({})), actor, { type: 'scene.end' })).toBe(code);
  });
});

describe('GW-ITEM-B2 the Mana Necklace', () => {
  test('GW-ITEM-B2 GW-SPEC-02 마력 +1 grade: 001 대마술 deals (C 3 + necklace 1 + specialization 1) × 2 = 10 to MP', () => {
    let s = room({ m: { seat: 's1', sheet: master({ grade: 11, specializations: ['magic'], items: ['manaNecklace'] }) }, o: { seat: 's2', sheet: servant() } });
    s = prepareAll(start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'o', side: 'B' }], { knowledge: [knows('m', 'o'), knows('o', 'm')] }));
    s = submit(s, 'm', planVs('o', [j('arcane'), j('arcane'), j('arcane')])).state;
    s = passWindow(submit(s, 'o', planVs('m', [])).state);
    expect(hitsOf(s).map((h) => [h.attacker, h.mp])).toEqual([['m', 10]]);
    expect(mpOf(s, 'o')).toBe(30);
    expect((s.characters.m!.sheet as MasterSheet).stats.magic).toBe('C');
  });
});
