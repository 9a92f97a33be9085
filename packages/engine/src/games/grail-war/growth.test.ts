import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import type { GrailWarCommand } from './commands.ts';
import { cumulativeXp, enhancementUnlocked, masterExtras, stepCost } from './growth.ts';
import type { MasterSheet } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

/** Servant a (s1) contracted to master ma (s2); servant x (s3) stands alone. */
const base = (over: { a?: object; ma?: Partial<MasterSheet> } = {}, options = {}): GrailWarState =>
  room(
    {
      a: { seat: 's1', sheet: servant(over.a) },
      ma: { seat: 's2', partner: 'a', sheet: master(over.ma) },
      x: { seat: 's3', sheet: servant({ alias: 'Rider', className: 'rider' }) },
    },
    options,
  );
const spend = (raise: 'hp' | 'mp', extra: Partial<Extract<GrailWarCommand, { type: 'xp.spend' }>> = {}): GrailWarCommand => ({ type: 'xp.spend', raise, ...extra });
const grant = (character: string, g: Extract<GrailWarCommand, { type: 'xp.grant' }>['grant'], reason = 'scene'): GrailWarCommand => ({ type: 'xp.grant', character, grant: g, reason });

describe('GW-XP-10 / GW-XP-11 the cost ladders and the cumulative table (§3.2)', () => {
  test.each([
    ['GW-XP-10 master step costs "5 → 7 → 9 → 11" and 13, 23 (10th step)', 'master', [1, 2, 3, 4, 5, 10], [5, 7, 9, 11, 13, 23]],
    ['GW-XP-11 servant step costs "10 → 15 → 20 → 25" and 30', 'servant', [1, 2, 3, 4, 5], [10, 15, 20, 25, 30]],
  ] as const)('%s', (_name, kind, from, costs) => {
    expect(from.map((g) => stepCost(kind, g))).toEqual(costs);
  });

  test.each([
    ['GW-XP-10 master cumulative (g−1)(g+3): 5, 12, 21, 32, 45, 140', 'master', [2, 3, 4, 5, 6, 11], [5, 12, 21, 32, 45, 140]],
    ['GW-XP-11 servant cumulative: 10, 25, 45, 70, 100', 'servant', [2, 3, 4, 5, 6], [10, 25, 45, 70, 100]],
  ] as const)('%s', (_name, kind, grades, totals) => {
    expect(grades.map((g) => cumulativeXp(kind, g))).toEqual(totals);
    // The closed form is the sum of the steps.
    for (const g of grades) expect(Array.from({ length: g - 1 }, (_, i) => stepCost(kind, i + 1)).reduce((a, b) => a + b, 0)).toBe(cumulativeXp(kind, g));
  });

  test.each([
    ['GW-XP-10 grade 2: nothing extra', 2, { strategyPoint: false, stat: false, specialization: false }],
    ['GW-XP-10 "홀수 등급으로 상승할 때마다 \'전략 점수\'를 1점" grade 3: +1 SP', 3, { strategyPoint: true, stat: false, specialization: false }],
    ['GW-XP-10 grade 5: +1 SP', 5, { strategyPoint: true, stat: false, specialization: false }],
    ['GW-XP-10 "5등급 오를 때마다 … (6등급, 11등급, 16등급 ...)" grade 6: +1 stat', 6, { strategyPoint: false, stat: true, specialization: false }],
    ['GW-XP-10 grade 11: +1 SP, +1 stat, specialization', 11, { strategyPoint: true, stat: true, specialization: true }],
    ['GW-XP-10 grade 16: +1 stat, no specialization', 16, { strategyPoint: false, stat: true, specialization: false }],
    ['GW-XP-10 grade 21 (INFERRED): +1 SP, +1 stat, specialization', 21, { strategyPoint: true, stat: true, specialization: true }],
  ] as const)('%s', (_name, grade, extras) => {
    expect(masterExtras(grade)).toEqual(extras);
  });
});

