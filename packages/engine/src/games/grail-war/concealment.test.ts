import { describe, expect, test } from 'vitest';
import { repeatedLoss } from './concealment.ts';
import type { GrailWarEvent } from './events.ts';
import type { GrailWarOptions } from './options.ts';
import type { MasterSheet, NoblePhantasm, NpType, ServantSheet } from './sheets.ts';
import type { Judgment, SlotPlan } from './commands.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, judgment as j, master, planVs, prepareAll, readAll, room, run, seat, servant, start, submit } from './test-support.ts';
import { viewEvent } from '../../kernel/events.ts';
import { view } from './view.ts';

const np = (npType: NpType): NoblePhantasm => ({ id: 'np1', name: 'NP', npType, mode: 'alwaysActive', hpDamage: 5, mpDamage: 0, mpCost: 0, cards: 1 });

type Fight = {
  scene?: 'day' | 'night';
  region?: string;
  /** a's judgments (or support) in the first batch against b; everything else is 대기. */
  a?: (Judgment | SlotPlan)[];
  /** Masters only: ma (s3) against mb (s4) instead of a against b. */
  masters?: boolean;
  /** ma fights beside a in the back row and plays these. */
  ma?: (Judgment | SlotPlan)[];
};

/** Servant a (s1) and its master ma (s3) against servant b (s2) and master mb (s4), under the SAN trial. */
function campaign(options: Partial<GrailWarOptions> = {}, a: Partial<ServantSheet> = {}, ma: Partial<MasterSheet> = {}): GrailWarState {
  return room(
    {
      a: { seat: 's1', sheet: servant(a) },
      ma: { seat: 's3', partner: 'a', sheet: master(ma) },
      b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) },
      mb: { seat: 's4', partner: 'b', sheet: master({ name: 'Other master' }) },
    },
    { characterConcealment: true, ...options },
  );
}

/** One battle fought to its last batch, then closed; returns the state and every event. */
function fight(s: GrailWarState, f: Fight = {}): { state: GrailWarState; events: GrailWarEvent[] } {
  const [x, y] = f.masters ? ['ma', 'mb'] : ['a', 'b'];
  const participants = [{ character: x, side: 'A' }, { character: y, side: 'B' }, ...(f.ma ? [{ character: 'ma', side: 'A', row: 'back' as const }] : [])];
  const region = f.region ?? 'r1';
  s = start(s, participants, { scene: f.scene ?? 'night', regions: { a: region, ma: region, b: region, mb: region } });
  s = prepareAll(s);
  const events: GrailWarEvent[] = [];
  for (let batch = 1; s.battle!.phase !== 'ended'; batch++) {
    for (const id of [...s.battle!.submission!.seats]) {
      const foe = s.battle!.engaged[id]?.[0] ?? '';
      const mine = batch === 1 ? (id === 'ma' ? f.ma : id === x ? f.a : undefined) : undefined;
      const out = submit(s, id, planVs(foe, mine ?? []));
      s = out.state;
      events.push(...out.events);
    }
    // Masters in the battle get a post-reveal window; they pass.
    while (s.battle!.phase === 'window') {
      const id = s.battle!.window!.seats.find((m) => !Object.hasOwn(s.battle!.window!.answers, m))!;
      const out = run(s, seat(s.characters[id]!.seat), { type: 'battle.window', decl: { actions: [] } });
      s = out.state;
      events.push(...out.events);
    }
  }
  return { state: run(s, GM, { type: 'battle.close' }).state, events };
}

const left = (s: GrailWarState, id: string) => s.concealment[id]?.value ?? 100;
const losses = (events: GrailWarEvent[]) =>
  Object.fromEntries(readAll(events).flatMap((e) => (e?.type === 'concealment.lost' ? [[e.character, e.loss]] : [])));

