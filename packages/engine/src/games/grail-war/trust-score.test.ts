import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { gwView } from '@veiltable/protocol/games/grail-war';
import type { GrailWarOptions } from './options.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** Servant a (s1) and its master ma (s3), servant b (s2) of another pair, in the last Night scene before it starts. */
function lastNight(options: Partial<GrailWarOptions> = {}, trust = 0): GrailWarState {
  const s = structuredClone(
    room({ a: { seat: 's1', sheet: servant() }, ma: { seat: 's3', partner: 'a', sheet: master() }, b: { seat: 's2', sheet: servant() } }, { trustRule: true, ...options }),
  );
  s.campaign.half = 'night';
  s.campaign.index = s.options.scenesPerDay.night;
  s.characters.a!.trust = trust;
  return s;
}

const score = (s: GrailWarState, trust: number) => run(s, seat('s1'), { type: 'trust.score', trust });
/** The day ends: the last Night scene ends (FLOW-04). */
const dayEnd = (s: GrailWarState) => run(s, GM, { type: 'scene.end' });

describe('GW-TRUST-01 nightly trust scoring', () => {
  test.each<[string, number, number, number]>([
    ['TV-TRUST-02: t = 3, servant wants 6; expect 5 (cap 2 per day)', 3, 6, 5],
    ['GW-TRUST-01 "하루 변화량 최대 2" downward: t = 0, wants −10; expect −2', 0, -10, -2],
    ['GW-TRUST-01 a change within the cap is taken whole: t = −4, wants −5; expect −5', -4, -5, -5],
    ['GW-TRUST-01 range −10..+10: t = 9, wants 10; expect 10', 9, 10, 10],
  ])('%s', (_, from, wanted, expected) => {
    const s = dayEnd(score(lastNight({}, from), wanted).state).state;
    expect(s.characters.a!.trust).toBe(expected);
    expect(s.characters.a!.trustScore).toBeNull();
  });

  test('GW-TRUST-01 the day end reports the trust step as the engine\'s, and a servant that gave no score keeps its trust', () => {
    const out = dayEnd(lastNight({}, 4));
    expect(out.state.characters.a!.trust).toBe(4);
    const dayEnded = readAll(out.events).find((e) => e?.type === 'day.ended');
    expect(dayEnded && 'steps' in dayEnded ? dayEnded.steps[0] : null).toEqual({ step: 'trustScoring', rule: 'GW-HIDE-D8', status: 'done' });
  });

  test('GW-TRUST-01 the last score of the night counts', () => {
    const s = dayEnd(score(score(lastNight(), -2).state, 1).state).state;
    expect(s.characters.a!.trust).toBe(1);
  });

  test.each<[string, () => GrailWarState, Viewer, number, string]>([
    ['GW-TRUST-01 off unless the trust trial is on (`opt:trustRule` default off)', () => lastNight({ trustRule: false }), seat('s1'), 2, 'RULE_OFF GW-TRUST-01'],
    ['GW-TRUST-01 "매일 밤 행동 이후": not in a Day scene', () => ({ ...lastNight(), campaign: { ...lastNight().campaign, half: 'day' } }), seat('s1'), 2, 'NOT_NIGHT GW-TRUST-01'],
    ['GW-TRUST-01 servants score, not masters', () => lastNight(), seat('s3'), 2, 'NOT_A_SERVANT GW-TRUST-01'],
  ])('%s', (_, given, who, trust, code) => {
    expect(refused(given(), who, { type: 'trust.score', trust })).toBe(code);
  });

  test('GW-TRUST-04 trust set by SEAL-09 is locked for 3 days: no score is taken, and one given before the order is dropped', () => {
    const scored = score(lastNight({ sealRules: '001' }), 4).state;
    const bound = run(scored, seat('s3'), { type: 'seal.bind', order: 'Obey me', extreme: 'max' }).state;
    expect(refused(bound, seat('s1'), { type: 'trust.score', trust: 0 })).toBe('TRUST_LOCKED GW-TRUST-04');
    const s = dayEnd(bound).state;
    expect([s.characters.a!.trust, s.characters.a!.trustLockDays]).toEqual([10, 2]);
  });
});

describe('GW-HIDE-D8 / GW-HIDE-F17 the trust score is the servant\'s and the GM\'s', () => {
  test.each<[string, boolean]>([
    ['GW-HIDE-D8 "never": not the partner, not another player, not a spectator', false],
    ['GW-HIDE-F17 not even with `opt:partnerSeesTrust` on, which shows the partner trust, not the score', true],
  ])('%s', (_, partnerSeesTrust) => {
    const out = score(lastNight({ partnerSeesTrust }), -7);
    // The score travels in no event: the servant's own view holds it.
    expect(out.events).toEqual([]);
    const scoreSeenBy = (v: Viewer) => gwView.parse(view(out.state, v)).characters.find((c) => c.id === 'a')?.status?.trustScore ?? null;
    expect([GM, seat('s1')].map(scoreSeenBy)).toEqual([-7, -7]);
    expect([seat('s3'), seat('s2'), SPECTATOR].map(scoreSeenBy)).toEqual([null, null, null]);
  });
});
