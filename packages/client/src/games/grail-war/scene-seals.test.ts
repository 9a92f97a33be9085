import { describe, expect, test } from 'vitest';
import { grailWar, type GrailWarState } from '@veiltable/engine/games/grail-war';
import { canResist, canScoreTrust, TRUST_SCORES } from './scene-seals.ts';
import { GM, RIN, SABER, accepts, masterSheet, run, seat, servantSheet, viewFor } from './test-room.ts';

/** Saber (s1) and its master Rin (s3), Lancer (s2), outside battle; the trust trial on unless told. */
function table(trustRule = true): GrailWarState {
  let s = grailWar.setup('a'.repeat(64));
  s = run(s, GM, { type: 'options.set', options: { trustRule } }, { type: 'seat.add', name: 'A' }, { type: 'seat.add', name: 'B' }, { type: 'seat.add', name: 'C' });
  return run(
    s,
    GM,
    { type: 'character.register', seat: 's1', partner: null, sheet: servantSheet({}) },
    { type: 'character.register', seat: 's2', partner: null, sheet: servantSheet({ alias: 'Lancer' }) },
    { type: 'character.register', seat: 's3', partner: SABER, sheet: masterSheet({ sealsLeft: 3 }) },
    { type: 'place.add', name: 'church' },
  );
}
/** The first scene ends, so the room stands in its Night scene (1 + 1 scenes a day by default). */
const night = (s: GrailWarState) => run(s, GM, { type: 'scene.end' });
const saberOf = (s: GrailWarState) => viewFor(s, seat('s1')).characters.find((c) => c.id === SABER)!;

describe('the servant\'s trust controls on a phone (GW-TRUST-01, GW-SEAL-11)', () => {
  test('GW-TRUST-01 the score is offered at night only, with the trial on, and every offered score is one the engine takes', () => {
    expect(canScoreTrust(viewFor(table(), seat('s1')), saberOf(table()))).toBe(false);
    const s = night(table());
    expect(canScoreTrust(viewFor(s, seat('s1')), saberOf(s))).toBe(true);
    expect(TRUST_SCORES.map((trust) => accepts(s, seat('s1'), { type: 'trust.score', trust }))).toEqual(TRUST_SCORES.map(() => 'ok'));
    expect(canScoreTrust(viewFor(night(table(false)), seat('s1')), saberOf(night(table(false))))).toBe(false);
  });

  test('GW-TRUST-04 / GW-SEAL-11 a Binding Order to the minimum locks the score and opens the one resistance', () => {
    const bound = run(night(table()), seat('s3'), { type: 'seal.bind', order: 'Obey', extreme: 'min', character: RIN });
    const v = viewFor(bound, seat('s1'));
    expect([canScoreTrust(v, saberOf(bound)), canResist(v, saberOf(bound))]).toEqual([false, true]);
    expect(accepts(bound, seat('s1'), { type: 'seal.resist', character: SABER })).toBe('ok');
    const resisted = run(bound, seat('s1'), { type: 'seal.resist', character: SABER });
    expect(canResist(viewFor(resisted, seat('s1')), saberOf(resisted))).toBe(false);
  });
});
