import { cardId } from '@veiltable/protocol';
import { describe, expect, test } from 'vitest';
import { faceLabel } from '../../capabilities/cards/deck.ts';
import { isBone } from './cards.ts';
import { callOfT } from './game.ts';
import { defaultCotOptions } from './options.ts';
import { mushi, setup } from './state.ts';
import { GM, P1, SPECTATOR, body, character, refusal, run, seated, seedOf, setupInput, square, stack, started } from './test-support.ts';
import { view } from './view.ts';
import { squareStatus, topFaceDown } from './zones.ts';

describe('setup (COT-SET-01)', () => {
  test('COT-SET-01 the GM sets up; the board starts blank, the party on the gate, cycle 1, investigation', () => {
    const s = started();
    expect(s.squares.every((q) => q.stack.length === 0)).toBe(true);
    expect(s.party.position).toBe('C5');
    expect(s.gate).toBe('C5');
    expect(s.cycle).toBe(1);
    expect(s.phase.kind).toBe('investigation');
  });

  test.each([
    ['COT-SET-01 only the GM sets up', P1, {}, 'NOT_GM'],
    ['COT-SET-01 the gate must be on the board', GM, { gate: 'F1' }, 'BAD_SQUARE'],
    ['COT-SET-01 the bone square must be on the board', GM, { bone: { square: 'A9', strength: 8, pow: 10 } }, 'BAD_SQUARE'],
    ['COT-MOD-11 the marching order must name every character once', GM, { marchingOrder: [0, 0, 1] }, 'BAD_ORDER'],
    ['COT-SET-01 a character sits at a seat of the room', GM, { characters: [{ ...setupInput().characters[0]!, seat: 's7' }] }, 'NO_SUCH_SEAT'],
  ] as const)('%s', (_name, actor, overrides, code) => {
    expect(refusal(seated(seedOf(1)), { type: 'cot.setup', setup: setupInput(overrides as never) }, actor).code).toBe(code);
  });

  test('COT-SET-01 setting up twice is refused', () => {
    expect(refusal(started(), { type: 'cot.setup', setup: setupInput() }).code).toBe('ALREADY_SET_UP');
  });

  test('COT-MOD-01 the board takes width and height as parameters', () => {
    const s = started({ width: 6, height: 4, gate: 'F4' });
    expect(s.squares).toHaveLength(24);
    expect(s.squares.map((q) => q.id)).toContain('F4');
  });

  test('COT-MOD-05 a square is blank, closed (any face-down card) or open; opening turns the topmost face-down card', () => {
    const s = started();
    const q = square(s, 'A1');
    expect(squareStatus(q)).toBe('blank');
    stack(s, 'A1', 'C', 3, false);
    const upper = stack(s, 'A1', 'D', 4, false);
    stack(s, 'A1', 'H', 5, true);
    expect(squareStatus(q)).toBe('closed');
    expect(topFaceDown(q)!.card.id).toBe(upper);
    for (const e of q.stack) e.faceUp = true;
    expect(squareStatus(q)).toBe('open');
    expect(view(s, P1).board.squares.find((x) => x.id === 'A1')!.stack.map((e) => e.origin)).toEqual(['deck', 'deck', 'deck']);
  });

  test('COT-MOD-07 the deck is 52 standard cards, no jokers, each id opaque', () => {
    const s = started();
    expect(s.deck).toHaveLength(52);
    const labels = new Set(s.deck.map((c) => faceLabel(c.face)));
    expect(labels.size).toBe(52);
    expect(s.deck.every((c) => c.face.kind === 'standard')).toBe(true);
  });

  test('COT-HID-02 card ids match c+16 hex, are random per game, and encode nothing', () => {
    const a = started({}, seedOf(1));
    const b = started({}, seedOf(2));
    expect(a.deck.every((c) => cardId.safeParse(c.id).success)).toBe(true);
    const ids = (s: typeof a) => new Map(s.deck.map((c) => [faceLabel(c.face), c.id]));
    const [ia, ib] = [ids(a), ids(b)];
    expect([...ia.keys()].filter((k) => ia.get(k) === ib.get(k))).toEqual([]);
  });

  test('COT-MOD-10 the bone is a separate card held off the board with its square, strength and POW', () => {
    const s = started();
    expect(s.bone?.card && isBone(s.bone.card)).toBe(true);
    expect(s.deck.some(isBone)).toBe(false);
    expect(s.bone).toMatchObject({ square: 'B2', strength: 8, pow: 15 });
  });

  test('COT-MOD-09 hands start empty unless the GM deals an initial hand', () => {
    expect(started().characters.every((c) => c.hand.length === 0)).toBe(true);
    const dealt = started({ characters: setupInput().characters.map((c, i) => ({ ...c, initialHand: i })) });
    expect(dealt.characters.map((c) => c.hand.length)).toEqual([0, 1, 2]);
    expect(dealt.deck).toHaveLength(49);
  });

  test('COT-MOD-11 the action order defaults to the marching order; both are settable', () => {
    expect(started().party.actionOrder).toEqual(['ch1', 'ch2', 'ch3']);
    const s = started({ marchingOrder: [2, 0, 1] });
    expect(s.party.marchingOrder).toEqual(['ch3', 'ch1', 'ch2']);
    expect(s.party.actionOrder).toEqual(['ch3', 'ch1', 'ch2']);
    expect(started({ marchingOrder: [2, 0, 1], actionOrder: [1, 2, 0] }).party.actionOrder).toEqual(['ch2', 'ch3', 'ch1']);
  });

  test('COT-MOD-11 the party starts with the supplies the GM entered and no responses', () => {
    const p = started().party;
    expect(p).toMatchObject({ food: 5, money: 100, sleds: 1, ropes: true, remains: 0, responses: 0, tenkai: false, thirdResponder: null });
  });

  test('COT-MOD-12 characters carry their sheet, seat, LTF counter and the Roy flag', () => {
    const chars = setupInput().characters;
    chars[2] = { ...chars[2]!, exemptFromDeathOmen: true };
    const s = started({ characters: chars });
    expect(character(s, 'ch1')).toMatchObject({ seat: 's1', str: 12, con: 14, pow: 13, spiritPressure: 10, call: 5, deathRites: 40, ltfThirds: 0 });
    expect(character(s, 'ch3').exemptFromDeathOmen).toBe(true);
  });

  test('COT-MOD-13 the cycle counter starts at 1 and stops at 14 by default', () => {
    expect(started().cycle).toBe(1);
    expect(defaultCotOptions.maxCycles).toBe(14);
  });

  test.each([
    ['COT-MOD-14 TV-01 〈死祭〉 total 231% gives 無死 11', [100, 100, 31], 11],
    ['COT-MOD-14 total 120% gives 6', [40, 40, 40], 6],
    ['COT-MOD-14 total 19% gives 0', [19, 0, 0], 0],
  ])('%s', (_name, rites, expected) => {
    const chars = setupInput().characters.map((c, i) => ({ ...c, deathRites: rites[i]! }));
    const s = started({ characters: chars });
    expect(mushi(s)).toBe(expected);
    expect(view(s, P1).party.mushi).toBe(expected);
  });

  test('COT-MOD-14 無死 follows 〈死祭り〉 when it changes, or stays fixed by option', () => {
    const live = started();
    character(live, 'ch1').deathRites += 20;
    expect(mushi(live)).toBe(7);
    const fixed = started({ options: { recomputeMushi: false } });
    character(fixed, 'ch1').deathRites += 20;
    expect(mushi(fixed)).toBe(6);
  });

  test('COT-SET-01 every §13 default is in the options and can be overridden', () => {
    expect(started().options).toEqual(defaultCotOptions);
    expect(started({ options: { aceHigh: false, gateIsSafe: true } }).options).toMatchObject({ aceHigh: false, gateIsSafe: true, watchCost: 1 });
  });

  test('COT-SET-01 one player plays one character', () => {
    const chars = setupInput().characters.map((c) => ({ ...c, seat: 's1' }));
    expect(refusal(seated(seedOf(3)), { type: 'cot.setup', setup: setupInput({ characters: chars }) }).code).toBe('SEAT_TAKEN');
  });

  test('COT-SET-01 the setup command is deterministic for a seed', () => {
    const a = run(seated(seedOf(9)), { type: 'cot.setup', setup: setupInput() });
    const b = run(seated(seedOf(9)), { type: 'cot.setup', setup: setupInput() });
    expect(a.state).toEqual(b.state);
  });
});