describe('GW-XP-10 / GW-XP-11 xp.spend', () => {
  test('GW-XP-11 a servant at grade 1 with 25 XP: two grade-ups cost 10 then 15, +5 max HP then +5 max MP', () => {
    let s = base({ a: { xp: 25 } });
    s = run(s, seat('s1'), spend('hp')).state;
    const a1 = s.characters.a!.sheet;
    expect([a1.grade, a1.xp, a1.hp.max]).toEqual([2, 15, servant().hp.max + 5]);
    s = run(s, seat('s1'), spend('mp')).state;
    const a2 = s.characters.a!.sheet;
    expect([a2.grade, a2.xp, a2.mp.max]).toEqual([3, 0, servant().mp.max + 5]);
  });

  test('GW-XP-11 "서번트의 \'강화\'는 5등급이 되어야 가능합니다": enhancement opens at grade 5', () => {
    expect(enhancementUnlocked(servant({ grade: 4 }))).toBe(false);
    expect(enhancementUnlocked(servant({ grade: 5 }))).toBe(true);
  });

  test('GW-XP-10 a master from grade 2 to 3 pays 7 and gets a strategy point', () => {
    const s = run(base({ ma: { grade: 2, xp: 7 } }), seat('s2'), spend('hp')).state;
    const m = s.characters.ma!.sheet as MasterSheet;
    expect([m.grade, m.xp, m.hp.max, m.strategyPoints]).toEqual([3, 0, 35, 1]);
  });

  test('GW-XP-10 reaching grade 6 a master names the stat it raises one grade', () => {
    const s = run(base({ ma: { grade: 5, xp: 13 } }), seat('s2'), spend('mp', { stat: 'combat' })).state;
    const m = s.characters.ma!.sheet as MasterSheet;
    expect([m.grade, m.stats.combat, m.mp.max, m.strategyPoints ?? 0]).toEqual([6, 'B', 35, 0]);
  });

  test('GW-XP-10 GW-SPEC-01 reaching grade 11: stat, specialization 전투력 (+10 max HP) and a strategy point', () => {
    const s = run(base({ ma: { grade: 10, xp: 23 } }), seat('s2'), spend('hp', { stat: 'fate', specialize: 'combat' })).state;
    const m = s.characters.ma!.sheet as MasterSheet;
    expect([m.grade, m.stats.fate, m.specializations, m.hp.max, m.strategyPoints]).toEqual([11, 'B', ['combat'], 30 + 5 + 10, 1]);
  });

  test.each([
    ['GW-SPEC-02 마력 특화 "최대 마력량이 10점 증가"', 'magic', '001', (m: MasterSheet) => m.mp.max, 40],
    ['GW-SPEC-05 001 신념 특화: max 신념 +2', 'conviction', '001', (m: MasterSheet) => m.conviction.max, 5],
    ['GW-SPEC-05 000 신념 특화 "신념의 최대치가 1점 증가"', 'conviction', '000', (m: MasterSheet) => m.conviction.max, 4],
    ['GW-SPEC-04 명운 특화 "명운의 최대치가 1점 증가"', 'fate', '001', (m: MasterSheet) => m.fate.max, 4],
  ] as const)('%s', (_name, stat, version, read, expected) => {
    const options = version === '000' ? { convictionRule: '000' as const } : {};
    const s = run(base({ ma: { grade: 10, xp: 23 } }, options), seat('s2'), spend('hp', { stat: 'combat', specialize: stat })).state;
    expect(read(s.characters.ma!.sheet as MasterSheet)).toBe(expected);
  });

  test.each<[string, () => GrailWarState, string, GrailWarCommand, string]>([
    ['GW-XP-11 a servant with 9 XP cannot buy the 10 XP step', () => base({ a: { xp: 9 } }), 's1', spend('hp'), 'NOT_ENOUGH_XP GW-XP-11'],
    ['GW-XP-10 a master at grade 3 with 8 XP cannot buy the 9 XP step', () => base({ ma: { xp: 8 } }), 's2', spend('hp'), 'NOT_ENOUGH_XP GW-XP-10'],
    ['GW-XP-11 a servant has no master stats to raise', () => base({ a: { xp: 10 } }), 's1', spend('hp', { stat: 'combat' }), 'WRONG_KIND GW-XP-11'],
    ['GW-XP-10 grade 6 needs the stat named', () => base({ ma: { grade: 5, xp: 13 } }), 's2', spend('hp'), 'STAT_NEEDED GW-XP-10'],
    ['GW-XP-10 grade 4 gives no stat', () => base({ ma: { xp: 9 } }), 's2', spend('hp', { stat: 'combat' }), 'NO_STAT_DUE GW-XP-10'],
    ['GW-XP-10 grade 6 gives no specialization', () => base({ ma: { grade: 5, xp: 13 } }), 's2', spend('hp', { stat: 'combat', specialize: 'magic' }), 'NO_SPECIALIZATION_DUE GW-XP-10'],
    ['GW-XP-10 grade 11 needs the specialization named', () => base({ ma: { grade: 10, xp: 23 } }), 's2', spend('hp', { stat: 'combat' }), 'SPECIALIZATION_NEEDED GW-XP-10'],
    ['GW-SPEC-01 a stat is specialized once', () => base({ ma: { grade: 10, xp: 23, specializations: ['combat'] } }), 's2', spend('hp', { stat: 'magic', specialize: 'combat' }), 'ALREADY_SPECIALIZED GW-SPEC-01'],
    ['GW-XP-10 a stat at A+++ cannot go higher', () => base({ ma: { grade: 5, xp: 13, stats: { combat: 'A+++', magic: 'C', conviction: 'C', fate: 'C' } } }), 's2', spend('hp', { stat: 'combat' }), 'MAX_GRADE GW-XP-10'],
    ['GW-HIDE-00 the partner cannot spend its servant XP', () => base({ a: { xp: 10 } }), 's2', { type: 'xp.spend', raise: 'hp', character: 'a' }, 'NOT_YOUR_CHARACTER GW-HIDE-00'],
  ])('%s', (_name, given, by, command, code) => {
    expect(refused(given(), seat(by), command)).toBe(code);
  });
});

