import type { Viewer } from '@veiltable/protocol';
import { cotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { CotEvent, CotState } from './state.ts';
import { GM, P1, P2, P3, SPECTATOR, VIEWERS, character, run, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

/**
 * COT-HID-01 (issue 12, #13): with private sheets (the option sheetsPublic off) a character's skill values, 〈呼び声〉
 * and 霊圧 are its player's and the GM's, so rolls and notes that carry them reach the others without them, as the
 * GM's sheet edit already did. Dice results stay public.
 */

const PRIVATE = { options: { sheetsPublic: false } } as const;
const OTHERS: Viewer[] = [P2, P3, SPECTATOR];
const waitThenEvents = (s: CotState, dice: number[] = []) => run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM, dice);

/** The party on a face-up ♦ of this strength, its remains step waiting; tenkai turns it into tear spirits. */
function atDiamond(strength: number, tenkai = false, overrides = PRIVATE as object): CotState {
  const s = toDecision(started(overrides));
  if (tenkai) {
    s.party.tenkai = true;
    s.bone!.card = null;
  }
  stack(s, 'C5', 'D', strength, true);
  return waitThenEvents(s).state;
}

const reads = (events: CotEvent[], v: Viewer) => events.flatMap((e) => viewEvent(e, v) ?? []);
const checksOf = (events: CotEvent[], v: Viewer, character: string) => reads(events, v).filter((e) => e.type === 'cot.check' && e.character === character);
const notesOf = (events: CotEvent[], v: Viewer, key: string) => reads(events, v).flatMap((e) => (e.type === 'cot.note' && e.key === key ? [e.params] : []));

describe('private sheets in rolls and notes (COT-HID-01)', () => {
  test('COT-HID-01 a roll\'s chance reaches its player and the GM only; the roll and its level stay public', () => {
    // ch1 searches: 〈慰霊〉 40, a roll of 30 is a success.
    const out = run(atDiamond(4), { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, GM, [30]);
    for (const v of [GM, P1]) expect(checksOf(out.events, v, 'ch1')).toEqual([{ type: 'cot.check', character: 'ch1', purpose: 'memorial', chance: 40, roll: 30, level: 'success', sd: 1 }]);
    for (const v of OTHERS) {
      expect(checksOf(out.events, v, 'ch1'), JSON.stringify(v)).toEqual([{ type: 'cot.check', character: 'ch1', purpose: 'memorial', roll: 30, level: 'success', sd: 1 }]);
      for (const e of reads(out.events, v)) cotViewEvent.parse(e);
    }
  });

  test('COT-HID-01 a raised 〈呼び声〉 is told to its player and the GM; the others learn by how much it rose', () => {
    // A summoning fumble raises the summoner's 〈呼び声〉 by the strength (Q13): 5 + 5.
    const out = run(atDiamond(5, true), { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] }, GM, [100]);
    expect(character(out.state, 'ch1').call).toBe(10);
    for (const v of [GM, P1]) expect(notesOf(out.events, v, 'call.raised')).toEqual([{ character: 'ch1', amount: 5, call: 10 }]);
    for (const v of OTHERS) expect(notesOf(out.events, v, 'call.raised'), JSON.stringify(v)).toEqual([{ character: 'ch1', amount: 5 }]);
  });

  test('COT-HID-01 COT-TSP-04 what acceptance gave each character, and its 霊圧, are its player\'s and the GM\'s', () => {
    // ch1 rolls 〈死祭り〉 40: a critical (01) takes 霊圧 10 down to 7; tie-break D100s 50, 60, 70; strength 3 all to ch1.
    const out = run(atDiamond(3, true), { type: 'cot.tsp.accept', adjust: [{ character: 'ch1', direction: 'down' }] }, GM, [1, 50, 60, 70]);
    expect(notesOf(out.events, GM, 'accepted')).toEqual([
      { character: 'ch1', call: 3, spiritPressure: 7 },
      { character: 'ch2', call: 0, spiritPressure: 10 },
      { character: 'ch3', call: 0, spiritPressure: 10 },
    ]);
    expect(notesOf(out.events, P1, 'accepted')).toEqual([{ character: 'ch1', call: 3, spiritPressure: 7 }, { character: 'ch2' }, { character: 'ch3' }]);
    expect(notesOf(out.events, P2, 'accepted')).toEqual([{ character: 'ch1' }, { character: 'ch2', call: 0, spiritPressure: 10 }, { character: 'ch3' }]);
    expect(notesOf(out.events, SPECTATOR, 'accepted')).toEqual([{ character: 'ch1' }, { character: 'ch2' }, { character: 'ch3' }]);
  });

  test('COT-HID-01 COT-ENC-03 the discovery rolls handed to the GM show each chance to its player and the GM only', () => {
    const s = toDecision(started(PRIVATE));
    // 無死 0: a lone face-up spade is active (COT-ENC-01).
    for (const c of s.characters) c.deathRites = 0;
    stack(s, 'C5', 'S', 10, true);
    const sensed = run(waitThenEvents(s).state, { type: 'cot.enc.roll' }, GM, [20, 30, 40]).state;
    const discovery = (v: Viewer) => (view(sensed, v).phase.detail.handoff as { discovery: { character: string; check: Record<string, unknown> | null }[] }).discovery;
    expect(discovery(GM).map((d) => d.check?.chance)).toEqual([50, 50, 50]);
    expect(discovery(P1).map((d) => d.check?.chance)).toEqual([50, undefined, undefined]);
    expect(discovery(P3).map((d) => d.check?.chance)).toEqual([undefined, undefined, 50]);
    expect(discovery(SPECTATOR).map((d) => d.check && 'chance' in d.check)).toEqual([false, false, false]);
    expect(discovery(SPECTATOR).map((d) => d.check?.roll)).toEqual([20, 30, 40]);
  });

  test('COT-HID-01 with public sheets (the default) every viewer reads the chances and the values', () => {
    const out = run(atDiamond(4, false, {}), { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, GM, [30]);
    for (const v of VIEWERS) expect(checksOf(out.events, v, 'ch1')[0]).toHaveProperty('chance', 40);
    const raised = run(atDiamond(5, true, {}), { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] }, GM, [100]);
    for (const v of VIEWERS) expect(notesOf(raised.events, v, 'call.raised')).toEqual([{ character: 'ch1', amount: 5, call: 10 }]);
  });
});
