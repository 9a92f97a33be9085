import { describe, expect, test } from 'vitest';
import type { MasterSheet } from './sheets.ts';
import { hpOf, knows, mpOf, pair, poolOf } from './test-pair.ts';
import { hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, seat, servant, start, submit, windowDecl } from './test-support.ts';

describe('TV-BATTLE vectors through the engine', () => {
  const strong = {
    a: { stats: { str: 'C+', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' }, attackBonuses: [{ source: '괴력', amount: 2, kinds: ['smash' as const] }], items: ['giantsBelt' as const] },
    decls: { a: { activatePlus: ['str' as const] }, ma: { seals: ['attackStance' as const] } },
  };
  test.each([
    ['TV-BATTLE-07 GW-DMG-01 GW-SEAL-03 GW-MERIT-01 class known, d = 4 → 14', true, 14],
    ['TV-BATTLE-08 GW-INFO-12 GW-INFO-15 class unknown, d = 4 → 13', false, 13],
  ])('%s', (_name, classKnown, damage) => {
    let s = pair({ ...strong, knowledge: [knows('a', 'b', { total: 4, classKnown }), knows('b', 'a', { total: 0 })] });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [])).state);
    expect(hitsOf(s).map((h) => h.hp)).toEqual([damage]);
    expect(hpOf(s, 'b')).toBe(60 - damage);
    expect(s.characters.a!.sheet.merit).toBe(8);
  });

  test('TV-BATTLE-09 GW-MASTER-02 GW-SPEC-01 a master`s 일반 card against a front-row servant', () => {
    const run1 = (ma: Partial<MasterSheet>, bCard: 'wait' | 'defense') => {
      let s = pair({ ma, maIn: 'front', a: { hp: { current: 60, max: 60 } }, b: { defense: { cards: 1, value: 1 } } });
      s = submit(s, 'a', planVs('b', [])).state;
      s = submit(s, 'ma', planVs('b', [j('normal', { aspect: 'smash' })])).state;
      s = submit(s, 'b', { slots: [{ type: 'play', vs: { a: j('wait'), ma: j(bCard) } }, ...planVs('a', []).slots.slice(1).map(() => ({ type: 'play' as const, vs: { a: j('wait'), ma: j('wait') } }))], activatePlus: [] }).state;
      s = windowDecl(s, 'ma', { actions: [] }).state;
      return hitsOf(s).filter((h) => h.attacker === 'ma').map((h) => h.hp);
    };
    expect(run1({ grade: 3 }, 'wait')).toEqual([1]);
    expect(run1({ grade: 3 }, 'defense')).toEqual([0]);
    expect(run1({ grade: 11, specializations: ['combat'] }, 'wait')).toEqual([6]);
  });

  test('TV-BATTLE-10 GW-MASTER-02 GW-ITEM-C3 a servant`s 강타 on a front-row master with a Protection Potion', () => {
    const hit = (grade: number) => {
      let s = room({
        m: { seat: 's1', sheet: master({ grade, consumables: { protectionPotion: 1 } }) },
        b: { seat: 's2', sheet: servant({ stats: { str: 'D', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } }) },
      });
      s = start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'b', side: 'B' }]);
      s = prepareAll(s, { m: { consumables: [{ item: 'protectionPotion' }] } });
      s = submit(s, 'm', planVs('b', [])).state;
      s = passWindow(submit(s, 'b', planVs('m', [j('smash')])).state);
      expect(s.characters.m!.sheet.consumables.protectionPotion).toBe(0);
      return hitsOf(s).map((h) => h.hp);
    };
    expect(hit(2)).toEqual([3]);
    expect(hit(5)).toEqual([1]);
  });

  test('TV-BATTLE-11 GW-BATTLE-05 an NP with Attack Stance and d = 6 → 12 HP and a fixed 6 MP', () => {
    const np = { id: 'np1', name: 'Sword', npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 9, mpDamage: 6, mpCost: 5, cards: 1 };
    let s = pair({ a: { noblePhantasms: [np] }, decls: { ma: { seals: ['attackStance'] } }, knowledge: [knows('a', 'b', { total: 6 }), knows('b', 'a')] });
    s = submit(s, 'a', planVs('b', [j('np', { np: 'np1' })])).state;
    s = passWindow(submit(s, 'b', planVs('a', [])).state);
    expect([hpOf(s, 'b'), mpOf(s, 'b')]).toEqual([48, 34]);
    // SEAL-04 was not used, so the NP's MP cost is paid.
    expect(mpOf(s, 'a')).toBe(35);
  });

  test.each([
    ['TV-BATTLE-12 GW-CLASS-01 a Berserker playing 강타 against all three spends one card', 'berserker', 1],
    ['TV-BATTLE-12 GW-BATTLE-M1 any other class spends one card per opponent', 'saber', 3],
  ] as const)('%s', (_name, className, spent) => {
    let s = room({
      x: { seat: 's1', sheet: servant({ className, stats: { str: 'A', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' } }) },
      b: { seat: 's2', sheet: servant() },
      c: { seat: 's3', sheet: servant() },
      d: { seat: 's4', sheet: servant() },
    });
    s = prepareAll(start(s, [{ character: 'x', side: 'X' }, { character: 'b', side: 'B' }, { character: 'c', side: 'C' }, { character: 'd', side: 'D' }]));
    expect(s.battle!.engaged.x).toEqual(['b', 'c', 'd']);
    const vs = { b: j('smash'), c: j('smash'), d: j('smash') };
    s = submit(s, 'x', { slots: [{ type: 'play', vs }, ...Array.from({ length: 4 }, () => ({ type: 'play' as const, vs: { b: j('wait'), c: j('wait'), d: j('wait') } }))], activatePlus: [] }).state;
    for (const id of ['b', 'c', 'd']) {
      const others = ['x', 'b', 'c', 'd'].filter((o) => o !== id);
      const wait = Object.fromEntries(others.map((o) => [o, j('wait')]));
      s = submit(s, id, { slots: Array.from({ length: 5 }, () => ({ type: 'play' as const, vs: wait })), activatePlus: [] }).state;
    }
    expect(poolOf(s, 'x').smash).toBe(5 - spent);
    expect(hitsOf(s).filter((h) => h.attacker === 'x')).toHaveLength(3);
  });

  const assassin = { alias: 'Shadow', className: 'assassin' as const, stats: { str: 'A', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' }, attackBonuses: [{ source: '괴력', amount: 3, kinds: ['smash' as const] }] };
  test('TV-BATTLE-16 GW-CLASS-03 an Assassin`s 일반 강타 on a front-row servant splashes 2 on the back-row master', () => {
    let s = pair({ b: assassin, maIn: 'back' });
    s = submit(s, 'a', planVs('b', [j('rush')])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [j('smash')])).state;
    expect(s.battle!.phase).toBe('window');
    s = windowDecl(s, 'ma', { actions: [] }).state;
    expect(hitsOf(s).map((h) => [h.target, h.hp, h.via])).toEqual([['a', 8, 'pairing'], ['ma', 2, 'splash']]);
  });

  test('TV-BATTLE-13 GW-SEAL-08 001 Absolute Defense: the losing servant and the back-row master take 0', () => {
    let s = pair({ b: assassin, maIn: 'back' });
    s = submit(s, 'a', planVs('b', [j('rush')])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [j('smash')])).state;
    s = windowDecl(s, 'ma', { actions: [{ seal: 'absoluteDefense', slot: 1 }] }).state;
    expect(hitsOf(s).map((h) => [h.target, h.hp])).toEqual([['a', 0], ['ma', 0]]);
    expect([hpOf(s, 'a'), hpOf(s, 'ma')]).toEqual([60, 30]);
    expect((s.characters.ma!.sheet as MasterSheet).sealsLeft).toBe(2);
  });

  test('TV-BATTLE-14 GW-SEAL-10 GW-BATTLE-11 after reveal the master swaps 강타 for 맹공: it wins, 강타 returns', () => {
    let s = pair({ maIn: 'back' });
    s = submit(s, 'a', planVs('b', [j('wait'), j('wait'), j('smash')])).state;
    s = submit(s, 'ma', planVs('', [])).state;
    s = submit(s, 'b', planVs('a', [j('wait'), j('wait'), j('counter')])).state;
    s = windowDecl(s, 'ma', { actions: [{ seal: 'actionRestriction', slot: 3, opponent: 'b', judgment: j('rush') }] }).state;
    expect(hitsOf(s).map((h) => [h.slot, h.attacker])).toEqual([[3, 'a']]);
    expect(poolOf(s, 'a')).toMatchObject({ smash: 3, rush: 2 });
    expect(poolOf(s, 'b').counter).toBe(2);
  });

  test('GW-SEAL-10 firstBatchOnly refuses the swap after batch 1', () => {
    let s = pair({ maIn: 'back', options: { actionRestrictionWindow: 'firstBatchOnly' } });
    for (let batch = 1; batch <= 2; batch++) {
      s = submit(s, 'a', planVs('b', [])).state;
      s = submit(s, 'ma', planVs('', [])).state;
      s = submit(s, 'b', planVs('a', [])).state;
      const swap = { type: 'battle.window' as const, decl: { actions: [{ seal: 'actionRestriction' as const, slot: 1, opponent: 'b', judgment: j('rush') }] } };
      if (batch === 2) expect(refused(s, seat('s3'), swap)).toBe('FIRST_BATCH_ONLY GW-SEAL-10');
      s = windowDecl(s, 'ma', { actions: [] }).state;
    }
  });

  test('TV-BATTLE-15 GW-SUP-02 a master physically supporting the servant`s 강타 adds 2 and spends its card', () => {
    let s = pair({ maIn: 'back' });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'ma', planVs('', [{ type: 'support', ally: 'a', opponent: 'b', mode: 'physical', card: 'normal', aspect: 'smash' }])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    s = windowDecl(s, 'ma', { actions: [] }).state;
    expect(hitsOf(s).map((h) => h.hp)).toEqual([5]);
    expect(poolOf(s, 'ma').normal).toBe(2);
    expect(s.battle!.history[0]!.supports).toEqual([{ supporter: 'ma', ally: 'a', opponent: 'b', mode: 'physical', accepted: true }]);
  });

  test.each([
    ['GW-SUP-01 magic support from the own master adds the sheet`s value at the spell`s grade (C: 5) and spends a spell card', [], [0, 1, 5, 7, 9], 3 + 5],
    ['GW-SUP-01 GW-SPEC-02 with the magic specialization the spell counts one grade up (B: 7)', ['magic' as const], [0, 1, 5, 7, 9], 3 + 7],
    ['GW-SUP-01 a master whose sheet gives no support effect casts for nothing (GAP)', [], undefined, 3],
  ])('%s', (_name, specializations, magicSupport, damage) => {
    let s = pair({ maIn: 'back', ma: { spells: { cards: 2, grade: 'C' }, specializations, ...(magicSupport ? { magicSupport } : {}) }, options: { coopSupportRule: true } });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = submit(s, 'ma', planVs('', [{ type: 'support', ally: 'a', opponent: 'b', mode: 'magic' }])).state;
    s = submit(s, 'b', planVs('a', [])).state;
    s = windowDecl(s, 'ma', { actions: [] }).state;
    expect(hitsOf(s).map((h) => h.hp)).toEqual([damage]);
    expect(poolOf(s, 'ma').magecraft).toBe(1);
  });

  test('TV-BATTLE-17 GW-BATTLE-20 GW-BATTLE-21 GW-INFO-06 a withdrawal after 4 judgments: no battle info, the other side wins', () => {
    let s = pair();
    s = submit(s, 'a', planVs('b', [j('smash'), j('counter'), j('rush'), j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('wait'), j('wait'), j('wait'), j('wait'), { type: 'withdraw' }])).state);
    const b = s.battle!;
    expect([b.phase, b.endReason, b.slotsPlayed, b.winner]).toEqual(['ended', 'withdrawal', 4, 'A']);
    const ra = b.rewards!.find((r) => r.character === 'a')!;
    // GW-XP-02 1 + GW-XP-03 front 1 + GW-XP-04 win 2; GW-MERIT-07 front-row win +1.
    expect([ra.xp, ra.merit, ra.info]).toEqual([4, 1, []]);
    const rb = b.rewards!.find((r) => r.character === 'b')!;
    expect([rb.xp, rb.merit]).toEqual([2, 0]);
  });

  test('GW-INFO-06 GW-INFO-08 a battle of ten slots gives +1 전투 per opposing servant, +1 more for an NP user', () => {
    const np = { id: 'n', name: 'N', npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 1, mpDamage: 0, mpCost: 0, cards: 1 };
    let s = pair({ b: { noblePhantasms: [np] } });
    for (let batch = 1; batch <= 2; batch++) {
      s = submit(s, 'a', planVs('b', [])).state;
      s = passWindow(submit(s, 'b', planVs('a', batch === 1 ? [j('np', { np: 'n' })] : [])).state);
    }
    const b = s.battle!;
    expect([b.phase, b.endReason, b.slotsPlayed]).toEqual(['ended', 'batchesDone', 10]);
    // Damage decides the winner when both stand and nobody withdrew (BATTLE-21 (c)).
    expect(b.winner).toBe('B');
    expect(b.rewards!.find((r) => r.character === 'a')!.info).toEqual([{ target: 'b', type: 'combat', points: 2 }]);
    expect(b.rewards!.find((r) => r.character === 'b')!.info).toEqual([{ target: 'a', type: 'combat', points: 1 }]);
  });

  test('TV-INFO-09 GW-INFO-11 GW-INFO-18 with the true name known a battle gain doubles and becomes XP', () => {
    let s = pair({ knowledge: [knows('a', 'b', { trueNameKnown: true }), knows('b', 'a')] });
    for (let batch = 1; batch <= 2; batch++) {
      s = submit(s, 'a', planVs('b', [])).state;
      s = passWindow(submit(s, 'b', planVs('a', [])).state);
    }
    const ra = s.battle!.rewards!.find((r) => r.character === 'a')!;
    // No winner (no damage either way): participation 1 + front 1 + 2 converted info points.
    expect([ra.info, ra.xp]).toEqual([[], 4]);
  });

  test('TV-MERIT-04 GW-MERIT-07 GW-XP-03 GW-XP-05 a front-row master beating a servant: merit (1 + 1) × 2 and XP', () => {
    let s = room({ m: { seat: 's1', sheet: master({ grade: 3 }) }, b: { seat: 's2', sheet: servant({ hp: { current: 1, max: 60 } }) } });
    s = prepareAll(start(s, [{ character: 'm', side: 'A', row: 'front' }, { character: 'b', side: 'B' }], { knowledge: [knows('m', 'b')] }));
    s = submit(s, 'm', planVs('b', [j('normal', { aspect: 'smash' })])).state;
    s = passWindow(submit(s, 'b', planVs('m', [])).state);
    const b = s.battle!;
    expect([b.endReason, b.winner, b.participants[1]!.status]).toEqual(['sideDown', 'A', 'defeated']);
    const r = b.rewards!.find((x) => x.character === 'm')!;
    expect(r.merit).toBe(4);
    // 1 participation + 1 front + 1 per front-row enemy servant + 2 win + 3 defeat.
    expect(r.xp).toBe(8);
    expect(s.characters.m!.sheet.merit).toBe(14);
  });
});
