import { describe, expect, test } from 'vitest';
import type { PairingPlay } from './matchup.ts';
import { resolvePairing } from './matchup.ts';
import type { GrailWarOptions } from './options.ts';
import { defaultGrailWarOptions } from './options.ts';

const o001 = defaultGrailWarOptions('001');
const o000 = defaultGrailWarOptions('000');
const card = (match: PairingPlay['match'], pure = 3, grade = pure, plus = false): PairingPlay => ({ match, pure, grade, plus });
/** 'a' | 'b' | 'both' | 'none': who deals damage. */
function who(a: PairingPlay, b: PairingPlay, o: GrailWarOptions = o001): string {
  const r = resolvePairing(a, b, o);
  return r.a.hits && r.b.hits ? 'both' : r.a.hits ? 'a' : r.b.hits ? 'b' : 'none';
}

describe('matchup', () => {
  test.each([
    ['TV-BATTLE-01 GW-BATTLE-13 강타 vs 반격 → 반격 wins', card('smash'), card('counter'), 'b'],
    ['TV-BATTLE-01 GW-BATTLE-13 반격 vs 맹공 → 맹공 wins', card('counter'), card('rush'), 'b'],
    ['TV-BATTLE-01 GW-BATTLE-13 맹공 vs 강타 → 강타 wins', card('rush'), card('smash'), 'b'],
    ['TV-BATTLE-02 GW-BATTLE-13 강타 vs 대기 → 강타 lands', card('smash'), card('wait', 0), 'a'],
    ['TV-BATTLE-02 GW-BATTLE-13 대기 vs 대기 → nothing', card('wait', 0), card('wait', 0), 'none'],
    ['TV-BATTLE-03 GW-BATTLE-14 GW-MERIT-04 STR B vs STR C 강타 → B wins', card('smash', 4), card('smash', 3), 'a'],
    ['TV-BATTLE-03 GW-MERIT-04 C+ with + (pure 6) vs A (5) → C+ wins', card('smash', 6, 4, true), card('smash', 5), 'a'],
    ['TV-BATTLE-03 GW-BATTLE-14 B vs B → cancel by default', card('smash', 4), card('smash', 4), 'none'],
    ['TV-BATTLE-04 a 마술 declared as 맹공 vs 반격 → 마술 wins', card('rush', 3), card('counter', 3), 'a'],
    ['TV-BATTLE-05 치명 vs 맹공 → 치명 wins', card('critical'), card('rush'), 'a'],
    ['TV-BATTLE-05 보구 vs 치명 → 보구 wins', card('np', 9), card('critical'), 'a'],
    ['TV-MERIT-02 GW-MERIT-03 GW-BATTLE-17 A+ 강타 (+ active) vs C 치명 → 강타 wins', card('smash', 10, 6, true), card('critical', 3, 3), 'a'],
    ['TV-MERIT-02 GW-MERIT-03 A 강타 without + vs C 치명 → 치명 wins', card('smash', 5, 5), card('critical', 3, 3), 'b'],
    ['GW-MERIT-03 + active but only 2 grades above → no upset', card('smash', 8, 5, true), card('critical', 3, 3), 'b'],
    ['GW-BATTLE-19 방어 vs 강타 → the attack lands (reduced later)', card('defense', 0), card('smash'), 'b'],
    ['GW-BATTLE-19 방어 vs 대기 → nothing', card('defense', 0), card('wait', 0), 'none'],
    ['GW-BATTLE-18 only the winner of a pairing deals damage', card('counter', 5), card('smash', 5), 'a'],
  ])('%s', (_name, a, b, expected) => {
    expect(who(a, b)).toBe(expected);
    // The result must not depend on which side is called a.
    const mirrored = who(b, a);
    expect(mirrored).toBe(expected === 'a' ? 'b' : expected === 'b' ? 'a' : expected);
  });

  test('GW-BATTLE-14 sameKindTie options: bothHit and higherGrade', () => {
    expect(who(card('smash', 4, 4), card('smash', 4, 4), { ...o001, sameKindTie: 'bothHit' })).toBe('both');
    expect(who(card('smash', 4, 5), card('smash', 4, 4), { ...o001, sameKindTie: 'higherGrade' })).toBe('a');
    expect(who(card('smash', 4, 4), card('smash', 4, 4), { ...o001, sameKindTie: 'higherGrade' })).toBe('none');
  });

  test('TV-MERIT-06 GW-MERIT-05 an upset beating a 보구 still lets the NP deal half to HP', () => {
    const r = resolvePairing(card('smash', 10, 6, true), card('np', 9, 3), o001);
    expect(r.a.hits).toBe(true);
    expect(r.b).toMatchObject({ hits: true, npHalf: true });
  });

  test('TV-BATTLE-06 GW-BATTLE-15 일격 필살 against 보구 and 치명, both versions', () => {
    const ohk = card('oneHitKill', 15, 3);
    const np = card('np', 20, 4);
    const r000 = resolvePairing(ohk, np, o000);
    expect([r000.a.hits, r000.b.hits]).toEqual([true, false]);
    const r001 = resolvePairing(ohk, np, o001);
    expect(r001.a.hits).toBe(false);
    expect(r001.b).toMatchObject({ hits: true, npHpReduce: 15, npMpReduce: 0 });
    expect(who(ohk, card('critical'), o001)).toBe('none');
    expect(who(ohk, card('critical'), o000)).toBe('a');
    expect(who(ohk, card('smash', 5), o001)).toBe('a');
  });

  test('GW-BATTLE-16 대마술 (001) shrinks an NP`s MP damage and cancels against 치명; 000 waits in the matchup', () => {
    const arcane = card('arcane', 8, 4);
    const r = resolvePairing(arcane, card('np', 9), o001);
    expect(r.b).toMatchObject({ hits: true, npMpReduce: 8, npHpReduce: 0 });
    expect(who(arcane, card('critical'), o001)).toBe('none');
    expect(who(arcane, card('counter'), o001)).toBe('a');
    expect(who(arcane, card('counter'), o000)).toBe('b');
  });

  test('GW-CLASS-03 old Assassin wins same-kind ties and its first attack against a servant', () => {
    const sin: PairingPlay = { ...card('smash', 2), assassinOld: { firstAttack: true, vsServant: true } };
    expect(who(sin, card('smash', 5), o000)).toBe('a');
    expect(who(sin, card('counter', 1), o000)).toBe('a');
    expect(who(sin, card('critical', 1), o000)).toBe('b');
    const later: PairingPlay = { ...card('smash', 2), assassinOld: { firstAttack: false, vsServant: true } };
    expect(who(later, card('counter', 1), o000)).toBe('b');
  });
});
