import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import { reinforcedStrength } from './encounter.ts';
import { activeSpades, faceUpSpadeTotal } from './spades.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, body, character, findEvent, refusal, run, setupInput, square, stack, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

/** A party deciding on the gate C5 with 無死 11 (〈死祭〉 100 + 100 + 31). */
function deciding(overrides = {}): CotState {
  const chars = setupInput().characters.map((c, i) => ({ ...c, deathRites: [100, 100, 31][i]! }));
  return toDecision(started({ characters: chars, ...overrides }));
}

/** The party waits and the event phase starts on its square. */
const waitThenEvents = (s: CotState, dice: number[] = []) => run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM, dice);

const step = (s: CotState) => (s.phase.kind === 'event' ? s.phase.step : null);

describe('event phase flow (COT-EVT)', () => {
  test('COT-EVT-01 a blank square at the start draws a deck card, face-up, applied at once', () => {
    const s = deciding();
    const top = s.deck.at(-1)!;
    const out = waitThenEvents(s).state;
    expect(square(out, 'C5').stack.some((e) => e.card.id === top.id && e.faceUp) || out.discard.some((c) => c.id === top.id)).toBe(true);
  });

  test('COT-EVT-01 with gateIsSafe the gate draws nothing and the cycle ends', () => {
    const out = waitThenEvents(deciding({ options: { gateIsSafe: true } })).state;
    expect(square(out, 'C5').stack).toEqual([]);
    expect(out.phase.kind).toBe('cycleEnd');
  });

  test.each([
    ['COT-MOD-08 ♣ is an obstacle', 'C', 'obstacle'],
    ['COT-MOD-08 ♦ before 転界 is remains', 'D', 'remains'],
    ['COT-MOD-08 ♥ is an interaction', 'H', 'interaction'],
  ] as const)('%s', (_name, suit, kind) => {
    const s = deciding();
    stack(s, 'C5', suit, 4, false);
    expect(step(waitThenEvents(s, [1]).state)?.kind).toBe(kind);
  });

  test('COT-MOD-08 ♦ after 転界 is a tear-spirit event', () => {
    const s = deciding();
    s.party.tenkai = true;
    s.bone!.card = null;
    stack(s, 'C5', 'D', 4, true);
    expect(step(waitThenEvents(s).state)).toMatchObject({ kind: 'tearSpirit', strength: 4, bone: false });
  });

  test('COT-EVT-02 cards produce events from the top down; a face-down card turns up when its turn comes', () => {
    const s = deciding();
    stack(s, 'C5', 'D', 5, false);
    const club = stack(s, 'C5', 'C', 4, false);
    let out = waitThenEvents(s).state;
    expect(step(out)).toMatchObject({ kind: 'obstacle', entryId: club });
    expect(square(out, 'C5').stack.map((e) => e.faceUp)).toEqual([true, false]);
    out = run(out, { type: 'cot.obs.withdraw' }, P1).state;
    expect(step(out)).toMatchObject({ kind: 'remains', strength: 5 });
    expect(square(out, 'C5').stack.map((e) => e.faceUp)).toEqual([true, true]);
  });

  test('COT-EVT-03 unsearched remains stay face-up; searched remains are removed', () => {
    const s = deciding();
    stack(s, 'C5', 'D', 5, true);
    const stays = run(waitThenEvents(s).state, { type: 'cot.remains.search', searchers: [] }, GM).state;
    expect(square(stays, 'C5').stack).toHaveLength(1);
    expect(stays.phase.kind).toBe('cycleEnd');
    const searched = run(waitThenEvents(s).state, { type: 'cot.remains.search', searchers: [{ character: 'ch1' }] }, GM, [70]).state;
    expect(square(searched, 'C5').stack).toEqual([]);
    expect(searched.discard.at(-1)!.face).toEqual({ kind: 'standard', suit: 'D', rank: 5 });
  });

  test('COT-EVT-04 a removed ♥ is replaced by a face-down deck card that only the GM sees', () => {
    const s = deciding();
    stack(s, 'C5', 'H', 8, true);
    const next = s.deck.at(-1)!;
    const at = waitThenEvents(s).state;
    const out = run(at, { type: 'cot.int.outcome', result: { effect: 'none' } }, GM);
    expect(square(out.state, 'C5').stack.map((e) => [e.card.id, e.faceUp])).toEqual([[next.id, false]]);
    expect(out.state.phase.kind).toBe('cycleEnd');
    const placed = findEvent(out.events, (e) => e.type === 'cot.card' && e.op === 'placed')!;
    expect(body(placed)).toMatchObject({ faceUp: false, card: { id: next.id } });
    expect(viewEvent(placed, P1)).toMatchObject({ card: { id: next.id } });
    expect(viewEvent(placed, P1)?.type === 'cot.card' && viewEvent(placed, P1)).not.toHaveProperty('card.face');
    expect(viewEvent(placed, GM)).toHaveProperty('card.face');
  });

  test('COT-EVT-05 COT-INT-02 a move by an event leaves the old stack unprocessed and goes on in the new square', () => {
    const s = deciding();
    const below = stack(s, 'C5', 'C', 9, true);
    stack(s, 'C5', 'H', 2, true);
    stack(s, 'C4', 'D', 3, true);
    const at = waitThenEvents(s, [2]).state;
    const out = run(at, { type: 'cot.int.outcome', result: { effect: 'move', path: ['C4'] } }, GM).state;
    expect(out.party.position).toBe('C4');
    expect(step(out)).toMatchObject({ kind: 'remains', strength: 3 });
    expect(square(out, 'C5').stack.find((e) => e.card.id === below)).toMatchObject({ tapped: false });
  });

  test('COT-INT-04 移動(N): squares passed get their card placed and opened, no LTF, no time', () => {
    const s = deciding();
    stack(s, 'C5', 'H', 4, true); // Durulz ferryman: Move (2)
    const at = waitThenEvents(s, [1]).state;
    const out = run(at, { type: 'cot.int.outcome', result: { effect: 'move', path: ['C4', 'C3'] } }, GM).state;
    expect(square(out, 'C4').stack.every((e) => e.faceUp)).toBe(true);
    expect(square(out, 'C4').stack.length).toBeGreaterThan(0);
    expect(out.party.position).toBe('C3');
    expect(out.characters.every((c) => c.ltfThirds === 0)).toBe(true);
    expect(refusal(at, { type: 'cot.int.outcome', result: { effect: 'move', path: ['C4', 'C3', 'C2'] } }, GM).code).toBe('TOO_FAR');
  });
});

