import { describe, expect, test } from 'vitest';
import type { Knowledge } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { Relation } from './relations.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, hitsOf, judgment as j, master, passWindow, planVs, prepareAll, refused, room, run, seat, servant, start, submit } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';
import { view } from './view.ts';

const known = (knower: string, target: string): Knowledge => ({ knower, target, total: 0, believed: 0, classKnown: true, failedGuess: false, trueNameKnown: false });
const rel = (holder: string, other: string, score: number): Relation => ({ holder, other, score });
const np = { id: 'np', name: 'NP', npType: 'antiPersonnel' as const, mode: 'alwaysActive' as const, hpDamage: 7, mpDamage: 0, mpCost: 0, cards: 1 };

/** Servants s1 and s2 side by side (seats s1, s2) against servant e (s3); s2's master m (s4) stays out of the battle. */
function together(relations: Relation[], options: Partial<GrailWarOptions> = {}): GrailWarState {
  let s = room(
    {
      s1: { seat: 's1', sheet: servant({ noblePhantasms: [np] }) },
      s2: { seat: 's2', sheet: servant() },
      m: { seat: 's4', partner: 's2', sheet: master() },
      e: { seat: 's3', sheet: servant() },
    },
    options,
  );
  for (const r of relations) s = run(s, GM, { type: 'relation.set', entry: r }).state;
  s = start(s, [{ character: 's1', side: 'A' }, { character: 's2', side: 'A' }, { character: 'e', side: 'B' }], { knowledge: [known('s1', 'e'), known('s2', 'e'), known('e', 's1'), known('e', 's2')] });
  return prepareAll(s);
}

/** Slot 1: s1 plays `card` at e, s2 plays 강타 at e, e waits; the damage each of s1 and s2 deals. */
function strike(s: GrailWarState, card: ReturnType<typeof j>): [number, number] {
  s = submit(s, 's1', planVs('e', [card])).state;
  s = submit(s, 's2', planVs('e', [j('smash')])).state;
  s = passWindow(submit(s, 'e', { slots: Array.from({ length: 5 }, () => ({ type: 'play' as const, vs: { s1: j('wait'), s2: j('wait') } })), activatePlus: [] }).state);
  const by = (id: string) => hitsOf(s).filter((h) => h.attacker === id).reduce((n, h) => n + h.hp, 0);
  return [by('s1'), by('s2')];
}

describe('GW-REL-04 the relationship bonus in battle (DMG-01 step 3)', () => {
  test.each([
    ['TV-REL-03 GW-REL-04 servants at +2 each way on one side: +1 on each non-NP damage', [rel('s1', 's2', 2), rel('s2', 's1', 2)], j('smash'), [4, 4]],
    ['GW-REL-04 GW-DMG-01 the +1 is not for NPs', [rel('s1', 's2', 2), rel('s2', 's1', 2)], j('np', { np: 'np' }), [7, 4]],
    ['GW-REL-04 GW-REL-07 the holder provides it: s2 holding s1 at +3 gives s1 the +1, not s2', [rel('s2', 's1', 3)], j('smash'), [4, 3]],
    ['GW-REL-04 +1 is not enough', [rel('s1', 's2', 1), rel('s2', 's1', 1)], j('smash'), [3, 3]],
    ['GW-REL-04 a negative score gives no damage bonus', [rel('s1', 's2', -3), rel('s2', 's1', -3)], j('smash'), [3, 3]],
  ] as const)('%s', (_name, relations, card, expected) => {
    expect(strike(together([...relations]), card)).toEqual(expected);
  });

  test('GW-REL-04 a master at +2 with its servant adds nothing (servants only)', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, m: { seat: 's2', partner: 'a', sheet: master() }, e: { seat: 's3', sheet: servant() } });
    s = run(s, GM, { type: 'relation.set', entry: rel('m', 'a', 3) }).state;
    s = prepareAll(start(s, [{ character: 'a', side: 'A' }, { character: 'm', side: 'A', row: 'back' }, { character: 'e', side: 'B' }], { knowledge: [known('a', 'e'), known('e', 'a')] }));
    s = submit(s, 'a', planVs('e', [j('smash')])).state;
    s = submit(s, 'm', planVs('', [])).state;
    s = submit(s, 'e', planVs('a', [])).state;
    s = run(s, seat('s2'), { type: 'battle.window', decl: { actions: [] } }).state;
    expect(hitsOf(s).map((h) => h.hp)).toEqual([3]);
  });
});

