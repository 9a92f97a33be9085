import type { Viewer } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { GrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { knows } from './test-pair.ts';
import { GM, master, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** Servant a (s1) contracted to master ma (s3); servant b (s2) is someone else. */
const calm = (options: Partial<GrailWarOptions>) =>
  room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } }, options);
const statusOf = (s: GrailWarState, v: Viewer, id = 'a') => view(s, v).characters.find((c) => c.id === id)!.status;

describe('GW-HIDE-F17 partnerSeesTrust', () => {
  /** The trust trial on and a's trust set to −10 by its master's Binding Order (SEAL-09, TRUST-04). */
  const bound = (partnerSeesTrust: boolean) =>
    run(calm({ trustRule: true, partnerSeesTrust }), seat('s3'), { type: 'seal.bind', order: 'stay hidden', extreme: 'min' }).state;

  test.each<[string, boolean, Viewer, number | null]>([
    ['GW-HIDE-F17 GW-TRUST-04 the servant sees its own trust and its 3-day lock', false, seat('s1'), -10],
    ['GW-HIDE-F17 the GM sees it', false, GM, -10],
    ['GW-HIDE-F17 off (default): its master does not', false, seat('s3'), null],
    ['GW-HIDE-F17 on: its master does', true, seat('s3'), -10],
  ])('%s', (_name, partnerSeesTrust, viewer, trust) => {
    const status = statusOf(bound(partnerSeesTrust), viewer)!;
    expect([status.trust, status.trustLockDays]).toEqual(trust === null ? [null, null] : [trust, 3]);
  });

  test('GW-HIDE-F17 other players see no status of the servant at all, whatever the option', () => {
    expect(statusOf(bound(true), seat('s2'))).toBeNull();
  });
});

describe('GW-HIDE-F01 notifyTrueNameReveal', () => {
  const learn = (s: GrailWarState, knower: string) => run(s, GM, { type: 'knowledge.set', entry: knows(knower, 'a', { trueNameKnown: true }) }).state;

  test.each<[string, boolean, (s: GrailWarState) => GrailWarState, Viewer, boolean | null]>([
    ['GW-HIDE-F01 off (default): the servant is not told', false, (s) => learn(s, 'b'), seat('s1'), null],
    ['GW-HIDE-F01 on: nobody outside the pair knows yet', true, (s) => s, seat('s1'), false],
    ['GW-HIDE-F01 on: the servant is told once another learns its true name', true, (s) => learn(s, 'b'), seat('s1'), true],
    ['GW-HIDE-F01 on: so is its master (the partner)', true, (s) => learn(s, 'b'), seat('s3'), true],
    ['GW-HIDE-F01 on: the master knowing its own servant is no reveal', true, (s) => learn(s, 'ma'), seat('s1'), false],
  ])('%s', (_name, notifyTrueNameReveal, given, viewer, revealed) => {
    const s = given(calm({ notifyTrueNameReveal }));
    expect(statusOf(s, viewer)!.trueNameRevealed).toBe(revealed);
  });

  test('GW-HIDE-F01 the notice never names the knower, and masters have no true name to reveal', () => {
    const s = learn(calm({ notifyTrueNameReveal: true }), 'b');
    const seen = view(s, seat('s1'));
    expect(seen.ledger).toEqual([]);
    expect(statusOf(s, seat('s3'), 'ma')!.trueNameRevealed).toBeNull();
  });
});
