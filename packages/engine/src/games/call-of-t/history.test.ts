import { cotView } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import type { CotEvent } from './events.ts';
import { HISTORY_SIZE, recordHistory } from './history.ts';
import { GM, P1, P2, SPECTATOR, VIEWERS, investigate, run, started } from './test-support.ts';
import { view, viewEvent } from './view.ts';

const scout = (target: string) => ({ kind: 'scout' as const, target });

/** The first investigation resolved: ch1 scouts C4 (a roll of 30 is a plain success: the suit goes to ch1 only), the others pray or pass. */
function afterReveal() {
  return investigate(started(), { ch1: scout('C4'), ch2: { kind: 'prayer' }, ch3: { kind: 'none' } }, [30, 70]);
}

describe('history in the view (COT-HID-01, COT-HID-03)', () => {
  test('COT-HID-03 a view built after the reveal carries the reveal with every choice and salt, for every viewer', () => {
    const { state } = afterReveal();
    for (const v of VIEWERS) {
      const reveal = view(state, v).log.find((l) => l.event.type === 'cot.revealed')?.event;
      expect(reveal?.type, JSON.stringify(v)).toBe('cot.revealed');
      if (reveal?.type !== 'cot.revealed') continue;
      expect(reveal.answers.map((a) => a.action?.kind)).toEqual(['scout', 'prayer', 'none']);
      expect(reveal.answers.every((a) => typeof a.salt === 'string')).toBe(true);
    }
  });

  test('COT-HID-01 the rolls of the resolution are in everyone\'s history, as the live events were', () => {
    const { state, events } = afterReveal();
    for (const v of VIEWERS) {
      const live = events.flatMap((e) => viewEvent(e, v) ?? []).filter((e) => e.type === 'cot.check');
      const kept = view(state, v).log.map((l) => l.event).filter((e) => e.type === 'cot.check');
      expect(live.length).toBeGreaterThan(0);
      expect(kept).toEqual(live);
    }
  });

  test('COT-HID-04 a private scout result is in its holder\'s history only (and the GM\'s)', () => {
    const { state } = afterReveal();
    const facts = (v: typeof GM) => view(state, v).log.filter((l) => l.event.type === 'cot.fact');
    expect(facts(P1).length).toBe(1);
    expect(facts(GM).length).toBe(1);
    for (const v of [P2, SPECTATOR]) expect(facts(v)).toEqual([]);
    // What P1 learned is the suit only: the card's label stays out of every player's history.
    const entry = state.squares.find((q) => q.id === 'C4')!.stack[0]!;
    expect(entry.faceUp).toBe(false);
    expect(facts(P1)[0]!.event).toMatchObject({ type: 'cot.fact', fact: { entryId: entry.card.id, fact: 'suit' } });
  });

  test('COT-HID-03 declarations stay out of the history: before the reveal nobody\'s log holds a sealed choice', () => {
    const s = run(started(), { type: 'cot.inv.declare', character: 'ch1', action: scout('C4') }, P1).state;
    for (const v of VIEWERS) expect(JSON.stringify(view(s, v).log)).not.toContain('C4');
  });

  test('COT-HID-01 the history is numbered without gaps, keeps only the latest events, and skips card moves and notes', () => {
    const s = afterReveal().state;
    const first = s.log.at(-1)!.n;
    const check = (roll: number): CotEvent => ({ to: { kind: 'all' }, body: { type: 'cot.check', character: 'ch1', purpose: 'test', chance: 50, roll, level: 'failure', sd: 0 } });
    const noise: CotEvent = { to: { kind: 'all' }, body: { type: 'cot.note', key: 'x', params: {} } };
    for (let i = 1; i <= HISTORY_SIZE; i++) recordHistory(s, [check(i), noise]);
    const log = view(s, P1).log;
    expect(log.length).toBe(HISTORY_SIZE);
    expect(log.map((l) => l.n)).toEqual(Array.from({ length: HISTORY_SIZE }, (_, i) => first + 1 + i));
    expect(log.map((l) => (l.event.type === 'cot.check' ? l.event.roll : null))).toEqual(Array.from({ length: HISTORY_SIZE }, (_, i) => i + 1));
    cotView.parse(view(s, P1));
  });

  test('COT-HID-01 a kept entry is a copy: changing the emitted event later does not change the history', () => {
    const s = afterReveal().state;
    const event: CotEvent = { to: { kind: 'all' }, body: { type: 'cot.check', character: 'ch1', purpose: 'test', chance: 50, roll: 7, level: 'success', sd: 1 } };
    recordHistory(s, [event]);
    (event.body as { roll: number }).roll = 99;
    expect(view(s, GM).log.at(-1)!.event).toMatchObject({ roll: 7 });
  });
});
