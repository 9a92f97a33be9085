import { cotView } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { toEveryone, viewEvent } from '../../kernel/events.ts';
import type { CotEvent } from './state.ts';
import type { CotState } from './state.ts';
import { HISTORY_SIZE, recordHistory } from './history.ts';
import type { Applied } from './test-support.ts';
import { GM, P1, P2, P3, SPECTATOR, VIEWERS, character, deal, investigate, run, setupInput, square, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

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

  test('COT-HID-01 the history is numbered without gaps, keeps only the latest events, and skips notes', () => {
    const s = afterReveal().state;
    const first = s.log.at(-1)!.n;
    const check = (roll: number): CotEvent => toEveryone({ type: 'cot.check', character: 'ch1', purpose: 'test', chance: 50, roll, level: 'failure', sd: 0 });
    const noise: CotEvent = toEveryone({ type: 'cot.note', key: 'x', params: {} });
    for (let i = 1; i <= HISTORY_SIZE; i++) recordHistory(s, [check(i), noise]);
    const log = view(s, P1).log;
    expect(log.length).toBe(HISTORY_SIZE);
    expect(log.map((l) => l.n)).toEqual(Array.from({ length: HISTORY_SIZE }, (_, i) => first + 1 + i));
    expect(log.map((l) => (l.event.type === 'cot.check' ? l.event.roll : null))).toEqual(Array.from({ length: HISTORY_SIZE }, (_, i) => i + 1));
    cotView.parse(view(s, P1));
  });

  test('COT-HID-01 a kept entry is a copy: changing the emitted event later does not change the history', () => {
    const s = afterReveal().state;
    const event: CotEvent = toEveryone({ type: 'cot.check', character: 'ch1', purpose: 'test', chance: 50, roll: 7, level: 'success', sd: 1 });
    recordHistory(s, [event]);
    (event.parts[0]!.seen as { roll: number }).roll = 99;
    expect(view(s, GM).log.at(-1)!.event).toMatchObject({ roll: 7 });
  });
});

type CardLine = Extract<CotViewEvent, { type: 'cot.card' }>;

/** The card moves in a viewer's history, in order. */
const cardLines = (s: CotState, v: Viewer): CardLine[] =>
  view(s, v).log.flatMap((l) => (l.event.type === 'cot.card' ? [l.event] : []));

/**
 * Every deck card's face planted, and one in ch1's hand; then ch1 prays (roll 5: a special, two cards drawn) and
 * ch2 scouts the blank C4 (roll 30: a success), which lays the top deck card there face-down.
 */
function plantedCycle() {
  const s = started();
  s.deck.forEach((c, i) => (c.face = { kind: 'custom', text: `PLANT-DECK-${i}` }));
  return investigate(s, { ch1: { kind: 'prayer' }, ch2: scout('C4'), ch3: { kind: 'none' } }, [5, 30]).state;
}

