import { describe, expect, test } from 'vitest';
import { gwPrebattleDecl } from '@veiltable/protocol/games/grail-war';
import type { GrailWarOptions } from './options.ts';
import { long, short } from './scene-test-support.ts';
import type { ShopItemId } from './shop-catalogue.ts';
import { AUTOMATON_MP, CATALOGUE, reconReach } from './shop-catalogue.ts';
import { gmDoes, shopping } from './shop-test-support.ts';
import type { GrailWarState } from './state.ts';
import { knows, poolOf } from './test-pair.ts';
import { GM, hitsOf, judgment as j, master, passWindow, planVs, prepareAll, readAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';

/** Servant a (s1) contracted to master ma (s3); servant b (s2) stands alone. */
const table = (options: Partial<GrailWarOptions> = {}) =>
  room(
    {
      a: { seat: 's1', sheet: servant({ stats: { str: 'B', end: 'C', agi: 'C', mag: 'A', luk: 'C', np: 'C' } }) },
      ma: { seat: 's3', partner: 'a', sheet: master({ mp: { current: 25, max: 40 } }) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
    },
    options,
  );
const owned = (s: GrailWarState, id: string) => ({ funds: s.characters[id]!.funds, stash: s.characters[id]!.stash, items: s.characters[id]!.sheet.items, consumables: s.characters[id]!.sheet.consumables });

describe('GW-ITEM-01 the item table [000 §4]: every item, its grade and its price in 자금점', () => {
  // "마술 예장과 소모품은 E등급 부터 A등급까지 5등급으로 나뉘어져 있으며, 구입 및 제작에 '자금점'을 소모합니다."
  test.each([
    ['GW-ITEM-E1 ① 수호의 부적(4점)', 'guardianCharm', 'E', 4],
    ['GW-ITEM-D1 ① 거인의 허리띠(8점)', 'giantsBelt', 'D', 8],
    ['GW-ITEM-D2 ② 뇌격의 방패(8점)', 'thunderboltShield', 'D', 8],
    ['GW-ITEM-D3 ③ 요정의 신발(8점)', 'fairyShoes', 'D', 8],
    ['GW-ITEM-C1 ① 네코테(12점)', 'nekote', 'C', 12],
    ['GW-ITEM-C2 ② 생명의 부적(12점)', 'lifeCharm', 'C', 12],
    ['GW-ITEM-B1 ① 수정구슬(16점)', 'crystalBall', 'B', 16],
    ['GW-ITEM-B2 ② 마력의 목걸이(16점)', 'manaNecklace', 'B', 16],
    ['GW-ITEM-B3 ③ 마술사의 망토(16점)', 'magusCloak', 'B', 16],
    ['GW-ITEM-A1 ① 토끼발 목걸이(20점)', 'rabbitsFoot', 'A', 20],
    ['GW-ITEM-E2 ① 회복 물약 (2점)', 'recoveryPotion', 'E', 2],
    ['GW-ITEM-D4 ① 생명의 물약 (4점)', 'lifePotion', 'D', 4],
    ['GW-ITEM-D5 ② 정신의 물약 (4점)', 'mindPotion', 'D', 4],
    ['GW-ITEM-C3 ① 보호의 물약 (6점)', 'protectionPotion', 'C', 6],
    ['GW-ITEM-C4 ② 정찰용 자동 인형 (6점)', 'scoutAutomaton', 'C', 6],
    ['GW-ITEM-B4 ① 광전사의 물약(8점)', 'berserkerPotion', 'B', 8],
    ['GW-ITEM-B5 ② 전투용 자동 인형(8점)', 'combatAutomaton', 'B', 8],
    ['GW-ITEM-A2 ① 사랑의 묘약(10점)', 'lovePotion', 'A', 10],
  ] as const)('%s: grade and price; the exact price buys it from a shop that stocks it, one less is refused', (name, item, grade, price) => {
    expect([CATALOGUE[item].rule, CATALOGUE[item].grade, CATALOGUE[item].price]).toEqual([name.split(' ')[0], grade, price]);
    const s = shopping(table(), { ma: short('p1', 'buyCraft') }, [item], { ma: price });
    const bought = run(s, seat('s3'), { type: 'shop.buy', item }).state;
    const got = owned(bought, 'ma');
    expect(got.funds).toBe(0);
    expect(CATALOGUE[item].kind === 'mysticCode' ? got.stash : Object.keys(got.consumables).filter((k) => got.consumables[k as keyof typeof got.consumables])).toEqual([item]);
    const poor = gmDoes(s, { type: 'funds.grant', character: 'ma', amount: -1 });
    expect(refused(poor, seat('s3'), { type: 'shop.buy', item })).toBe(`NOT_ENOUGH_FUNDS ${CATALOGUE[item].rule}`);
  });
});

describe('GW-ITEM-01 buying: the place\'s shop, the declared 구매 / 제작 half, outside battle (FLOW-05, HIDE-D12)', () => {
  const stock: ShopItemId[] = ['recoveryPotion', 'nekote'];
  test.each([
    ['GW-ITEM-01 "지역에 따라 구입 가능한 물품의 항목이 다를 수도 있습니다": an item p1 does not stock', { ma: short('p1', 'buyCraft') }, 'lifePotion', 'NOT_IN_STOCK GW-ITEM-01'],
    ['GW-ITEM-01 the shop is the character\'s own place: p2 has none', { ma: short('p2', 'buyCraft') }, 'recoveryPotion', 'NOT_IN_STOCK GW-ITEM-01'],
    ['GW-FLOW-05 a first half declared as labor, not 구매 / 제작', { ma: short('p1', 'labor', 'buyCraft') }, 'recoveryPotion', 'NOT_DECLARED_NOW GW-FLOW-05'],
    ['GW-ITEM-01 DEFAULT one copy of each Mystic Code', { ma: short('p1', 'buyCraft') }, 'nekote', 'ALREADY_OWNED GW-ITEM-01'],
  ] as const)('%s', (_name, decls, item, code) => {
    let s = shopping(table(), decls, stock, { ma: 30 });
    if (item === 'nekote') s = run(s, seat('s3'), { type: 'shop.buy', item }).state;
    expect(refused(s, seat('s3'), { type: 'shop.buy', item })).toBe(code);
  });

  test('GW-FLOW-05 a short 구매 / 제작 in the second half buys then and not in the first; a long one buys in both', () => {
    let s = shopping(table(), { ma: short('p1', 'rest', 'buyCraft'), a: long('p1', 'buyCraft') }, stock, { ma: 10, a: 10 });
    expect(refused(s, seat('s3'), { type: 'shop.buy', item: 'recoveryPotion' })).toBe('NOT_DECLARED_NOW GW-FLOW-05');
    s = run(s, seat('s1'), { type: 'shop.buy', item: 'recoveryPotion' }).state;
    s = gmDoes(s, { type: 'scene.resolve' }, { type: 'scene.resolve' }, { type: 'scene.resolve' });
    expect(s.campaign.resolved).toBe(4);
    s = run(s, seat('s3'), { type: 'shop.buy', item: 'recoveryPotion' }).state;
    s = run(s, seat('s1'), { type: 'shop.buy', item: 'recoveryPotion' }).state;
    expect([owned(s, 'ma').funds, owned(s, 'a').funds, owned(s, 'a').consumables.recoveryPotion]).toEqual([8, 6, 2]);
  });

  test('GW-HIDE-D12 purchases happen outside battle; the GM may buy for a character at its table between scenes', () => {
    let s = gmDoes(table(), { type: 'funds.grant', character: 'ma', amount: 20 });
    s = run(s, GM, { type: 'shop.buy', item: 'nekote', character: 'ma' }).state;
    expect(owned(s, 'ma')).toMatchObject({ funds: 8, stash: ['nekote'] });
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] });
    expect(refused(s, GM, { type: 'shop.buy', item: 'recoveryPotion', character: 'ma' })).toBe('BATTLE_IN_PROGRESS GW-HIDE-D12');
    expect(refused(s, GM, { type: 'item.equip', item: 'nekote', equip: true, character: 'ma' })).toBe('BATTLE_IN_PROGRESS GW-HIDE-D12');
  });
});