describe('GW-XP-01 / GW-XP-06 / GW-XP-07 / GW-MERIT-07 XP and merit outside battle', () => {
  const scout = (method: 'recon' | 'search' | 'sweep' | 'familiar' | 'automaton', place: string, heads = 1) => ({ source: 'scout' as const, method, place, heads });

  test('GW-XP-01 "한 장소에서 여러명의 정보를 얻었어도 1점만": one XP per location per scene', () => {
    let s = run(base(), GM, grant('a', scout('search', 'Harbour', 3))).state;
    expect(s.characters.a!.sheet.xp).toBe(1);
    expect(refused(s, GM, grant('a', scout('search', 'Harbour', 1)))).toBe('ALREADY_AWARDED GW-XP-01');
    s = run(s, GM, grant('a', scout('search', 'Church'))).state;
    expect(s.characters.a!.sheet.xp).toBe(2);
  });

  test('GW-XP-01 the same place in the next scene pays again', () => {
    let s = run(base(), GM, grant('ma', scout('recon', 'Harbour'))).state;
    // The campaign moves to the next scene (FLOW-02).
    s = { ...s, campaign: { ...s.campaign, half: 'night' } };
    s = run(s, GM, grant('ma', scout('recon', 'Harbour'))).state;
    expect(s.characters.ma!.sheet.xp).toBe(2);
  });

  test.each(['sweep', 'familiar', 'automaton'] as const)('GW-XP-01 "수색, 사역마, 자동 인형 등을 이용한 정보 습득은 경험점을 얻지 못합니다": %s', (method) => {
    expect(refused(base(), GM, grant('ma', scout(method, 'Harbour')))).toBe(`NO_XP GW-XP-01`);
  });

  test.each([
    ['GW-XP-08 TV-XP-01 perHead (001 #15 "기존"): recon XP 3 against B, C, D', 'perHead', 3],
    ['GW-XP-08 TV-XP-01 fixedAllied (001 #15 "변경", B team): recon XP 1', 'fixedAllied', 1],
    ['GW-XP-08 000: recon XP 1 however many were read', '000', 1],
  ] as const)('%s', (_name, multiOpponentXp, xp) => {
    const s = run(base({}, { multiOpponentXp }), GM, grant('ma', scout('recon', 'Melee', 3))).state;
    expect(s.characters.ma!.sheet.xp).toBe(xp);
  });

  test.each([
    ['GW-XP-06 GW-MERIT-07 000 core info: 2 XP, 1 merit', 'coreInfo', '000', [2, 11]],
    ['GW-XP-07 GW-MERIT-07 000 true name: 3 XP, 2 merit', 'trueName', '000', [3, 12]],
    ['GW-XP-06 GW-MERIT-07 001 trial: core info 2 XP, no merit (INFERRED removed)', 'coreInfo', '001trial', [2, 10]],
    ['GW-XP-07 GW-MERIT-07 001 trial: true name 3 XP, no merit', 'trueName', '001trial', [3, 10]],
  ] as const)('%s', (_name, what, meritAcquisition, [xp, merit]) => {
    const s = run(base({}, { meritAcquisition }), GM, grant('a', { source: 'reveal', what })).state;
    expect([s.characters.a!.sheet.xp, s.characters.a!.sheet.merit]).toEqual([xp, merit]);
  });

  test('GM-judged XP and merit are granted with their reason; a player cannot grant', () => {
    const s = run(base(), GM, grant('ma', { source: 'gm', xp: 2, merit: 1 }, '학습')).state;
    expect([s.characters.ma!.sheet.xp, s.characters.ma!.sheet.merit]).toEqual([2, 11]);
    expect(refused(base(), seat('s2'), grant('ma', { source: 'gm', xp: 2, merit: 0 }))).toBe('NOT_GM');
    expect(refused(base(), GM, grant('ma', { source: 'gm', xp: 0, merit: 0 }))).toBe('BAD_AMOUNT');
  });
});