describe('spades and encounters (COT-ENC)', () => {
  test('COT-ENC-01 TV-02 無死 11 with face-up ♠4 and ♠6: Σ 10, no active spade; the card stays face-up', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 4, true);
    const six = stack(s, 'C5', 'S', 6, true);
    expect(faceUpSpadeTotal(s)).toBe(10);
    expect(activeSpades(s)).toEqual([]);
    const out = waitThenEvents(s).state;
    expect(out.phase.kind).toBe('cycleEnd');
    expect(square(out, 'C5').stack[0]).toMatchObject({ faceUp: true, tapped: false });
    expect(square(out, 'C5').stack[0]!.card.id).toBe(six);
  });

  test('COT-ENC-01 TV-03 then ♠3 is opened: Σ 13 > 11, only ♠6 is active; entering its square starts an encounter', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 4, true);
    const six = stack(s, 'C5', 'S', 6, true);
    stack(s, 'E1', 'S', 3, true);
    expect(activeSpades(s)).toEqual([six]);
    expect(step(waitThenEvents(s).state)).toMatchObject({ kind: 'encounterSense', entryId: six, strength: 6 });
  });

  test('COT-ENC-01 TV-04 face-up ♠5 and ♠6 make 11 = 無死: equal means ignored', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 5, true);
    stack(s, 'C5', 'S', 6, true);
    expect(activeSpades(s)).toEqual([]);
  });

  test('COT-ENC-01 TV-05 after ♠6 is removed Σ is 7: no active spade', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 4, true);
    stack(s, 'C5', 'S', 6, true);
    stack(s, 'E1', 'S', 3, true);
    const at = waitThenEvents(s).state;
    let out = run(at, { type: 'cot.enc.roll' }, GM).state;
    out = run(out, { type: 'cot.enc.outcome', result: { outcome: 'victory' } }, GM).state;
    expect(faceUpSpadeTotal(out)).toBe(7);
    expect(activeSpades(out)).toEqual([]);
  });

  test('COT-ENC-01 face-down spades do not count toward Σ', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 13, false);
    stack(s, 'A2', 'S', 12, true);
    expect(faceUpSpadeTotal(s)).toBe(12);
  });

  test.each([
    ['COT-ENC-02 TV-23 reinforce value 5 against number 4: strength −2', 4, 5, 2],
    ['COT-ENC-02 TV-23 value 3 against 4: −1', 4, 3, 3],
    ['COT-ENC-02 TV-23 never below 1', 2, 9, 1],
  ])('%s', (_name, strength, value, expected) => {
    expect(reinforcedStrength(strength, value)).toBe(expected);
  });

  test('COT-ENC-03 TV-20 TV-21 strength 6, roll 3: snakes; See special X = 2, Listen success Y = 0; X first, D6, 10 m', () => {
    const s = deciding();
    for (const c of s.characters) c.deathRites = 0; // 無死 0: the lone ♠6 is active
    stack(s, 'C5', 'S', 6, true);
    let at = waitThenEvents(s).state;
    at = run(at, { type: 'cot.enc.sense', character: 'ch1', sense: 'see' }, P1).state;
    at = run(at, { type: 'cot.enc.sense', character: 'ch2', sense: 'listen' }, P2).state;
    const out = run(at, { type: 'cot.enc.sense', character: 'ch3', sense: 'none' }, GM, [8, 20, 3, 4]).state;
    const st = step(out);
    if (st?.kind !== 'encounterCombat') throw new Error('no handoff');
    expect(st.handoff).toMatchObject({ tableDie: 6, tableRoll: 3, target: 'snake', count: 'D6, total SIZ 36', firstDiscoverer: 'ch1', direction: { die: 6, value: 4 }, distanceM: 10 });
    expect(st.handoff.discovery.filter((d) => d.check).map((d) => [d.character, d.strength])).toEqual([
      ['ch1', 2],
      ['ch2', 0],
    ]);
    expect(character(out, 'ch1').experienceChecks).toContain('see');
    expect(character(out, 'ch2').experienceChecks).not.toContain('listen');
  });

  test('COT-ENC-04 victory removes the spade and opens treasure with the card\'s strength as the cap', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 9, true);
    stack(s, 'C5', 'S', 10, true);
    let out = run(waitThenEvents(s).state, { type: 'cot.enc.roll' }, GM).state;
    out = run(out, { type: 'cot.enc.outcome', result: { outcome: 'victory' } }, GM).state;
    expect(step(out)).toEqual({ kind: 'treasure', cap: 10 });
    expect(refusal(out, { type: 'cot.enc.outcome', result: { outcome: 'victory' } }, GM).code).toBe('NOT_YOUR_PHASE');
  });

  test('COT-ENC-05 retreat: a face-down card on the destination, the spade stays, the next cycle starts at the time phase', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 9, true);
    const spade = stack(s, 'C5', 'S', 10, true);
    stack(s, 'C4', 'C', 2, true);
    let out = run(waitThenEvents(s).state, { type: 'cot.enc.roll' }, GM).state;
    out = run(out, { type: 'cot.enc.outcome', result: { outcome: 'retreat', to: 'C4' } }, GM).state;
    expect(square(out, 'C4').stack[0]!.faceUp).toBe(false);
    expect(square(out, 'C5').stack[0]!.card.id).toBe(spade);
    expect(out.phase.kind).toBe('cycleEnd');
    expect(out.party.forcedMove).toEqual({ to: 'C4', reason: 'retreat' });
    const next = run(out, { type: 'cot.end.next' }, GM).state;
    expect(next.phase).toMatchObject({ kind: 'time', step: { kind: 'decision' } });
    expect(refusal(next, { type: 'cot.time.propose', plan: { kind: 'move', to: 'B5' } }, P1).code).toBe('FORCED_MOVE');
  });

  test('COT-FX-03 clubs whose total reaches the encounter strength let the party escape to an adjacent square', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 9, true);
    stack(s, 'C5', 'S', 10, true);
    const c1 = (() => {
      const i = s.deck.findIndex((c) => c.face.kind === 'standard' && c.face.suit === 'C' && c.face.rank === 7);
      const card = s.deck.splice(i, 1)[0]!;
      character(s, 'ch1').hand.push(card);
      return card.id;
    })();
    const at = run(waitThenEvents(s).state, { type: 'cot.enc.roll' }, GM).state;
    expect(refusal(at, { type: 'cot.enc.outcome', result: { outcome: 'clubEscape', to: 'C4', clubs: [{ character: 'ch1', card: c1 }] } }, GM).code).toBe('CLUBS_TOO_WEAK');
    at.characters[0]!.hand[0]!.face = { kind: 'standard', suit: 'C', rank: 10 };
    const out = run(at, { type: 'cot.enc.outcome', result: { outcome: 'clubEscape', to: 'C4', clubs: [{ character: 'ch1', card: c1 }] } }, GM).state;
    expect(out.party.position).toBe('C4');
    expect(square(out, 'C5').stack.some((e) => e.faceUp && e.card.face.kind === 'standard' && e.card.face.suit === 'S')).toBe(true);
  });

  test('COT-INT-04 防衛 ignores encounters of its threat level or lower while the party stays', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 9, true);
    stack(s, 'C5', 'S', 10, true);
    s.party.defense = { square: 'C5', value: 10 };
    expect(waitThenEvents(s).state.phase.kind).toBe('cycleEnd');
  });
});

describe('view during events', () => {
  test('COT-ENC-03 the handoff data is public to every viewer once rolled', () => {
    const s = deciding();
    stack(s, 'A1', 'S', 9, true);
    stack(s, 'C5', 'S', 10, true);
    const out = run(waitThenEvents(s).state, { type: 'cot.enc.roll' }, GM).state;
    for (const v of [P1, P2, GM]) expect(view(out, v).phase).toMatchObject({ kind: 'event', step: 'encounterCombat', detail: { strength: 10 } });
  });
});
