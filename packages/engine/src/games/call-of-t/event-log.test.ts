import { describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import type { CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { viewEvent } from '../../kernel/events.ts';
import type { CotState } from './state.ts';
import type { Applied } from './test-support.ts';
import { GM, P1, P2, P3, SPECTATOR, VIEWERS, character, deal, investigate, run, seated, setupInput, square, stack, started, toDecision } from './test-support.ts';

/**
 * What each viewer reads of the events the commands emit: the room's stored event log, from which every viewer's
 * timeline is built (server rooms/log-lines.ts), so a page opened later reads the same as one open all along.
 */

/** What one viewer reads of these runs' events, in order. */
const read = (runs: readonly Applied[], v: Viewer): CotViewEvent[] => runs.flatMap((r) => r.events).flatMap((e) => viewEvent(e, v) ?? []);
const text = (runs: readonly Applied[], v: Viewer) => JSON.stringify(read(runs, v));

const scout = (target: string) => ({ kind: 'scout' as const, target });

/** The first investigation resolved: ch1 scouts C4 (a roll of 30 is a plain success: the suit goes to ch1 only), the others pray or pass. */
function afterReveal(): Applied {
  return investigate(started(), { ch1: scout('C4'), ch2: { kind: 'prayer' }, ch3: { kind: 'none' } }, [30, 70]);
}

describe('the reveal, the rolls and the facts in the log (COT-HID-01, COT-HID-03, COT-HID-04)', () => {
  test('COT-HID-03 the reveal carries every choice and salt, for every viewer', () => {
    const reveal = afterReveal();
    for (const v of VIEWERS) {
      const revealed = read([reveal], v).find((e) => e.type === 'cot.revealed');
      expect(revealed?.type, JSON.stringify(v)).toBe('cot.revealed');
      if (revealed?.type !== 'cot.revealed') continue;
      expect(revealed.answers.map((a) => a.action?.kind)).toEqual(['scout', 'prayer', 'none']);
      expect(revealed.answers.every((a) => typeof a.salt === 'string')).toBe(true);
    }
  });

  test("COT-HID-01 the rolls of the resolution are in everyone's log", () => {
    const reveal = afterReveal();
    for (const v of VIEWERS) expect(read([reveal], v).filter((e) => e.type === 'cot.check').length, JSON.stringify(v)).toBeGreaterThan(0);
  });

  test("COT-HID-04 a private scout result is in its holder's log only (and the GM's)", () => {
    const reveal = afterReveal();
    const facts = (v: Viewer) => read([reveal], v).filter((e) => e.type === 'cot.fact');
    expect(facts(P1).length).toBe(1);
    expect(facts(GM).length).toBe(1);
    for (const v of [P2, SPECTATOR]) expect(facts(v)).toEqual([]);
    // What P1 learned is the suit only: the card's label stays out of every player's log.
    const entry = reveal.state.squares.find((q) => q.id === 'C4')!.stack[0]!;
    expect(entry.faceUp).toBe(false);
    expect(facts(P1)[0]).toMatchObject({ type: 'cot.fact', fact: { entryId: entry.card.id, fact: 'suit' } });
  });

  test("COT-HID-03 before the reveal nobody else's log holds a sealed choice", () => {
    const declared = run(started(), { type: 'cot.inv.declare', character: 'ch1', action: scout('C4') }, P1);
    for (const v of [P2, P3, SPECTATOR]) expect(text([declared], v), JSON.stringify(v)).not.toContain('C4');
  });
});

type CardLine = Extract<CotViewEvent, { type: 'cot.card' }>;

/** The card moves a viewer reads, in order. */
const cardLines = (runs: readonly Applied[], v: Viewer): CardLine[] => read(runs, v).flatMap((e) => (e.type === 'cot.card' ? [e] : []));

/**
 * Every deck card's face planted, and one in ch1's hand; then ch1 prays (roll 5: a special, two cards drawn) and
 * ch2 scouts the blank C4 (roll 30: a success), which lays the top deck card there face-down.
 */
function plantedCycle(): Applied {
  const s = started();
  s.deck.forEach((c, i) => (c.face = { kind: 'custom', text: `PLANT-DECK-${i}` }));
  return investigate(s, { ch1: { kind: 'prayer' }, ch2: scout('C4'), ch3: { kind: 'none' } }, [5, 30]);
}

describe('card moves and phase changes in the log (COT-HID-08)', () => {
  test('COT-HID-08 a card drawn into a hand is in the drawer\'s and the GM\'s log with its face; the others read "a card"', () => {
    const cycle = plantedCycle();
    const drawn = character(cycle.state, 'ch1').hand;
    expect(drawn).toHaveLength(2);
    for (const v of [GM, P1]) {
      const lines = cardLines([cycle], v).filter((e) => e.op === 'drawn');
      expect(lines.map((e) => e.card)).toEqual(drawn.map((c) => ({ id: c.id, face: c.face })));
    }
    for (const v of [P2, P3, SPECTATOR]) {
      const lines = cardLines([cycle], v).filter((e) => e.op === 'drawn');
      expect(lines).toEqual(drawn.map(() => ({ type: 'cot.card', op: 'drawn', square: null, character: 'ch1' })));
      for (const c of drawn) expect(text([cycle], v)).not.toContain(c.id);
    }
  });

  test("COT-HID-08 a card laid face-down is a back in every log but the GM's, the scout's included", () => {
    const cycle = plantedCycle();
    const down = square(cycle.state, 'C4').stack[0]!;
    expect(down.faceUp).toBe(false);
    const plant = (down.card.face as { text: string }).text;
    const placed = (v: Viewer) => cardLines([cycle], v).find((e) => e.op === 'placed' && e.square === 'C4');
    expect(placed(GM)).toMatchObject({ card: { id: down.card.id, face: down.card.face }, faceUp: false });
    for (const v of [P1, P2, P3, SPECTATOR]) {
      expect(placed(v), JSON.stringify(v)).toEqual({ type: 'cot.card', op: 'placed', card: { id: down.card.id }, square: 'C4', character: null, faceUp: false });
      expect(text([cycle], v)).not.toContain(plant);
    }
    // No deck identity reaches a player who did not draw it: P1 reads its own two cards and nothing else.
    const faces = (v: Viewer) => text([cycle], v).match(/PLANT-DECK-\d+/g) ?? [];
    expect(new Set(faces(P1))).toEqual(new Set(character(cycle.state, 'ch1').hand.map((c) => (c.face as { text: string }).text)));
    for (const v of [P2, P3, SPECTATOR]) expect(faces(v)).toEqual([]);
  });

  test('COT-HID-08 a hand card set face-down on a critical: the setter and the GM read it, under its new id', () => {
    const s = started();
    const own = deal(s, 'ch1', 'S', 9);
    character(s, 'ch1').hand[0]!.face = { kind: 'custom', text: 'PLANT-SET' };
    // Roll 1: a critical on C4 (opened for all), with a peek at the blank B4, where the hand card is set.
    const out = investigate(s, { ch1: { kind: 'scout', target: 'C4', peek: 'B4', setCard: own } }, [1]);
    const set = square(out.state, 'B4').stack[0]!;
    expect(set).toMatchObject({ faceUp: false, origin: 'hand' });
    expect(set.card.id).not.toBe(own);
    for (const v of [GM, P1]) expect(cardLines([out], v).find((e) => e.square === 'B4')?.card).toEqual({ id: set.card.id, face: { kind: 'custom', text: 'PLANT-SET' } });
    for (const v of [P2, P3, SPECTATOR]) {
      expect(cardLines([out], v).find((e) => e.square === 'B4')?.card).toEqual({ id: set.card.id });
      expect(text([out], v)).not.toContain('PLANT-SET');
    }
  });

  test('COT-HID-08 COT-END-02 a hand passing is one line: giver, receiver and GM read the card, the others that one was passed', () => {
    const s = run(toDecision(started({ options: { gateIsSafe: true } })), { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
    const card = deal(s, 'ch1', 'C', 8);
    character(s, 'ch1').hand[0]!.face = { kind: 'custom', text: 'PLANT-PASS' };
    const pass = run(s, { type: 'cot.end.pass', from: 'ch1', to: 'ch2', card }, GM);
    const passed = (v: Viewer) => cardLines([pass], v).filter((e) => e.op === 'passed');
    const received = character(pass.state, 'ch2').hand[0]!.id;
    expect(received).not.toBe(card);
    // Under the id the card had in the giver's hand, which nothing carries any more (COT-HID-02).
    for (const v of [GM, P1, P2]) {
      expect(passed(v)).toEqual([{ type: 'cot.card', op: 'passed', square: null, character: 'ch1', to: 'ch2', card: { id: card, face: { kind: 'custom', text: 'PLANT-PASS' } } }]);
    }
    expect(text([pass], P1)).not.toContain(received);
    for (const v of [P3, SPECTATOR]) {
      expect(passed(v)).toEqual([{ type: 'cot.card', op: 'passed', square: null, character: 'ch1', to: 'ch2' }]);
      for (const plant of ['PLANT-PASS', card, received]) expect(text([pass], v)).not.toContain(plant);
    }
  });

  test("COT-FLOW-01 each phase change is in everyone's log, with its cycle", () => {
    const start = run(seated(), { type: 'cot.setup', setup: setupInput({ options: { gateIsSafe: true } }) });
    const forced = run(start.state, { type: 'cot.inv.force' });
    const decided = run(forced.state, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM);
    const next = run(decided.state, { type: 'cot.end.next' }, GM);
    for (const v of VIEWERS) {
      const phases = read([start, forced, decided, next], v).flatMap((e) => (e.type === 'cot.phase' ? [[e.cycle, e.phase, e.step]] : []));
      expect(phases, JSON.stringify(v)).toEqual([
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

/** Each event step's start (a phase change naming the step) and outcome, as a viewer reads them, in order. */
const stepLines = (runs: readonly Applied[], v: Viewer): string[] =>
  read(runs, v).flatMap((e) => {
    if (e.type === 'cot.phase' && e.phase === 'event' && e.step) return [`start ${e.step}`];
    return e.type === 'cot.step' ? [`${e.step} ${e.outcome}`] : [];
  });

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

/** No planted face leaks into what a viewer reads of these runs. */
function expectNoPlants(runs: readonly Applied[]): void {
  for (const v of VIEWERS) {
    if (v.role !== 'gm') expect(text(runs, v)).not.toContain('PLANT-AWAY');
    if (v !== GM && v !== P1) expect(text(runs, v)).not.toContain('PLANT-HAND');
  }
}

/** The outcomes one viewer is told by a command's events: each `cot.step` outcome and each note, so a repeat shows. */
const told = (r: Applied, v: Viewer) => read([r], v).flatMap((e) => (e.type === 'cot.step' ? [e.outcome] : e.type === 'cot.note' ? [e.key] : []));

describe('event steps in the log (COT-HID-08, COT-EVT-02)', () => {
  test('COT-EVT-02 COT-OBS-03 COT-EVT-03 an obstacle withdrawn from, then remains left unsearched: each start and outcome, once, for every viewer', () => {
    const s = plantedDecision();
    stack(s, 'C5', 'D', 5, false);
    stack(s, 'C5', 'C', 4, false);
    const wait = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM);
    const back = run(wait.state, { type: 'cot.obs.withdraw' }, P1);
    const leave = run(back.state, { type: 'cot.remains.search', searchers: [] }, GM);
    for (const v of VIEWERS) {
      expect(stepLines([wait, back, leave], v), JSON.stringify(v)).toEqual(['start obstacle', 'obstacle withdrawn', 'start remains', 'remains unsearched']);
      // Each outcome once, as its step: no note beside it tells it again.
      expect([told(back, v), told(leave, v)], JSON.stringify(v)).toEqual([['withdrawn'], ['unsearched']]);
    }
    expectNoPlants([wait, back, leave]);
  });

  test('COT-ENC-03 COT-ENC-04 an encounter won: discovery, combat, its victory (told once) and the treasure that follows, for every viewer', () => {
    const s = plantedDecision();
    stack(s, 'C5', 'S', 10, true);
    const wait = run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM);
    const roll = run(wait.state, { type: 'cot.enc.roll' }, GM);
    const won = run(roll.state, { type: 'cot.enc.outcome', result: { outcome: 'victory' } }, GM);
    for (const v of VIEWERS) {
      expect(stepLines([wait, roll, won], v), JSON.stringify(v)).toEqual(['start encounterSense', 'start encounterCombat', 'encounterCombat victory', 'start treasure']);
      expect(told(won, v), JSON.stringify(v)).toEqual(['victory']);
      expect(read([won], v).at(-1)).toEqual({ type: 'cot.phase', cycle: 1, phase: 'event', step: 'treasure' });
    }
    expectNoPlants([wait, roll, won]);
  });
});
