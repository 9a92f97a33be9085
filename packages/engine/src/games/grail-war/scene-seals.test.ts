import { describe, expect, test } from 'vitest';
import type { GrailWarOptions } from './options.ts';
import { declareAll, long, mapped, short } from './scene-test-support.ts';
import type { GrailWarState } from './state.ts';
import { timers } from './index.ts';
import { AT, GM, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** a (s1) contracted to ma (s3); b (s2) to mb (s4). */
const table = (options: Partial<GrailWarOptions> = {}) =>
  mapped(
    room(
      {
        a: { seat: 's1', sheet: servant() },
        ma: { seat: 's3', partner: 'a', sheet: master() },
        b: { seat: 's2', sheet: servant() },
        mb: { seat: 's4', partner: 'b', sheet: master() },
      },
      options,
    ),
  );

describe('GW-HIDE-04 the step timer locks the scene declarations', () => {
  test('GW-HIDE-04 "an unsubmitted D1 means no action": the declarations opened with a deadline, the server forces the lock at it', () => {
    let s = run(table({ stepTimerSeconds: 90 }), GM, { type: 'scene.begin' }, AT + 1_000).state;
    expect(s.campaign.deadline).toBe(AT + 91_000);
    expect(view(s, seat('s2')).campaign.deadline).toBe(AT + 91_000);
    expect(timers(s)).toEqual([{ key: 'gw-scene-1-day-1', deadline: AT + 91_000, command: { type: 'scene.reveal' } }]);
    s = declareAll(s, { a: short('p1', 'search'), ma: short('p1', 'recon') });
    const forced = run(s, GM, timers(s)[0]!.command);
    expect(readAll(forced.events).find((e) => e?.type === 'scene.revealed')).toEqual({ type: 'scene.revealed', declared: ['a', 'ma'], missing: ['b', 'mb'] });
    expect([forced.state.campaign.step, forced.state.campaign.deadline, timers(forced.state)]).toEqual(['resolve', null, []]);
  });

  test('GW-HIDE-04 the lock that comes when every character is in ends the timer; without `stepTimerSeconds` none runs', () => {
    const s = run(table({ stepTimerSeconds: 30 }), GM, { type: 'scene.begin' }).state;
    const all = declareAll(s, { a: short('p1', 'search'), ma: short('p1', 'recon'), b: long('p2', 'rest'), mb: long('p2', 'rest') });
    expect([all.campaign.step, all.campaign.deadline, timers(all)]).toEqual(['resolve', null, []]);
    const untimed = run(table(), GM, { type: 'scene.begin' }).state;
    expect([untimed.campaign.deadline, timers(untimed)]).toEqual([null, []]);
  });
});

describe('GW-SEAL-11 a servant at trust −10 resists its master\'s SEAL-10 (a) rewrite', () => {
  /** The trust trial on, a at trust −10, its declaration rewritten by ma. */
  function rewritten(options: Partial<GrailWarOptions> = {}): GrailWarState {
    const s0 = structuredClone(table({ trustRule: true, ...options }));
    s0.characters.a!.trust = -10;
    let s = run(s0, GM, { type: 'scene.begin' }).state;
    s = declareAll(s, { a: short('p1', 'search') });
    return run(s, seat('s3'), { type: 'scene.rewrite', decl: long('p2', 'rest') }).state;
  }

  test('GW-SEAL-11 "한 번 령주에 저항": the rewrite is undone, the servant declares for itself again, the seal stays spent', () => {
    const out = run(rewritten(), seat('s1'), { type: 'seal.resist' });
    const s = out.state;
    expect(s.campaign.rewritten).toEqual([]);
    expect(s.characters.a!.sealResisted).toBe(true);
    expect(s.characters.ma!.sheet.kind === 'master' ? s.characters.ma!.sheet.sealsLeft : null).toBe(2);
    expect(readAll(out.events, seat('s3'))).toEqual([{ type: 'seal.resisted', character: 'a', binding: null }]);
    // Another pair learns nothing of the seal or its resistance (GW-HIDE-F10).
    expect(readAll(out.events, seat('s2'))).toEqual([null]);
    const again = run(s, seat('s1'), { type: 'scene.declare', decl: short('p3', 'search') }).state;
    expect(again.campaign.declarations!.answers.a!.answer).toEqual(short('p3', 'search'));
  });

  test.each<[string, (s: GrailWarState) => GrailWarState, string]>([
    ['GW-SEAL-11 once: a second rewrite stands', (s) => {
      const resisted = run(s, seat('s1'), { type: 'seal.resist' }).state;
      return run(resisted, seat('s3'), { type: 'scene.rewrite', decl: long('p2', 'rest') }).state;
    }, 'ONCE_ONLY GW-SEAL-11'],
    ['GW-SEAL-11 only at trust −10', (s) => ({ ...s, characters: { ...s.characters, a: { ...s.characters.a!, trust: -9 } } }), 'TRUST_NOT_MIN GW-SEAL-11'],
    ['GW-SEAL-11 the rewrite is resisted before the lock only: after it, nothing lasts to resist', (s) => run(s, GM, { type: 'scene.reveal' }).state, 'NO_SEAL_TO_RESIST GW-SEAL-11'],
  ])('%s', (_, given, code) => {
    expect(refused(given(rewritten()), seat('s1'), { type: 'seal.resist' })).toBe(code);
  });
});