describe('GW-HIDE-F07 / F08 / F31 / D12 XP, grade and merit stay with the pair and the GM', () => {
  const PLANT = 4321;
  const others: Viewer[] = [seat('s3'), SPECTATOR];
  const pair: Viewer[] = [seat('s1'), seat('s2'), GM];

  test('GW-HIDE-F07 GW-HIDE-F31 a planted XP award and grade-up reach owner, partner and GM only', () => {
    const awarded = run(base({ a: { xp: 0 } }), GM, grant('a', { source: 'gm', xp: PLANT % 100, merit: 0 }, 'planted-reason-q7'));
    const spent = run(awarded.state, seat('s1'), spend('mp'));
    const events = [...awarded.events, ...spent.events];
    for (const v of others) {
      expect(JSON.stringify(readAll(events, v))).not.toContain('planted-reason-q7');
      expect(readAll(events, v).some((e) => e?.type === 'xp.awarded' || e?.type === 'xp.spent')).toBe(false);
      expect(JSON.stringify(view(spent.state, v))).not.toContain(`"xp":${(PLANT % 100) - 10}`);
    }
    for (const v of pair) {
      expect(JSON.stringify(readAll(events, v))).toContain('planted-reason-q7');
      expect(readAll(events, v).some((e) => e?.type === 'xp.spent')).toBe(true);
      expect(JSON.stringify(view(spent.state, v))).toContain(`"xp":${(PLANT % 100) - 10}`);
    }
  });

  test('GW-HIDE-F08 GW-HIDE-D12 a merit transfer and planted merit are seen by the pair and the GM only', () => {
    const s = base({ ma: { merit: PLANT } });
    const shared = run(s, seat('s2'), { type: 'merit.share', amount: 2 });
    const planted = `"merit":${PLANT - 2}`;
    for (const v of others) {
      expect(readAll(shared.events, v).some((e) => e?.type === 'merit.shared')).toBe(false);
      expect(JSON.stringify(view(shared.state, v))).not.toContain(planted);
    }
    for (const v of pair) {
      expect(readAll(shared.events, v).some((e) => e?.type === 'merit.shared')).toBe(true);
      expect(JSON.stringify(view(shared.state, v))).toContain(planted);
    }
  });
});
