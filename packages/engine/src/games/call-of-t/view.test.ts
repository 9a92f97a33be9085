import type { Viewer } from '@veiltable/protocol';
import { cotView, cotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { CotEvent } from './state.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, P3, SPECTATOR, VIEWERS, deal, findEvent, investigate, run, square, stack, started } from './test-support.ts';
import { view } from './view.ts';

/** A room with a unique string planted in every hidden place. */
function planted(): CotState {
  const s = run(started(), { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'resonance', target: 'D4' } }, P2).state;
  const down = stack(s, 'A1', 'C', 9, false);
  square(s, 'A1').stack[0]!.card.face = { kind: 'custom', text: 'PLANT-FACEDOWN' };
  const mine = deal(s, 'ch1', 'H', 2);
  s.characters[0]!.hand[0]!.face = { kind: 'custom', text: 'PLANT-HAND-CH1' };
  s.facts.push({ id: 'f99', square: 'A1', entryId: down, fact: 'suit', value: 'PLANT-FACT-S1', learnedAt: 1, holders: ['s1'] });
  s.bone!.card!.face = { kind: 'custom', text: 'PLANT-BONE' };
  s.deck.forEach((c, i) => (c.face = { kind: 'custom', text: `PLANT-DECK-${i}` }));
  expect(mine).toBeTruthy();
  return s;
}

const seen = (s: CotState, v: Viewer) => JSON.stringify(view(s, v));

describe('view secrecy (COT-HID-01)', () => {
  test.each([
    ['COT-HID-01 draw-pile identities reach nobody, not even the GM', 'PLANT-DECK-', []],
    ['COT-HID-01 a face-down map card is known to the GM only', 'PLANT-FACEDOWN', [GM]],
    ['COT-HID-01 a hand is seen by its owner and the GM', 'PLANT-HAND-CH1', [GM, P1]],
    ['COT-HID-04 a ledger fact is seen by its holder (and the GM)', 'PLANT-FACT-S1', [GM, P1]],
    ['COT-HID-01 the bone card stays with the GM before 転界', 'PLANT-BONE', []],
  ] as const)('%s', (_name, plant, allowed) => {
    const s = planted();
    for (const v of VIEWERS) expect(seen(s, v).includes(plant), JSON.stringify(v)).toBe((allowed as readonly Viewer[]).includes(v));
  });

  test('COT-HID-01 the deck is a count; hand sizes are public', () => {
    const s = planted();
    for (const v of VIEWERS) {
      const out = view(s, v);
      expect(out.deckCount).toBe(s.deck.length);
      expect(out.characters.find((c) => c.id === 'ch1')!.handCount).toBe(1);
    }
    expect(Object.keys(view(s, P2).hands)).toEqual(['ch2']);
    expect(Object.keys(view(s, SPECTATOR).hands)).toEqual([]);
  });

  test('COT-HID-01 existence, orientation and tap state of every entry are public', () => {
    const s = planted();
    for (const v of VIEWERS) {
      const entry = view(s, v).board.squares.find((q) => q.id === 'A1')!.stack[0]!;
      expect(entry).toMatchObject({ faceUp: false, tapped: false, origin: 'deck' });
    }
  });

  test('COT-HID-01 the bone location is the GM\'s until 転界', () => {
    const s = planted();
    expect(view(s, GM).bone).toMatchObject({ square: 'B2', strength: 8, pow: 15 });
    for (const v of [P1, P2, P3, SPECTATOR]) expect(view(s, v).bone).toEqual({ revealed: false });
  });

  test('COT-HID-01 sealed choices: live for the GM, own for the player, hidden from the rest', () => {
    const s = planted();
    const action = (v: Viewer) => view(s, v).declarations!.find((d) => d.character === 'ch2')!.action;
    expect(action(GM)).toEqual({ kind: 'resonance', target: 'D4' });
    expect(action(P2)).toEqual({ kind: 'resonance', target: 'D4' });
    for (const v of [P1, P3, SPECTATOR]) expect(action(v)).toBeUndefined();
  });

  test('COT-HID-03 openDeclarations shows tentative choices to the players', () => {
    const s = run(started({ options: { openDeclarations: true } }), { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'prayer' } }, P2);
    expect(view(s.state, P1).declarations!.find((d) => d.character === 'ch2')!.action).toEqual({ kind: 'prayer' });
    expect(viewEvent(s.events[0]!, P3)).toMatchObject({ action: { kind: 'prayer' } });
  });

  test('COT-HID-03 open declarations are the players\': a spectator reads only that a choice was declared', () => {
    const s = run(started({ options: { openDeclarations: true } }), { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'prayer' } }, P2);
    expect(viewEvent(s.events[0]!, SPECTATOR)).toEqual({ type: 'cot.declared', character: 'ch2', commitment: expect.any(String) });
    expect(view(s.state, SPECTATOR).declarations!.find((d) => d.character === 'ch2')!.action).toBeUndefined();
  });

  test('COT-HID-02 a hand card an open choice named, then left out of it, gets a new id at the reveal', () => {
    const s = started({ options: { openDeclarations: true } });
    const heart = deal(s, 'ch1', 'H', 5);
    let out = run(s, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'prayer', substitute: heart } }, P1).state;
    expect(JSON.stringify(view(out, P2))).toContain(heart);
    out = run(out, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'none' } }, P1).state;
    const revealed = run(out, { type: 'cot.inv.force' }, GM);
    const renewed = revealed.state.characters[0]!.hand[0]!.id;
    expect(renewed).not.toBe(heart);
    expect(revealed.events.map((e) => viewEvent(e, P1))).toContainEqual(expect.objectContaining({ op: 'returned', to: heart, card: expect.objectContaining({ id: renewed }) }));
    for (const v of [P2, SPECTATOR]) expect(JSON.stringify(view(revealed.state, v))).not.toContain(renewed);
  });

  test('COT-HID-01 character sheets are public by default and private by option', () => {
    const open = started();
    expect(view(open, P2).characters[0]!.sheet?.spiritPressure).toBe(10);
    const closed = started({ options: { sheetsPublic: false } });
    expect(view(closed, P2).characters[0]!.sheet).toBeUndefined();
    expect(view(closed, P1).characters[0]!.sheet?.spiritPressure).toBe(10);
    expect(view(closed, GM).characters[0]!.sheet?.spiritPressure).toBe(10);
  });

  test('COT-HID-01 every view parses against the protocol schema', () => {
    const s = planted();
    for (const v of VIEWERS) expect(cotView.safeParse(view(s, v)).success).toBe(true);
  });
});