describe('GW-ITEM-01 crafting 제작: the price, no shop needed (INFERRED), `opt:crafting`', () => {
  test.each([
    ['anyone crafts what no shop stocks, for its price', {}, 's1', 'ok'],
    ['`crafting: masters` refuses a servant', { crafting: 'masters' as const }, 's1', 'MASTERS_CRAFT GW-ITEM-01'],
    ['`crafting: masters` lets a master craft', { crafting: 'masters' as const }, 's3', 'ok'],
    ['`crafting: off`', { crafting: 'off' as const }, 's3', 'RULE_OFF GW-ITEM-01'],
  ])('GW-ITEM-01 %s', (_name, options, who, expected) => {
    const s = shopping(table(options), { a: short('p2', 'buyCraft'), ma: short('p2', 'buyCraft') }, [], { a: 12, ma: 12 });
    const r = who === 's1' ? 'a' : 'ma';
    if (expected !== 'ok') return expect(refused(s, seat(who), { type: 'shop.craft', item: 'lifeCharm' })).toBe(expected);
    const after = run(s, seat(who), { type: 'shop.craft', item: 'lifeCharm' });
    expect(owned(after.state, r)).toMatchObject({ funds: 0, stash: ['lifeCharm'] });
    expect(readAll(after.events)).toContainEqual({ type: 'item.bought', character: r, item: 'lifeCharm', price: 12, crafted: true, funds: 0 });
  });
});