describe('GW-SAN-02 GW-SAN-04 GW-SAN-05 what one battle costs', () => {
  test.each<[string, Partial<GrailWarOptions>, Partial<ServantSheet>, Fight, Record<string, number>]>([
    ['TV-SAN-03 10 judgments in the front row at night: 2 + 2', {}, {}, {}, { a: 4, b: 4 }],
    ['TV-SAN-03 the same by day: ×2', {}, {}, { scene: 'day' }, { a: 8, b: 8 }],
    ['TV-SAN-02 GW-SAN-02 a 대군 NP of grade A: 2 per grade on top of the battle', { battleBatches: 1 }, { stats: { str: 'C', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'A' }, noblePhantasms: [np('antiArmy')] }, { a: [j('np', { np: 'np1' })] }, { a: 2 + 10, b: 2 }],
    ['TV-SAN-02 a 대인 NP of grade C: 3', { battleBatches: 1 }, { noblePhantasms: [np('antiPersonnel')] }, { a: [j('np', { np: 'np1' })] }, { a: 2 + 3, b: 2 }],
    ['TV-SAN-02 a 결계 kept 3 judgments (slots 3–5): 3 per 2, rounded up', { battleBatches: 1 }, { noblePhantasms: [np('boundedField')] }, { a: [j('wait'), j('wait'), j('np', { np: 'np1' })] }, { a: 2 + 6, b: 2 }],
    ['GW-SAN-02 each magic judgment costs 1', { battleBatches: 1 }, { magecraft: 'C' }, { a: [j('magecraft', { aspect: 'smash' }), j('magecraft', { aspect: 'rush' })] }, { a: 2 + 2, b: 2 }],
    ['GW-SAN-05 a masters-only battle without magic costs nothing', { battleBatches: 1 }, {}, { masters: true }, { ma: 0, mb: 0 }],
    ['GW-SAN-06 GW-CLASS-03 (4) a new-rule Assassin in the front row without an NP is spared the Day ×2', {}, { className: 'assassin' }, { scene: 'day' }, { a: 4, b: 8 }],
    ['GW-SAN-06 the old Assassin traits do not spare it', { assassinTraits: 'old' }, { className: 'assassin' }, { scene: 'day' }, { a: 8, b: 8 }],
  ])('%s', (_name, options, a, f, expected) => {
    const { events } = fight(campaign(options, a), f);
    expect(losses(events)).toEqual(expected);
  });

  test('GW-SAN-05 GW-SUP-01 a master\'s magic support makes a masters\' battle count, and costs 1 itself', () => {
    const support: SlotPlan = { type: 'support', ally: 'a', opponent: 'b', mode: 'magic' };
    const s = campaign({ battleBatches: 1 }, {}, { spells: { cards: 2, grade: 'C' } });
    const { events } = fight(s, { a: [j('smash')], ma: [support] });
    // b faces a and the back-row ma is out of reach: a 2, b 2 × 2 foes, ma (back row) 1 + 1 for the spell.
    expect(losses(events)).toEqual({ a: 2, ma: 2, b: 4 });
  });
});

describe('GW-SAN-07 repeated battles in one region', () => {
  test.each<[string, number, number, number, GrailWarOptions['repeatBattleConcealment'], number]>([
    ['TV-SAN-04 the first battle costs its raw loss', 6, 1, 0, 'doubling', 6],
    ['TV-SAN-04 the second doubles: 4 → 8', 4, 2, 6, 'doubling', 8],
    ['TV-SAN-04 the third would be 4 < 8, so 8 + 2·1 = 10', 1, 3, 8, 'doubling', 10],
    ['TV-SAN-04 raw 6 then 2: 4 < 6, so 6 + 2·2 = 10', 2, 2, 6, 'doubling', 10],
    ['GW-SAN-07 doubling: the third battle ×4', 4, 3, 8, 'doubling', 16],
    ['GW-SAN-07 fixed2: the third battle ×2 only', 4, 3, 8, 'fixed2', 8],
    ['GW-SAN-07 a battle without raw loss costs nothing (INFERRED)', 0, 3, 8, 'doubling', 0],
  ])('%s', (_name, raw, k, previous, mode, expected) => {
    expect(repeatedLoss(raw, k, previous, mode)).toBe(expected);
  });

  test.each<[string, Partial<GrailWarOptions>, string[], number[]]>([
    ['GW-SAN-07 doubling: 4, then 8 in the same region, then 4 elsewhere', {}, ['r1', 'r1', 'r2'], [4, 8, 4]],
    ['GW-SAN-07 doubling: a third battle in r1 costs 4 × 4', {}, ['r1', 'r1', 'r1'], [4, 8, 16]],
    ['GW-SAN-07 fixed2: a third battle in r1 costs 4 × 2', { repeatBattleConcealment: 'fixed2' }, ['r1', 'r1', 'r1'], [4, 8, 8]],
  ])('%s', (_name, options, regions, expected) => {
    let s = campaign(options);
    const seen: number[] = [];
    for (const region of regions) {
      const out = fight(s, { region });
      s = out.state;
      seen.push(losses(out.events).a!);
    }
    expect([seen, left(s, 'a')]).toEqual([expected, 100 - expected.reduce((x, y) => x + y, 0)]);
  });
});

