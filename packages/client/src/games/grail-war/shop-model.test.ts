import { grailWar, type GrailWarState } from '@veiltable/engine/games/grail-war';
import { describe, expect, test } from 'vitest';
import { automatonProblem, inventoryRows, shopRows } from './shop-model.ts';
import { accepts, GM, masterSheet, run, seat, servantSheet, viewFor } from './test-room.ts';

const SABER = 'c1';
const RIN = 'c2';

/**
 * Saber (s2) and its master rin (s1, 25 MP, 10 funds) in the first half of a scene: rin declared 구매 / 제작 then
 * 자동 인형 at p1, whose shop sells a Recovery Potion, Nekote and a Mana Necklace (16); rin already owns Nekote.
 */
function scene(crafting: 'anyone' | 'masters' | 'off' = 'anyone', resolved = 1): GrailWarState {
  let s = grailWar.setup('d'.repeat(64));
  s = run(
    s,
    GM,
    { type: 'options.set', options: { crafting } },
    { type: 'character.register', seat: 's2', partner: null, sheet: servantSheet({}) },
    { type: 'character.register', seat: 's1', partner: SABER, sheet: masterSheet({ mp: { current: 25, max: 40 } }) },
    { type: 'place.add', name: 'church' },
    { type: 'shop.stock', place: 'p1', items: ['recoveryPotion', 'nekote', 'manaNecklace'] },
    { type: 'funds.grant', character: RIN, amount: 10 },
    { type: 'item.grant', character: RIN, item: 'nekote', count: 1 },
    { type: 'item.grant', character: RIN, item: 'scoutAutomaton', count: 1 },
    { type: 'scene.begin' },
  );
  s = run(s, seat('s1'), { type: 'scene.declare', decl: { place: 'p1', plan: { length: 'short', first: 'buyCraft', second: 'automaton' } } });
  s = run(s, seat('s2'), { type: 'scene.declare', decl: { place: 'p1', plan: { length: 'long', action: 'rest' } } });
  for (let n = 0; n < resolved; n += 1) s = run(s, GM, { type: 'scene.resolve' });
  return s;
}
const me = (s: GrailWarState, id: string, who = 's1') => viewFor(s, seat(who)).characters.find((c) => c.id === id)!;

describe('the shop panel closes exactly what the engine refuses (GW-ITEM-01, FLOW-05)', () => {
  test.each([
    ['first half, 구매 / 제작 declared: buy what p1 stocks', 'anyone', 1, 'buy', { recoveryPotion: null, nekote: 'owned', manaNecklace: 'funds' }],
    ['second half, 자동 인형 declared: nothing is bought now', 'anyone', 4, 'buy', { recoveryPotion: 'notNow', nekote: 'notNow', manaNecklace: 'notNow' }],
  ] as const)('%s', (_name, crafting, resolved, mode, expected) => {
    const s = scene(crafting, resolved);
    const rows = shopRows(viewFor(s, seat('s1')), me(s, RIN), mode);
    expect(Object.fromEntries(rows.map((r) => [r.item, r.problem]))).toEqual(expected);
    for (const r of rows) expect(accepts(s, seat('s1'), { type: 'shop.buy', item: r.item }) === 'ok', r.item).toBe(r.problem === null);
  });

  test.each([
    ['anyone crafts', 'anyone', 's1', RIN],
    ['a servant may not craft under `crafting: masters`', 'masters', 's2', SABER],
    ['nobody crafts under `crafting: off`', 'off', 's1', RIN],
  ] as const)('craft: %s', (_name, crafting, who, id) => {
    const s = scene(crafting);
    const rows = shopRows(viewFor(s, seat(who)), me(s, id, who), 'craft');
    expect(rows).toHaveLength(18);
    for (const r of rows) expect(accepts(s, seat(who), { type: 'shop.craft', item: r.item }) === 'ok', r.item).toBe(r.problem === null);
  });
});

describe('the inventory lists what the character owns and what each use needs', () => {
  test('a worn or stashed Mystic Code, consumables with counts, and the automaton\'s 10 MP in its declared half', () => {
    let s = scene('anyone', 4);
    s = run(s, GM, { type: 'item.grant', character: RIN, item: 'lovePotion', count: 2 });
    const rin = me(s, RIN);
    expect(inventoryRows(rin)).toEqual([
      { item: 'nekote', mysticCode: true, worn: false, canEquip: true },
      { item: 'scoutAutomaton', mysticCode: false, count: 1, needs: null, automaton: true },
      { item: 'lovePotion', mysticCode: false, count: 2, needs: 'target', automaton: false },
    ]);
    expect(automatonProblem(viewFor(s, seat('s1')), rin, 10)).toBeNull();
    expect(accepts(s, seat('s1'), { type: 'item.use', item: 'scoutAutomaton' })).toBe('ok');
    const early = scene('anyone', 1);
    expect(automatonProblem(viewFor(early, seat('s1')), me(early, RIN), 10)).toBe('notNow');
    expect(accepts(early, seat('s1'), { type: 'item.use', item: 'scoutAutomaton' })).toBe('NOT_DECLARED_NOW');
  });
});