describe('GW-ITEM-01 "마술 예장은 마스터가 장비하여": wearing what one owns, and battles reading what is worn', () => {
  /** ma owns the items (granted by the GM) and wears them; a (STR B, MAG A) then fights b. */
  const worn = (items: ShopItemId[]) => {
    let s = gmDoes(table(), ...items.map((item) => ({ type: 'item.grant' as const, character: 'ma', item, count: 1 })));
    for (const item of items) s = run(s, seat('s3'), { type: 'item.equip', item: item as 'giantsBelt', equip: true }).state;
    return prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] }));
  };

  test('TV-ITEM-01 "given servant STR B (4 강타 cards, damage 4) with a Giant\'s Belt; expect 5 강타 cards of damage 6"', () => {
    expect(poolOf(worn([]), 'a').smash).toBe(4);
    let s = worn(['giantsBelt']);
    expect(poolOf(s, 'a').smash).toBe(5);
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    s = passWindow(submit(s, 'b', planVs('a', [])).state);
    expect(hitsOf(s).map((h) => h.hp)).toEqual([6]);
  });

  test('GW-ITEM-01 a servant does not wear Mystic Codes; a code owned but not worn does nothing; taking it off returns it', () => {
    let s = gmDoes(table(), { type: 'item.grant', character: 'a', item: 'giantsBelt', count: 1 }, { type: 'item.grant', character: 'ma', item: 'giantsBelt', count: 1 });
    expect(refused(s, seat('s1'), { type: 'item.equip', item: 'giantsBelt', equip: true })).toBe('MASTERS_EQUIP GW-ITEM-01');
    expect(refused(s, seat('s3'), { type: 'item.equip', item: 'giantsBelt', equip: false })).toBe('NOT_EQUIPPED GW-ITEM-01');
    s = run(s, seat('s3'), { type: 'item.equip', item: 'giantsBelt', equip: true }).state;
    expect(owned(s, 'ma')).toMatchObject({ stash: [], items: ['giantsBelt'] });
    s = run(s, seat('s3'), { type: 'item.equip', item: 'giantsBelt', equip: false }).state;
    expect(owned(s, 'ma')).toMatchObject({ stash: ['giantsBelt'], items: [] });
    expect(poolOf(prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] })), 'a').smash).toBe(4);
  });

  test('GW-ITEM-B1 수정구슬 "착용 시 마스터 <정찰> 범위가 주변 1칸 범위로 증가": worn by a master, recon reaches 1 칸 around', () => {
    let s = gmDoes(table(), { type: 'item.grant', character: 'ma', item: 'crystalBall', count: 1 });
    expect(reconReach(s.characters.ma!.sheet)).toBe(0);
    s = run(s, seat('s3'), { type: 'item.equip', item: 'crystalBall', equip: true }).state;
    expect(reconReach(s.characters.ma!.sheet)).toBe(1);
    expect(reconReach({ kind: 'servant', items: ['crystalBall'] })).toBe(0);
  });
});