describe('GW-SAN-01 GW-HIDE-F18 concealment and sanctions', () => {
  test('GW-SAN-01 off by default: no concealment is kept or shown', () => {
    const { state, events } = fight(campaign({ characterConcealment: false }));
    expect([state.concealment, losses(events), view(state, seat('s1')).characters[0]!.status!.concealment]).toEqual([{}, {}, null]);
  });

  test('GW-HIDE-F18 the owner, its partner and the GM see the value; others do not', () => {
    const { state, events } = fight(campaign());
    const shown = (v: Parameters<typeof view>[1]) => view(state, v).characters.find((c) => c.id === 'a')!.status?.concealment ?? null;
    expect([shown(seat('s1')), shown(seat('s3')), shown(GM), shown(seat('s2'))]).toEqual([96, 96, 96, null]);
    const lost = events.find((e) => { const gm = viewEvent(e, GM); return gm?.type === 'concealment.lost' && gm.character === 'a'; })!;
    expect([viewEvent(lost, seat('s3')), viewEvent(lost, seat('s2')), viewEvent(lost, SPECTATOR)]).toEqual([{ type: 'concealment.lost', character: 'a', loss: 4, value: 96 }, null, null]);
  });

  test('TV-SAN-02 GW-SAN-01 a 대국 NP of grade A by day costs 54 (≥ 30): a public Church sanction', () => {
    const a = { stats: { str: 'C', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'A' }, noblePhantasms: [np('antiCountry')] };
    const { state, events } = fight(campaign({ battleBatches: 1 }, a), { scene: 'day', a: [j('np', { np: 'np1' })] });
    expect(losses(events).a).toBe((2 + 25) * 2);
    const sanction = events.find((e) => e.type === 'concealment.sanctioned')!;
    expect([viewEvent(sanction, SPECTATOR), viewEvent(sanction, seat('s2'))]).toEqual([
      { type: 'concealment.sanctioned', character: 'a', reason: 'bigLoss' },
      { type: 'concealment.sanctioned', character: 'a', reason: 'bigLoss' },
    ]);
    expect(view(state, seat('s2')).characters.find((c) => c.id === 'a')!.sanctions).toBe(1);
  });

  test('GW-SAN-01 reaching 0 brings a sanction once; concealment stops at 0', () => {
    const s = campaign();
    s.concealment.a = { value: 3, regions: {}, sanctions: 0 };
    const first = fight(s);
    expect([left(first.state, 'a'), readAll(first.events).filter((e) => e?.type === 'concealment.sanctioned')]).toEqual([0, [{ type: 'concealment.sanctioned', character: 'a', reason: 'zero' }]]);
    const second = fight(first.state, { region: 'r2' });
    expect([left(second.state, 'a'), second.state.concealment.a!.sanctions, readAll(second.events).filter((e) => e?.type === 'concealment.sanctioned')]).toEqual([0, 1, []]);
  });
});
