import { describe, expect, test } from 'vitest';
import type { GrailWarCommand } from './commands.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { pair } from './test-pair.ts';
import { master, refused, room, run, seat, servant } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';

/** Master ma (s3) of servant a (s1), with 1 of 3 신념 and 1 of 3 명운 left and 10 merit; b (s2) is someone else. */
const given = (over: Partial<MasterSheet> = {}, options: Partial<GrailWarOptions> = {}) =>
  room(
    {
      a: { seat: 's1', sheet: servant() },
      ma: { seat: 's3', partner: 'a', sheet: master({ conviction: { current: 1, max: 3 }, fate: { current: 1, max: 3 }, ...over }) },
      b: { seat: 's2', sheet: servant() },
    },
    options,
  );
const sheetOf = (s: GrailWarState) => s.characters.ma!.sheet as MasterSheet;
const recover = (pool: 'conviction' | 'fate', amount: number): GrailWarCommand => ({ type: 'pool.recover', pool, amount });

describe('GW-SPEC-04 GW-SPEC-05 recovering 신념 and 명운 with merit', () => {
  test.each<[string, Partial<MasterSheet>, Partial<GrailWarOptions>, 'conviction' | 'fate', number, number, number]>([
    ['GW-SPEC-05 without the specialization: poolRecoveryMeritCost (default 2) per 신념', {}, {}, 'conviction', 2, 3, 6],
    ['GW-SPEC-04 without the specialization: 2 merit per 명운', {}, {}, 'fate', 1, 2, 8],
    ['GW-SPEC-05 the conviction specialization makes it 1 merit', { specializations: ['conviction'] }, {}, 'conviction', 2, 3, 8],
    ['GW-SPEC-04 the fate specialization makes it 1 merit', { specializations: ['fate'] }, {}, 'fate', 2, 3, 8],
    ['GW-SPEC-04 the other stat\'s specialization does not help', { specializations: ['conviction'] }, {}, 'fate', 1, 2, 8],
    ['GW-SPEC-05 the room may price it at 3', {}, { poolRecoveryMeritCost: 3 }, 'conviction', 2, 3, 4],
    ['GW-SPEC-05 or make it free', {}, { poolRecoveryMeritCost: 0 }, 'conviction', 2, 3, 10],
    ['GW-SPEC-05 a specialization still costs 1 whatever the room price', { specializations: ['conviction'] }, { poolRecoveryMeritCost: 5 }, 'conviction', 1, 2, 9],
  ])('%s', (_name, over, options, pool, amount, after, merit) => {
    const s = run(given(over, options), seat('s3'), recover(pool, amount)).state;
    expect([sheetOf(s)[pool].current, sheetOf(s).merit]).toEqual([after, merit]);
  });

  test.each<[string, () => GrailWarState, string, GrailWarCommand, string]>([
    ['GW-SPEC-05 not past the maximum', () => given(), 's3', recover('conviction', 3), 'POOL_FULL GW-SPEC-05'],
    ['GW-SPEC-05 not without the merit', () => given({ merit: 3 }), 's3', recover('conviction', 2), 'NOT_ENOUGH_MERIT GW-SPEC-05'],
    ['GW-SPEC-04 at least one point', () => given(), 's3', recover('fate', 0), 'BAD_AMOUNT GW-SPEC-04'],
    ['GW-SPEC-04 servants have no 명운', () => given(), 's1', recover('fate', 1), 'NOT_A_MASTER GW-SPEC-04'],
    ['GW-SPEC-05 not while the master fights', () => pair({ maIn: 'back', ma: { conviction: { current: 1, max: 3 } } }), 's3', recover('conviction', 1), 'BATTLE_IN_PROGRESS GW-SPEC-05'],
  ])('%s', (_name, state, who, command, code) => {
    expect(refused(state(), seat(who), command)).toBe(code);
  });

  test('GW-SPEC-05 a master outside the running battle may recover', () => {
    const s = run(pair({ ma: { conviction: { current: 1, max: 3 } } }), seat('s3'), recover('conviction', 1)).state;
    expect(sheetOf(s).conviction.current).toBe(2);
  });

  test('GW-HIDE-F05 GW-HIDE-F08 the pair and the GM learn of it, nobody else', () => {
    const { events } = run(given(), seat('s3'), recover('fate', 1));
    const seen = { s1: viewEvent(events[0]!, seat('s1')), s2: viewEvent(events[0]!, seat('s2')) };
    expect(seen).toEqual({ s1: { type: 'pool.recovered', character: 'ma', pool: 'fate', amount: 1, merit: 2 }, s2: null });
  });
});