describe('GW-ITEM consumables used outside battle (item.use)', () => {
  test('GW-ITEM-E2 "1회 사용, 사용 시 생명력 5점, 마력 5점 회복": spent, 5 and 5 back', () => {
    let s = gmDoes(table(), { type: 'item.grant', character: 'ma', item: 'recoveryPotion', count: 2 });
    s = run(s, seat('s3'), { type: 'item.use', item: 'recoveryPotion' }).state;
    expect([s.characters.ma!.sheet.mp.current, s.characters.ma!.sheet.consumables.recoveryPotion]).toEqual([30, 1]);
  });

  test('GW-ITEM-C3 GW-ITEM-B4 "해당 장면에서": potions drunk before the battle hold in it; a servant\'s 광전사의 물약 names its kind', () => {
    let s = gmDoes(table(), { type: 'item.grant', character: 'a', item: 'protectionPotion', count: 1 }, { type: 'item.grant', character: 'a', item: 'berserkerPotion', count: 1 });
    expect(refused(s, seat('s1'), { type: 'item.use', item: 'berserkerPotion' })).toBe('POTION_NEEDS_KIND GW-ITEM-B4');
    s = run(s, seat('s1'), { type: 'item.use', item: 'berserkerPotion', kind: 'rush' }).state;
    s = run(s, seat('s1'), { type: 'item.use', item: 'protectionPotion' }).state;
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { knowledge: [knows('a', 'b'), knows('b', 'a')] }));
    const p = s.battle!.participants.find((x) => x.id === 'a')!;
    expect([p.protection, p.berserkerPotion, p.pool.rush]).toEqual([true, true, 4]);
  });

  test.each([
    ['GW-ITEM-C4 "사용할 때마다 마력 10점 소모, 원하는 지역 정찰 가능"', 'scoutAutomaton'],
    ['GW-ITEM-B5 "사용할 때마다 마력 10점 소모, [공격력 3] [방어력 3]의 보조용 사역마로 사용 가능"', 'combatAutomaton'],
  ] as const)('%s: the master\'s declared 자동 인형 action; 10 MP a use, and it stays', (_name, item) => {
    let s = shopping(table(), { ma: short('p1', 'automaton', 'rest'), a: short('p1', 'rest') }, [item], {});
    s = gmDoes(s, { type: 'item.grant', character: 'ma', item, count: 1 }, { type: 'item.grant', character: 'a', item, count: 1 });
    expect(refused(s, seat('s1'), { type: 'item.use', item })).toBe('NOT_DECLARED_NOW GW-FLOW-05');
    expect(refused(s, GM, { type: 'item.use', item, character: 'a' })).toBe('MASTERS_USE_AUTOMATONS GW-FLOW-05');
    const used = run(s, seat('s3'), { type: 'item.use', item });
    s = run(used.state, seat('s3'), { type: 'item.use', item }).state;
    expect([s.characters.ma!.sheet.mp.current, s.characters.ma!.sheet.consumables[item]]).toEqual([25 - 2 * AUTOMATON_MP, 1]);
    expect(readAll(used.events)).toContainEqual({ type: 'item.used', character: 'ma', item, target: null, mp: 10 });
    expect(refused(s, seat('s3'), { type: 'item.use', item })).toBe(`NOT_ENOUGH_MP ${CATALOGUE[item].rule}`);
    // "상대와 조우 시 파괴됨": the GM takes a destroyed automaton away.
    s = gmDoes(s, { type: 'item.grant', character: 'ma', item, count: -1 });
    expect(refused(s, seat('s3'), { type: 'item.use', item })).toBe(`NOT_OWNED ${CATALOGUE[item].rule}`);
  });

  test('GW-ITEM-A2 사랑의 묘약 "1회 사용, 사용 시 해당 인물의 관계도 점수 강제로 1점 상승": names its target, spent, told to the GM', () => {
    let s = gmDoes(table(), { type: 'item.grant', character: 'a', item: 'lovePotion', count: 1 });
    expect(refused(s, seat('s1'), { type: 'item.use', item: 'lovePotion' })).toBe('NEEDS_TARGET GW-ITEM-A2');
    expect(refused(s, seat('s1'), { type: 'item.use', item: 'lovePotion', target: 'a' })).toBe('NEEDS_TARGET GW-ITEM-A2');
    const used = run(s, seat('s1'), { type: 'item.use', item: 'lovePotion', target: 'b' });
    s = used.state;
    expect(s.characters.a!.sheet.consumables.lovePotion).toBe(0);
    expect(readAll(used.events, GM)).toContainEqual({ type: 'item.used', character: 'a', item: 'lovePotion', target: 'b', mp: 0 });
    expect(readAll(used.events, seat('s2'))).toEqual([null]);
  });

  test('GW-ITEM-C4 GW-ITEM-B5 GW-ITEM-A2 are no battle consumables: the pre-battle declaration does not carry them', () => {
    const decl = { row: null, seals: [], conviction: 0, activatePlus: [], guardian: false };
    for (const item of ['scoutAutomaton', 'combatAutomaton', 'lovePotion']) expect(gwPrebattleDecl.safeParse({ ...decl, consumables: [{ item }] }).success).toBe(false);
    expect(gwPrebattleDecl.safeParse({ ...decl, consumables: [{ item: 'lifePotion' }] }).success).toBe(true);
  });
});