describe('GW-REL-01..08 the chart the GM keeps', () => {
  const cast = () => room({ a: { seat: 's1', sheet: servant() }, m: { seat: 's2', partner: 'a', sheet: master() }, b: { seat: 's3', sheet: servant() } });

  test('GW-REL-01 a master and its servant start registered with each other at 0', () => {
    expect(cast().relations).toEqual([rel('m', 'a', 0), rel('a', 'm', 0)]);
  });

  test('GW-REL-01 GW-REL-05 a holder keeps at most 8 entries; a rescore of an entry it has is not a new one', () => {
    const ids = Array.from({ length: 9 }, (_, i) => `x${i}`);
    let s = room(Object.fromEntries([['h', { seat: 's1', sheet: servant() }], ...ids.map((id, i) => [id, { seat: `s${i + 2}`, sheet: servant() }])]));
    for (const id of ids.slice(0, 8)) s = run(s, GM, { type: 'relation.set', entry: rel('h', id, 0) }).state;
    expect(refused(s, GM, { type: 'relation.set', entry: rel('h', 'x8', 1) })).toBe('RELATIONS_FULL GW-REL-05');
    s = run(s, GM, { type: 'relation.set', entry: rel('h', 'x0', 2) }).state;
    s = run(s, GM, { type: 'relation.remove', holder: 'h', other: 'x1' }).state;
    s = run(s, GM, { type: 'relation.set', entry: rel('h', 'x8', 1) }).state;
    expect(s.relations.filter((r) => r.holder === 'h')).toHaveLength(8);
  });

  test.each([
    ['GW-REL-02 a score outside −3..+3', GM, { type: 'relation.set', entry: rel('a', 'b', 4) }, 'BAD_SCORE GW-REL-02'],
    ['GW-REL-01 an entry for oneself', GM, { type: 'relation.set', entry: rel('a', 'a', 1) }, 'BAD_RELATION GW-REL-01'],
    ['GW-REL-08 a contracted pair cannot break its entries', GM, { type: 'relation.remove', holder: 'a', other: 'm' }, 'PAIR_CANNOT_BREAK GW-REL-08'],
    ['GW-REL-06 removing an entry that is not there', GM, { type: 'relation.remove', holder: 'a', other: 'b' }, 'NO_SUCH_ENTRY GW-REL-06'],
    ['GW-REL-01 the GM keeps the chart until the campaign layer exists', seat('s1'), { type: 'relation.set', entry: rel('a', 'b', 1) }, 'NOT_GM'],
  ] as const)('%s', (_name, actor, command, code) => {
    expect(refused(cast(), actor, command)).toBe(code);
  });

  test('GW-REL-06 GW-REL-07 one side may keep its entry while the other side`s is gone', () => {
    let s = cast();
    s = run(s, GM, { type: 'relation.set', entry: rel('a', 'b', 2) }).state;
    s = run(s, GM, { type: 'relation.set', entry: rel('b', 'a', 2) }).state;
    s = run(s, GM, { type: 'relation.remove', holder: 'b', other: 'a' }).state;
    const between = (r: Relation) => ['a', 'b'].includes(r.holder) && ['a', 'b'].includes(r.other);
    expect(s.relations.filter(between)).toEqual([rel('a', 'b', 2)]);
  });

  test('GW-HIDE-F15 GW-HIDE-F16 entries and scores reach their holder and the GM only; the counterpart is not told of a cut', () => {
    let s = cast();
    const set = run(s, GM, { type: 'relation.set', entry: rel('b', 'a', -2) });
    s = set.state;
    const seen = (v: Parameters<typeof view>[1]) => view(s, v).relations;
    expect(seen(GM)).toContainEqual(rel('b', 'a', -2));
    expect(seen(seat('s3'))).toEqual([rel('b', 'a', -2)]);
    // a is the counterpart, m is a's partner: neither sees b's entry; a sees its own entries only.
    expect(seen(seat('s1'))).toEqual([rel('a', 'm', 0)]);
    expect(seen(seat('s2'))).toEqual([rel('m', 'a', 0)]);
    expect(seen(SPECTATOR)).toEqual([]);
    expect(set.events.map((e) => viewEvent(e, seat('s1')))).toEqual([null]);
    const cut = run(s, GM, { type: 'relation.remove', holder: 'b', other: 'a' });
    expect(cut.events.map((e) => viewEvent(e, seat('s1')))).toEqual([null]);
    expect(cut.events.map((e) => viewEvent(e, seat('s3')))).toEqual([{ type: 'relation.removed', holder: 'b', other: 'a' }]);
  });
});