describe('card moves and phase changes in the history (COT-HID-08)', () => {
  test('COT-HID-08 a card drawn into a hand is in the drawer\'s and the GM\'s log with its face; the others see "a card"', () => {
    const s = plantedCycle();
    const drawn = character(s, 'ch1').hand;
    expect(drawn).toHaveLength(2);
    for (const v of [GM, P1]) {
      const lines = cardLines(s, v).filter((e) => e.op === 'drawn');
      expect(lines.map((e) => e.card)).toEqual(drawn.map((c) => ({ id: c.id, face: c.face })));
    }
    for (const v of [P2, P3, SPECTATOR]) {
      const lines = cardLines(s, v).filter((e) => e.op === 'drawn');
      expect(lines).toEqual(drawn.map(() => ({ type: 'cot.card', op: 'drawn', square: null, character: 'ch1' })));
      const text = JSON.stringify(view(s, v).log);
      for (const c of drawn) expect(text).not.toContain(c.id);
    }
  });

  test('COT-HID-08 a card laid face-down is a back in every log but the GM\'s, the scout\'s included', () => {
    const s = plantedCycle();
    const down = square(s, 'C4').stack[0]!;
    expect(down.faceUp).toBe(false);
    const plant = (down.card.face as { text: string }).text;
    const placed = (v: Viewer) => cardLines(s, v).find((e) => e.op === 'placed' && e.square === 'C4');
    expect(placed(GM)).toMatchObject({ card: { id: down.card.id, face: down.card.face }, faceUp: false });
    for (const v of [P1, P2, P3, SPECTATOR]) {
      expect(placed(v), JSON.stringify(v)).toEqual({ type: 'cot.card', op: 'placed', card: { id: down.card.id }, square: 'C4', character: null, faceUp: false });
      expect(JSON.stringify(view(s, v).log)).not.toContain(plant);
    }
    // No deck identity reaches a player who did not draw it: P1 reads its own two cards and nothing else.
    const faces = (v: Viewer) => JSON.stringify(view(s, v).log).match(/PLANT-DECK-\d+/g) ?? [];
    expect(new Set(faces(P1))).toEqual(new Set(character(s, 'ch1').hand.map((c) => (c.face as { text: string }).text)));
    for (const v of [P2, P3, SPECTATOR]) expect(faces(v)).toEqual([]);
  });

  test('COT-HID-08 a hand card set face-down on a critical: the setter and the GM read it, under its new id', () => {
    const s = started();
    const own = deal(s, 'ch1', 'S', 9);
    character(s, 'ch1').hand[0]!.face = { kind: 'custom', text: 'PLANT-SET' };
    // Roll 1: a critical on C4 (opened for all), with a peek at the blank B4, where the hand card is set.
    const out = investigate(s, { ch1: { kind: 'scout', target: 'C4', peek: 'B4', setCard: own } }, [1]).state;
    const set = square(out, 'B4').stack[0]!;
    expect(set).toMatchObject({ faceUp: false, origin: 'hand' });
    expect(set.card.id).not.toBe(own);
    for (const v of [GM, P1]) expect(cardLines(out, v).find((e) => e.square === 'B4')?.card).toEqual({ id: set.card.id, face: { kind: 'custom', text: 'PLANT-SET' } });
    for (const v of [P2, P3, SPECTATOR]) {
      expect(cardLines(out, v).find((e) => e.square === 'B4')?.card).toEqual({ id: set.card.id });
      expect(JSON.stringify(view(out, v).log)).not.toContain('PLANT-SET');
    }
  });

  test('COT-HID-08 COT-END-02 a hand passing is one line: giver, receiver and GM read the card, the others that one was passed', () => {
    let s = run(toDecision(started({ options: { gateIsSafe: true } })), { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    const card = deal(s, 'ch1', 'C', 8);
    character(s, 'ch1').hand[0]!.face = { kind: 'custom', text: 'PLANT-PASS' };
    s = run(s, { type: 'cot.end.pass', from: 'ch1', to: 'ch2', card }, GM).state;
    const passed = (v: Viewer) => cardLines(s, v).filter((e) => e.op === 'passed');
    const received = character(s, 'ch2').hand[0]!.id;
    expect(received).not.toBe(card);
    // Under the id the card had in the giver's hand, which nothing carries any more (COT-HID-02).
    for (const v of [GM, P1, P2]) {
      expect(passed(v)).toEqual([{ type: 'cot.card', op: 'passed', square: null, character: 'ch1', to: 'ch2', card: { id: card, face: { kind: 'custom', text: 'PLANT-PASS' } } }]);
    }
    expect(JSON.stringify(view(s, P1).log)).not.toContain(received);
    for (const v of [P3, SPECTATOR]) {
      expect(passed(v)).toEqual([{ type: 'cot.card', op: 'passed', square: null, character: 'ch1', to: 'ch2' }]);
      const text = JSON.stringify(view(s, v).log);
      for (const plant of ['PLANT-PASS', card, received]) expect(text).not.toContain(plant);
    }
  });

  test('COT-FLOW-01 each phase change is in everyone\'s history, with its cycle', () => {
    const s = run(toDecision(started({ options: { gateIsSafe: true } })), { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    const next = run(s, { type: 'cot.end.next' }, GM).state;
    for (const v of VIEWERS) {
      const phases = view(next, v).log.flatMap((l) => (l.event.type === 'cot.phase' ? [[l.event.cycle, l.event.phase, l.event.step]] : []));
      expect(phases).toEqual([
        [1, 'investigation', 'declare'],
        [1, 'time', null],
        [1, 'time', 'decision'],
        [1, 'event', null],
        [1, 'cycleEnd', null],
        [2, 'investigation', 'declare'],
      ]);
    }
  });
});

/** Each event step's start (a phase change naming the step) and outcome, in a viewer's history, in order. */
const stepLines = (s: CotState, v: Viewer): string[] =>
  view(s, v).log.flatMap((l) => {
    if (l.event.type === 'cot.phase' && l.event.phase === 'event' && l.event.step) return [`start ${l.event.step}`];
    return l.event.type === 'cot.step' ? [`${l.event.step} ${l.event.outcome}`] : [];
  });

const LOGGED = new Set(['cot.revealed', 'cot.check', 'cot.fact', 'cot.card', 'cot.phase', 'cot.step']);

/**
 * A party deciding on the gate C5, with a planted ♥ in ch1's hand and a planted
 * face-down card away on A1: neither is any business of the steps played on C5.
 */
function plantedDecision(): CotState {
  // 無死 0: a lone face-up spade is active.
  const chars = setupInput().characters.map((c) => ({ ...c, deathRites: 0 }));
  const s = toDecision(started({ characters: chars }));
  deal(s, 'ch1', 'H', 9);
  character(s, 'ch1').hand[0]!.face = { kind: 'custom', text: 'PLANT-HAND' };
  stack(s, 'A1', 'C', 9, false);
  square(s, 'A1').stack.at(-1)!.card.face = { kind: 'custom', text: 'PLANT-AWAY' };
  return s;
}

/** The history ends with exactly what each viewer received live from these commands, and no planted face leaks. */
function expectLoggedAsLive(s: CotState, runs: Applied[]): void {
  for (const v of VIEWERS) {
    const live = runs.flatMap((r) => r.events).flatMap((e) => viewEvent(e, v) ?? []).filter((e) => LOGGED.has(e.type));
    expect(live.length).toBeLessThanOrEqual(HISTORY_SIZE);
    expect(view(s, v).log.slice(-live.length).map((l) => l.event), JSON.stringify(v)).toEqual(live);
    const text = JSON.stringify(view(s, v).log);
    if (v.role !== 'gm') expect(text).not.toContain('PLANT-AWAY');
    if (v !== GM && v !== P1) expect(text).not.toContain('PLANT-HAND');
  }
}

/** The outcomes one viewer is told by a command's events: each `cot.step` outcome and each note, so a repeat shows. */
const told = (r: Applied, v: Viewer) =>
  r.events.flatMap((e) => viewEvent(e, v) ?? []).flatMap((e) => (e.type === 'cot.step' ? [e.outcome] : e.type === 'cot.note' ? [e.key] : []));

describe('event steps in the history (COT-HID-08, COT-EVT-02)', () => {
  test('COT-EVT-02 COT-OBS-03 COT-EVT-03 an obstacle withdrawn from, then remains left unsearched: each start and outcome, once, for every viewer', () => {
    const s = plantedDecision();
    stack(s, 'C5', 'D', 5, false);
    stack(s, 'C5', 'C', 4, false);
    const wait = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM);
    const back = run(wait.state, { type: 'cot.obs.withdraw' }, P1);
    const leave = run(back.state, { type: 'cot.remains.search', searchers: [] }, GM);
    for (const v of VIEWERS) {
      expect(stepLines(leave.state, v), JSON.stringify(v)).toEqual(['start obstacle', 'obstacle withdrawn', 'start remains', 'remains unsearched']);
      // Each outcome once, as its step: no note beside it tells it again.
      expect([told(back, v), told(leave, v)], JSON.stringify(v)).toEqual([['withdrawn'], ['unsearched']]);
    }
    expectLoggedAsLive(leave.state, [wait, back, leave]);
    cotView.parse(view(leave.state, P2));
  });

  test('COT-ENC-03 COT-ENC-04 an encounter won: discovery, combat, its victory (told once) and the treasure that follows, for every viewer', () => {
    const s = plantedDecision();
    stack(s, 'C5', 'S', 10, true);
    const wait = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM);
    const roll = run(wait.state, { type: 'cot.enc.roll' }, GM);
    const won = run(roll.state, { type: 'cot.enc.outcome', result: { outcome: 'victory' } }, GM);
    for (const v of VIEWERS) {
      expect(stepLines(won.state, v), JSON.stringify(v)).toEqual(['start encounterSense', 'start encounterCombat', 'encounterCombat victory', 'start treasure']);
      expect(told(won, v), JSON.stringify(v)).toEqual(['victory']);
    }
    const victory = view(won.state, P3).log.at(-1)!.event;
    expect(victory).toEqual({ type: 'cot.phase', cycle: 1, phase: 'event', step: 'treasure' });
    expectLoggedAsLive(won.state, [wait, roll, won]);
  });
});