describe('GW-CORE-04 funds 자금점: earned, corrected by the GM, never below 0', () => {
  test.each([
    ['노동 labor pays what the GM judges (GAP)', [5], 'labor', 5, null],
    ['a correction that would leave funds below 0 is refused', [3, -4], 'gm', 3, 'FUNDS_NEGATIVE GW-CORE-04'],
    ['a zero grant is no grant', [0], 'gm', 0, 'BAD_AMOUNT GW-CORE-04'],
  ] as const)('GW-CORE-04 %s', (_name, amounts, source, funds, code) => {
    let s = table();
    for (const [n, amount] of amounts.entries()) {
      const command = { type: 'funds.grant' as const, character: 'ma', amount, source };
      if (n === amounts.length - 1 && code) expect(refused(s, GM, command)).toBe(code);
      else s = run(s, GM, command).state;
    }
    expect(s.characters.ma!.funds).toBe(funds);
  });

  test('GW-ITEM-01 "구입 및 제작에 \'자금점\'을 소모합니다": a player\'s sheet edit keeps the inventory it holds; the GM\'s sets it', () => {
    let s = gmDoes(table(), { type: 'item.grant', character: 'ma', item: 'recoveryPotion', count: 1 });
    const edited = master({ name: 'Renamed', mp: { current: 25, max: 40 }, items: ['nekote', 'rabbitsFoot'], consumables: { lovePotion: 9 } });
    s = run(s, seat('s3'), { type: 'character.update', id: 'ma', sheet: edited }).state;
    expect(s.characters.ma!.sheet).toMatchObject({ name: 'Renamed', items: [], consumables: { recoveryPotion: 1 } });
    s = run(s, GM, { type: 'character.update', id: 'ma', sheet: edited }).state;
    expect(s.characters.ma!.sheet).toMatchObject({ items: ['nekote', 'rabbitsFoot'], consumables: { lovePotion: 9 } });
  });

  test('GW-ITEM-01 the GM stocks only places of the map, each item once', () => {
    const s = gmDoes(table(), { type: 'place.add', name: 'church' });
    expect(refused(s, GM, { type: 'shop.stock', place: 'p2', items: [] })).toBe('NO_SUCH_PLACE GW-FLOW-01');
    expect(refused(s, GM, { type: 'shop.stock', place: 'p1', items: ['nekote', 'nekote'] })).toBe('DUPLICATE_ITEM GW-ITEM-01');
    expect(refused(s, seat('s3'), { type: 'shop.stock', place: 'p1', items: [] })).toBe('NOT_GM');
  });
});