describe('GW-REL-04 negative 2: ambushes need the relationship (BATTLE-M2)', () => {
  test('GW-REL-04 GW-BATTLE-M2 a side without a master holding the target at −2 or below cannot open with an ambush', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, m: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } });
    const cmd = { type: 'battle.start' as const, scene: 'night' as const, participants: [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], regions: {}, knowledge: [], ambushSide: 'A' };
    expect(refused(s, GM, cmd)).toBe('NO_AMBUSH_RELATION GW-REL-04');
    s = run(s, GM, { type: 'relation.set', entry: rel('m', 'b', -1) }).state;
    expect(refused(s, GM, cmd)).toBe('NO_AMBUSH_RELATION GW-REL-04');
    // The servant's own −2 is not the master variant.
    s = run(s, GM, { type: 'relation.set', entry: rel('a', 'b', -3) }).state;
    expect(refused(s, GM, cmd)).toBe('NO_AMBUSH_RELATION GW-REL-04');
    s = run(s, GM, { type: 'relation.set', entry: rel('m', 'b', -2) }).state;
    expect(run(s, GM, cmd).state.battle!.ambushSide).toBe('A');
  });

  test('GW-REL-04 GW-BATTLE-M2 a servant may turn only on an ally it holds at −2 or below', () => {
    const s = together([rel('s1', 's2', -1)]);
    expect(refused(s, seat('s1'), { type: 'battle.betray' })).toBe('NO_AMBUSH_RELATION GW-REL-04');
    expect(run(together([rel('s1', 's2', -2)]), seat('s1'), { type: 'battle.betray' }).state.battle!.engaged.s1).toEqual(['s2', 'e']);
  });
});

describe('GW-SEAL-09 Binding Order moves the servant`s relationship score (000 effect)', () => {
  test.each([
    ['GW-SEAL-09 000: max sets the servant`s score for its master to +3', { sealRules: '000' as const }, 'max' as const, 3],
    ['GW-SEAL-09 001 without the trust trial keeps the 000 effect: min sets −3', {}, 'min' as const, -3],
  ])('%s', (_name, options, extreme, score) => {
    const s = room({ a: { seat: 's1', sheet: servant() }, m: { seat: 's2', partner: 'a', sheet: master() } }, options);
    const out = run(s, seat('s2'), { type: 'seal.bind', order: 'Guard me', extreme });
    expect(out.state.relations.find((r) => r.holder === 'a' && r.other === 'm')!.score).toBe(score);
    expect(out.events.map((e) => viewEvent(e, seat('s1')))).toEqual([{ type: 'seal.bound', character: 'm', servant: 'a', binding: { order: 'Guard me', extreme }, trust: null, score }]);
  });
});
