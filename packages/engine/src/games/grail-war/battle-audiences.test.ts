import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarState } from './state.ts';
import { knows, pair } from './test-pair.ts';
import { GM, SPECTATOR, judgment as j, passWindow, planVs, refused, run, seat, slotsRead, submit } from './test-support.ts';

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
});
