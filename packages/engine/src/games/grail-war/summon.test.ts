import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { gwView } from '@veiltable/protocol/games/grail-war';
import { CLASS_IDS } from './sheets.ts';
import type { GrailWarState } from './state.ts';
import { GM, SPECTATOR, master, readAll, refused, room, run, seat, servant } from './test-support.ts';
import { view } from './view.ts';

const SEATS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7'];
/** a (s1) and b (s2) servants, ma (s3) a master without a servant yet; seats s4…s7 hold no character. */
const table = () => {
  let s = room({ a: { seat: 's1', sheet: servant() }, b: { seat: 's2', sheet: servant({ alias: 'Lancer', className: 'lancer' }) }, ma: { seat: 's3', sheet: master() } });
  for (const name of SEATS) s = run(s, GM, { type: 'seat.add', name }).state;
  return s;
};
const drawn = (s: GrailWarState) => run(s, GM, { type: 'summon.draw', seats: SEATS });
const everyone: Viewer[] = [GM, SPECTATOR, ...SEATS.map(seat)];

describe('GW-SUMMON-01 ① 무작위 선택 "Classes are randomly assigned to the 7 participants"', () => {
  test('GW-SUMMON-01 / CORE-01 "7, one per participant": each of the seven classes once, drawn from the seeded RNG', () => {
    const r = drawn(table());
    expect(Object.keys(r.state.summon.classes)).toEqual(SEATS);
    expect(Object.values(r.state.summon.classes).sort()).toEqual([...CLASS_IDS].sort());
    expect(r.state.rng.counter).toBeGreaterThan(table().rng.counter);
    // The same room and seed draw the same classes (replay); a different seed changes the draw somewhere.
    expect(drawn(table()).state.summon.classes).toEqual(r.state.summon.classes);
    const other = structuredClone(table());
    other.rng.seed = 'b'.repeat(64);
    expect(drawn(other).state.summon.classes).not.toEqual(r.state.summon.classes);
  });

  test.each<[string, string[], string]>([
    ['GW-SUMMON-01 a seat drawn twice', ['s1', 's1'], 'DUPLICATE_SEAT GW-SUMMON-01'],
    ['GW-SUMMON-01 an unknown seat', ['s1', 's42'], 'NO_SUCH_SEAT GW-SUMMON-01'],
  ])('%s is refused', (_, seats, code) => {
    expect(refused(table(), GM, { type: 'summon.draw', seats })).toBe(code);
  });

  test('GW-HIDE-F20 "the result if it concerns them": each seat reads its own class, the GM all, spectators none; the seed never', () => {
    const r = drawn(table());
    const classes = r.state.summon.classes;
    for (const v of everyone) {
      const shown = view(r.state, v);
      gwView.parse(shown);
      const text = JSON.stringify(shown) + JSON.stringify(readAll(r.events, v));
      expect(text).not.toContain(r.state.rng.seed);
      const mine = v.role === 'gm' ? SEATS : v.role === 'player' ? [v.seat] : [];
      expect(shown.summon?.classes ?? []).toEqual(mine.map((s) => ({ seat: s, className: classes[s] })));
      const told = readAll(r.events, v).find((e) => e?.type === 'summon.drawn');
      expect(told?.type === 'summon.drawn' ? told.classes : []).toEqual(mine.map((s) => ({ seat: s, className: classes[s] })));
    }
  });
});

describe('GW-SUMMON-01 ① step 3 "The GM gives every servant a catalyst 성유물, without saying whose it is"', () => {
  const PLANTED = 'catalyst-planted-7f3a';
  const given = () => run(drawn(table()).state, GM, { type: 'summon.catalyst', servant: 'a', description: PLANTED });

  test('GW-HIDE-F24: the servant player sees its own catalyst, masters and others the description only, the GM the mapping, spectators nothing', () => {
    const r = given();
    for (const v of everyone) {
      const shown = view(r.state, v);
      const events = readAll(r.events, v);
      const whose = v.role === 'gm' || (v.role === 'player' && v.seat === 's1');
      if (v.role === 'spectator') {
        expect(JSON.stringify(shown) + JSON.stringify(events)).not.toContain(PLANTED);
        continue;
      }
      expect(shown.summon!.catalysts).toEqual([{ id: 'k1', description: PLANTED, servant: whose ? 'a' : null }]);
      expect(events).toContainEqual({ type: 'summon.catalyst', id: 'k1', description: PLANTED, servant: whose ? 'a' : null });
    }
  });

  test.each<[string, () => string]>([
    ['GW-SUMMON-01 one catalyst per servant', () => refused(given().state, GM, { type: 'summon.catalyst', servant: 'a', description: 'another' })],
    ['GW-SUMMON-01 catalysts are given to servants', () => refused(table(), GM, { type: 'summon.catalyst', servant: 'ma', description: 'a ring' })],
    ['GW-SUMMON-01 the GM gives them', () => refused(table(), seat('s1'), { type: 'summon.catalyst', servant: 'a', description: 'a ring' })],
  ])('%s', (_, attempt) => {
    expect(attempt()).toMatch(/^(HAS_CATALYST|NOT_A_SERVANT) GW-SUMMON-01$|^NOT_GM$/);
  });

  test('GW-SUMMON-01 ① step 4 "Masters choose a catalyst and contract with that servant": after contract.form the master sees its servant', () => {
    const s = run(given().state, GM, { type: 'contract.form', master: 'ma', servant: 'a' }).state;
    expect(view(s, seat('s3')).characters.find((c) => c.id === 'a')!.sheet).not.toBeNull();
  });
});