describe('seats (COT-SET-01 step 6: characters and their players)', () => {
  test.each([
    ['COT-SET-01 the GM adds seats, numbered in order', GM, null, ['s1', 's2', 's3', 's4', 's5']],
    ['COT-SET-01 a player may not add a seat', P1, 'NOT_GM', null],
    ['COT-SET-01 a spectator may not add a seat', SPECTATOR, 'SPECTATOR_READ_ONLY', null],
  ] as const)('%s', (_name, actor, code, seats) => {
    const command = { type: 'seat.add', name: 'Dee' } as const;
    if (code) {
      expect(refusal(seated(), command, actor).code).toBe(code);
      return;
    }
    const out = run(seated(), command, actor);
    expect(out.state.seats.map((s) => s.id)).toEqual(seats);
    expect(out.events.map(body)).toEqual([{ type: 'seat.added', seat: 's5', name: 'Dee' }]);
    expect(view(out.state, { role: 'spectator' }).seats.at(-1)).toEqual({ id: 's5', name: 'Dee' });
  });

  test('COT-SET-01 a seat added after the setup has no character and sees no hand', () => {
    const out = run(started(), { type: 'seat.add', name: 'Late' });
    const late = view(out.state, { role: 'player', seat: 's5' });
    expect(late.seats.at(-1)).toEqual({ id: 's5', name: 'Late' });
    expect(late.hands).toEqual({});
    expect(late.characters.every((c) => c.seat !== 's5')).toBe(true);
  });
});

describe('command parsing at the edge', () => {
  test('parseCommand: a malformed command is BAD_SHAPE, another game\'s is UNKNOWN_COMMAND', () => {
    expect(callOfT.parseCommand!({ type: 'cot.inv.declare', character: 'ch1', action: { kind: 'scout' } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_SHAPE' },
    });
    expect(callOfT.parseCommand!({ type: 'deck.deal', seat: 's1', count: 1 })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
    expect(callOfT.parseCommand!({ type: 'cot.inv.lock', character: 'ch2' })).toEqual({ ok: true, value: { type: 'cot.inv.lock', character: 'ch2' } });
  });
});
