import { defaultGrailWarOptions, grailWar } from '@veiltable/engine/games/grail-war';
import { gwOptions } from '@veiltable/protocol/games/grail-war';
import { describe, expect, test } from 'vitest';
import { changedOptions, draftOf, draftOptions, draftProblems, isSpecDefault, MATCHUP_PAIRS, OPTION_FIELDS, presetDraft, setMatchupCell } from './options-draft.ts';
import { accepts, GM, run, viewFor } from '../test-room.ts';

const fresh = () => grailWar.setup('b'.repeat(64));
const roomOptions = (s = fresh()) => viewFor(s, GM).options;

describe('the §19 editor offers every battle option with its legal values only (GW-META-01)', () => {
  test('every option the engine keeps has a field, except the matchup table and the scenes per day, which have their own', () => {
    const keys = Object.keys(defaultGrailWarOptions()).filter((k) => k !== 'matchupTable' && k !== 'scenesPerDay').sort();
    expect(OPTION_FIELDS.map((f) => f.key).sort()).toEqual(keys);
    expect(MATCHUP_PAIRS).toHaveLength(15);
  });

  test.each(OPTION_FIELDS.map((f) => [f.key, f] as const))('%s: the offered values are exactly what the wire schema allows', (key, f) => {
    const schema = gwOptions.shape[key];
    if (f.kind === 'bool') {
      expect([schema.safeParse(true).success, schema.safeParse(false).success, schema.safeParse('on').success]).toEqual([true, true, false]);
    } else if (f.kind === 'enum') {
      expect(f.values.map((v) => schema.safeParse(v).success)).toEqual(f.values.map(() => true));
      expect(schema.safeParse('not-a-value').success).toBe(false);
    } else {
      const ok = (n: number | null) => schema.safeParse(n).success;
      expect([ok(f.min), ok(f.max), ok(f.min - 1), ok(f.max + 1), ok(null)]).toEqual([true, true, false, false, f.nullable]);
    }
  });

  test.each([
    ['the 001 defaults are the spec default', 'sealRules', '001', true],
    ['000 is not', 'sealRules', '000', false],
    ['trust is a trial, off by default', 'trustRule', false, true],
    ['two batches by default (BATTLE-09)', 'battleBatches', 2, true],
    ['no step timer by default', 'stepTimerSeconds', null, true],
    ['SAN is a trial, off by default', 'characterConcealment', false, true],
    ['SAN-07 losses double by default', 'repeatBattleConcealment', 'doubling', true],
    ['TRUST-05 the half rounds down by default', 'trustHalfRounding', 'floor', true],
    ['HIDE-F17 the master does not see trust by default', 'partnerSeesTrust', false, true],
    ['HIDE-F01 no true-name notice by default', 'notifyTrueNameReveal', false, true],
    ['SPEC-04/05 recovery costs 2 merit by default', 'poolRecoveryMeritCost', 2, true],
    ['ITEM-D5 the Mind Potion as written by default', 'mindPotionEffect', 'maxHp+10', true],
    ['ITEM-D5 the max-MP reading is not the default', 'mindPotionEffect', 'maxMp+10', false],
  ] as const)('the spec default is marked: %s', (_name, key, value, expected) => {
    expect(isSpecDefault(key, value)).toBe(expected);
  });
});

describe('the draft becomes an options.set the engine accepts', () => {
  test('an untouched draft changes nothing', () => {
    const current = roomOptions();
    expect(changedOptions(current, draftOf(current))).toEqual({});
  });

  test('a toggle, a select, a number and the timer become exactly that patch, and the room then shows them', () => {
    const state = fresh();
    const current = roomOptions(state);
    const d = draftOf(current);
    d.trustRule = true;
    d.sameKindTie = 'higherGrade';
    d.battleBatches = ' 3 ';
    d.stepTimerSeconds = '90';
    const patch = changedOptions(current, d);
    expect(patch).toEqual({ trustRule: true, sameKindTie: 'higherGrade', battleBatches: 3, stepTimerSeconds: 90 });
    const after = run(state, GM, { type: 'options.set', options: patch });
    expect(roomOptions(after)).toEqual(draftOptions(d));
    expect(changedOptions(roomOptions(after), draftOf(roomOptions(after)))).toEqual({});
  });

  test.each([
    ['BATTLE-09 no battle without a batch', 'battleBatches', '0', ['battleBatches']],
    ['CORE-04 seals are a whole number', 'sealsPerMaster', '2.5', ['sealsPerMaster']],
    ['CORE-04 a blank seal count is not zero', 'sealsPerMaster', '', ['sealsPerMaster']],
    ['HIDE-04 a timer under ten seconds', 'stepTimerSeconds', '5', ['stepTimerSeconds']],
    ['HIDE-04 an empty timer means the GM forces by hand', 'stepTimerSeconds', '', []],
    ['SUP-03 the support bonus is bounded', 'servantSupportBonus', '21', ['servantSupportBonus']],
    ['SPEC-04/05 a recovery price is a whole number', 'poolRecoveryMeritCost', 'two', ['poolRecoveryMeritCost']],
    ['SPEC-04/05 a recovery price may be 0', 'poolRecoveryMeritCost', '0', []],
  ] as const)('%s', (_name, key, text, expected) => {
    const d = draftOf(roomOptions());
    d[key] = text;
    expect(draftProblems(d)).toEqual(expected);
  });

  test('the engine refuses what the form flags, so flagging is not merely cosmetic', () => {
    expect(accepts(fresh(), GM, { type: 'options.set', options: { battleBatches: 0 } })).toBe('BAD_OPTION');
  });

  test('GW-META-01 the 000 preset turns the 001 changes back and keeps the step timer', () => {
    const state = run(fresh(), GM, { type: 'options.set', options: { stepTimerSeconds: 120 } });
    const current = roomOptions(state);
    const patch = changedOptions(current, presetDraft('000', draftOf(current)));
    expect(patch).toMatchObject({ rulesVersion: '000', sealRules: '000', magicDamageRouting: 'halfHalf', masterVsServant: false });
    expect(patch).not.toHaveProperty('stepTimerSeconds');
    expect(roomOptions(run(state, GM, { type: 'options.set', options: patch })).stepTimerSeconds).toBe(120);
  });

  test('BATTLE-13 a matchup edit moves its mirror cell too, so the engine accepts the table', () => {
    const state = fresh();
    const d = draftOf(roomOptions(state));
    setMatchupCell(d.matchupTable, 'smash', 'critical', 'W');
    expect([d.matchupTable.smash.critical, d.matchupTable.critical.smash]).toEqual(['W', 'L']);
    const patch = changedOptions(roomOptions(state), d);
    expect(Object.keys(patch)).toEqual(['matchupTable']);
    expect(accepts(state, GM, { type: 'options.set', options: patch })).toBe('ok');
    // Without the mirror the table contradicts itself and the engine refuses it.
    const lopsided = structuredClone(d.matchupTable);
    lopsided.critical.smash = 'W';
    expect(accepts(state, GM, { type: 'options.set', options: { matchupTable: lopsided } })).toBe('BAD_OPTION');
  });

  test('BATTLE-14 a kind against itself cannot be edited', () => {
    expect(() => setMatchupCell(draftOf(roomOptions()).matchupTable, 'np', 'np', 'W')).toThrow();
  });
});
