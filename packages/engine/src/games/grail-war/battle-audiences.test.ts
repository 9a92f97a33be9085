import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarState } from './state.ts';
import { knows, pair } from './test-pair.ts';
import { view } from './view.ts';
import { GM, SPECTATOR, judgment as j, master, passWindow, planVs, prepareAll, refused, room, run, seat, servant, slotsRead, start, submit } from './test-support.ts';

/** Who reads what of a battle's public and private moments (§17), rule by rule. */

const readers = { owner: seat('s1'), opponent: seat('s2'), partner: seat('s3'), spectator: SPECTATOR, gm: GM } as const;
const reach = (e: GrailWarEvent) => Object.entries(readers).filter(([, v]) => viewEvent(e, v) !== null).map(([k]) => k);

describe('GW-HIDE audiences in battle', () => {
  test('GW-HIDE-D6 a withdrawal: between batches only, and at once to the battle\'s participants, not to spectators', () => {
    let s = pair();
    const under = submit(s, 'a', planVs('b', [])).state;
    expect(refused(under, seat('s2'), { type: 'battle.withdraw' })).toBe('BATCH_UNDER_WAY GW-BATTLE-20');
    const out = run(s, seat('s2'), { type: 'battle.withdraw' });
    s = out.state;
    expect(s.battle!.phase).toBe('ended');
    expect(reach(out.events.find((e) => e.type === 'battle.withdrawn')!)).toEqual(['owner', 'opponent', 'partner', 'gm']);
  });

  test('GW-HIDE-F32 a servant vanishing after 강제 이탈 is told to everyone, spectators included', () => {
    let s: GrailWarState = pair({ a: { hp: { current: 2, max: 60 } }, regions: { a: 'r1', ma: 'r2', b: 'r1' } });
    s = submit(s, 'a', planVs('b', [])).state;
    s = passWindow(submit(s, 'b', planVs('a', [j('smash')])).state);
    s = run(run(s, seat('s3'), { type: 'seal.retreat' }).state, GM, { type: 'battle.close' }).state;
    const last = run(run(s, GM, { type: 'scene.end' }).state, GM, { type: 'scene.end' });
    expect(reach(last.events.find((e) => e.type === 'servant.vanished')!)).toEqual(['owner', 'opponent', 'partner', 'spectator', 'gm']);
  });

  test('GW-HIDE-F12 GW-INFO-04 the breakdown: the attacker\'s side sees its steps without the info term, the defender only the final damage', () => {
    // INFO-04: the battle reads T (false points −2), not the believed T the knower sees: d = 7 − 1 = 6 → +3.
    let s = pair({ knowledge: [knows('a', 'b', { total: 7, believed: 13 }), knows('b', 'a', { total: 1, believed: 1 })] });
    s = submit(s, 'a', planVs('b', [j('smash')])).state;
    const revealed = submit(s, 'b', planVs('a', []));
    const done = run(revealed.state, seat('s3'), { type: 'battle.window', decl: { actions: [] } });
    const hit = done.state.battle!.history[0]!.hits[0]!;
    expect([hit.hp, hit.steps.find((x) => x.step === 'info')!.amount]).toEqual([3 + 3, 3]);
    expect(slotsRead(done.events, readers.owner)[0]!.hits[0]!.steps!.map((x) => x.step)).toEqual(['base']);
    expect(slotsRead(done.events, readers.partner)[0]!.hits[0]!.steps!.map((x) => x.step)).toEqual(['base']);
    expect(slotsRead(done.events, readers.opponent)[0]!.hits[0]).toEqual({ attacker: 'a', target: 'b', hp: 6, mp: 0, via: 'pairing' });
  });

  /** Servant a (s1) carries a planted XP, grade, items and consumables; b (s2) fights it; regions are planted too. */
  function planted(): GrailWarState {
    let r = room({
      a: { seat: 's1', sheet: servant({ stats: { str: 'B', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' }, xp: 7919, grade: 4, consumables: { lifePotion: 3 }, items: ['rabbitsFoot'] }) },
      ma: { seat: 's3', partner: 'a', sheet: master() },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer' }) },
    });
    r = start(r, [{ character: 'a', side: 'A' }, { character: 'b', side: 'B' }], { regions: { a: 'REGION-A-zq', ma: 'REGION-MA-zq', b: 'REGION-B-zq' } });
    return prepareAll(r);
  }
  const text = (s: GrailWarState, v: (typeof readers)[keyof typeof readers]) => JSON.stringify(view(s, v));
  test.each([
    ['GW-HIDE-F04 GW-HIDE-F07 GW-HIDE-F09 the servant sheet (XP and grade, items owned and carried) reaches its owner, partner and the GM', ['"xp":7919', '"grade":4', '"rabbitsFoot"', '"lifePotion":3'], ['owner', 'partner', 'gm']],
    ['GW-HIDE-F19 where the battle\'s characters stand reaches no player: the GM keeps it', ['REGION-A-zq', 'REGION-MA-zq', 'REGION-B-zq'], []],
  ] as const)('%s', (_name, secrets, who) => {
    const s = planted();
    for (const secret of secrets) {
      const seen = Object.entries(readers).filter(([k, v]) => k !== 'gm' && text(s, v).includes(secret)).map(([k]) => k);
      expect([secret, seen]).toEqual([secret, who.filter((w) => w !== 'gm')]);
    }
  });

  test('GW-HIDE-F29 pre-battle declarations stay sealed until all have answered, then are revealed together to the battle', () => {
    let s = room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant({ alias: 'Lancer' }) } });
    s = start(s, [{ character: 'a', side: 'A' }, { character: 'ma', side: 'A', row: 'back' }, { character: 'b', side: 'B' }]);
    const first = run(s, seat('s3'), { type: 'battle.prepare', decl: { row: 'back', seals: ['defenseStance'], conviction: 1, consumables: [], activatePlus: [], guardian: false } });
    expect(JSON.stringify(viewEvent(first.events.find((e) => e.type === 'sealed.answered')!, readers.opponent))).not.toContain('defenseStance');
    expect(JSON.stringify(view(first.state, readers.opponent).battle!.prebattle)).not.toContain('defenseStance');
    s = run(first.state, seat('s1'), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } }).state;
    const last = run(s, seat('s2'), { type: 'battle.prepare', decl: { row: null, seals: [], conviction: 0, consumables: [], activatePlus: [], guardian: false } });
    const reveal = last.events.find((e) => e.type === 'prebattle.revealed')!;
    expect(reach(reveal)).toEqual(['owner', 'opponent', 'partner', 'gm']);
    expect(JSON.stringify(viewEvent(reveal, readers.opponent))).toContain('defenseStance');
  });
});