describe('events and reveal points', () => {
  test('COT-HID-01 a card drawn into a hand: the owner learns it, others learn only that a card was drawn', () => {
    const out = investigate(started(), { ch1: { kind: 'prayer' } }, [30]);
    const drawn = findEvent(out.events, (e) => e.type === 'cot.card' && e.op === 'drawn')!;
    const own = viewEvent(drawn, P1);
    expect(own).toMatchObject({ op: 'drawn', card: { face: expect.any(Object) } });
    for (const v of [P2, SPECTATOR]) expect(viewEvent(drawn, v)).toEqual({ type: 'cot.card', op: 'drawn', square: null, character: 'ch1' });
  });

  test('COT-HID-05 scouting a blank square places the card face-down: nobody but the GM learns it', () => {
    const out = investigate(started(), { ch1: { kind: 'scout', target: 'C4' } }, [70]);
    const placed = findEvent(out.events, (e) => e.type === 'cot.card' && e.op === 'placed')!;
    expect(viewEvent(placed, GM)).toMatchObject({ card: { face: expect.any(Object) } });
    for (const v of [P1, P2, SPECTATOR]) {
      const e = viewEvent(placed, v);
      expect(e && e.type === 'cot.card' && e.card?.face).toBeUndefined();
    }
  });

  test('COT-HID-05 a special scout opens the card for everyone', () => {
    const s = started();
    stack(s, 'C4', 'S', 4, false);
    const out = investigate(s, { ch1: { kind: 'scout', target: 'C4' } }, [8]);
    const opened = findEvent(out.events, (e) => e.type === 'cot.card' && e.op === 'opened')!;
    for (const v of VIEWERS) expect(viewEvent(opened, v)).toMatchObject({ card: { face: { suit: 'S', rank: 4 } } });
  });

  test('COT-HID-07 resonance publishes only the number of responses, never the bone square', () => {
    const out = investigate(started({ bone: { square: 'C4', strength: 8, pow: 15 } }), { ch1: { kind: 'resonance', target: 'B4' } }, [5]);
    const note = findEvent(out.events, (e) => e.type === 'cot.note' && e.key === 'resonance')!;
    expect(viewEvent(note, P2)).toEqual({ type: 'cot.note', key: 'resonance', params: { character: 'ch1', responses: 2 } });
    for (const e of out.events) expect(JSON.stringify(viewEvent(e, P2) ?? {})).not.toContain('"C4"');
  });

  test('COT-HID-08 a reconnecting player replaying the log through viewEvent learns nothing the view hides', () => {
    const s = started();
    deal(s, 'ch2', 'D', 11);
    let state = s;
    const log: CotEvent[] = [];
    for (const step of [
      () => run(state, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'prayer' } }, P1),
      () => run(state, { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'scout', target: 'C4' } }, P2),
      () => run(state, { type: 'cot.inv.lock', character: 'ch1' }, P1),
      () => run(state, { type: 'cot.inv.lock', character: 'ch2' }, P2),
      () => run(state, { type: 'cot.inv.force' }, GM, [5, 30]),
    ]) {
      const out = step();
      state = out.state;
      log.push(...out.events);
    }
    const replay = log.map((e) => viewEvent(e, P3)).filter((e) => e !== null);
    for (const e of replay) expect(cotViewEvent.safeParse(e).success).toBe(true);
    const text = JSON.stringify(replay);
    for (const c of state.characters.flatMap((x) => x.hand)) expect(text).not.toContain(c.id);
    const down = square(state, 'C4').stack[0]!;
    expect(down.faceUp).toBe(false);
    expect(replay.some((e) => e.type === 'cot.card' && e.card?.id === down.card.id && e.card.face)).toBe(false);
  });
});

describe('knowledge marks in the view (COT-HID-04)', () => {
  test.each([
    ['COT-HID-04 a fact one player holds is not marked shared', ['s1'], { s1: false }],
    ['COT-HID-04 a fact several players hold is marked shared for each of them', ['s1', 's3'], { s1: true, s3: true }],
  ] as const)('%s', (_name, holders, expected) => {
    const s = planted();
    s.facts[0]!.holders = [...holders];
    for (const [seat, shared] of Object.entries(expected)) {
      const fact = view(s, { role: 'player', seat }).facts[0]!;
      expect(fact.shared).toBe(shared);
      // Who else holds it stays the GM's.
      expect(fact).not.toHaveProperty('holders');
    }
    expect(view(s, GM).facts[0]!.holders).toEqual(holders);
    expect(view(s, P2).facts).toEqual([]);
  });

  test('COT-SET-01 the resonance skill is public', () => {
    for (const v of VIEWERS) expect(view(planted(), v).resonanceSkill).toBe('spiritLore');
  });
});
