import { describe, expect, test } from 'vitest';
import { verifyCommitment } from '../../kernel/commitment.ts';
import { viewEvent } from '../../kernel/events.ts';
import { isBone } from './cards.ts';
import type { CotState } from './state.ts';
import { GM, P1, P2, P3, SPECTATOR, body, character, deal, findEvent, investigate, refusal, run, square, stack, started } from './test-support.ts';
import { view } from './view.ts';

const scout = (target: string, extra: object = {}) => ({ kind: 'scout' as const, target, ...extra });

describe('declaration legality (COT-INV-01, COT-HID-03 step 2)', () => {
  const given = (): CotState => {
    const s = started();
    stack(s, 'B5', 'C', 5, true); // open square next to the gate
    stack(s, 'A1', 'D', 3, false); // a face-down card far away
    deal(s, 'ch1', 'H', 4);
    deal(s, 'ch1', 'S', 9);
    square(s, 'D5').scouted = true;
    return s;
  };
  test.each([
    ['COT-INV-03 scout needs an orthogonally adjacent square', scout('C3'), 'NOT_ADJACENT'],
    ['COT-INV-03 scout cannot target an open square', scout('B5'), 'SQUARE_OPEN'],
    ['COT-INV-05 vision needs a face-down card on the target', { kind: 'vision', target: 'C4', card: 'c0000000000000000' }, 'NO_FACE_DOWN_CARD'],
    ['COT-INV-05 vision needs a heart from the hand', { kind: 'vision', target: 'A1', card: 'c0000000000000000' }, 'NEED_HEART'],
    ['COT-INV-07 resonance needs a diagonal square', { kind: 'resonance', target: 'C4' }, 'NOT_DIAGONAL'],
    ['COT-FX-02 the spade probe needs an unscouted square', { kind: 'probe', target: 'D5', card: 'c0000000000000000' }, 'ALREADY_SCOUTED'],
    ['COT-FX-02 the spade probe needs a spade', { kind: 'probe', target: 'A2', card: 'c0000000000000000' }, 'NEED_SPADE'],
    ['COT-FX-01 a substitute must be a heart in the hand', { kind: 'prayer', substitute: 'c0000000000000000' }, 'NEED_HEART'],
  ] as const)('%s', (_name, action, code) => {
    expect(refusal(given(), { type: 'cot.inv.declare', character: 'ch1', action: action as never }, P1).code).toBe(code);
  });

  test.each([
    ['COT-INV-01 scout an adjacent blank square', scout('C4')],
    ['COT-INV-01 silent prayer', { kind: 'prayer' }],
    ['COT-INV-01 resonance on a diagonal square', { kind: 'resonance', target: 'D4' }],
    ['COT-INV-01 no action', { kind: 'none' }],
  ] as const)('%s is accepted', (_name, action) => {
    const out = run(given(), { type: 'cot.inv.declare', character: 'ch1', action: action as never }, P1);
    expect(body(out.events[0]!).type).toBe('cot.declared');
  });

  test('COT-INV-01 a player declares only for their own character', () => {
    expect(refusal(started(), { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'none' } }, P1).code).toBe('NOT_YOUR_CHARACTER');
  });
});

describe('sealed declarations (COT-HID-03)', () => {
  test('COT-HID-03 others see only declared and the commitment; the owner and the GM see the choice', () => {
    const s = run(started(), { type: 'cot.inv.declare', character: 'ch1', action: scout('C4') }, P1);
    const d = (v: typeof P1) => view(s.state, v).declarations!.find((x) => x.character === 'ch1')!;
    expect(d(P2)).toEqual({ character: 'ch1', declared: true, locked: false, commitment: expect.any(String) });
    expect(d(SPECTATOR).action).toBeUndefined();
    expect(d(P1).action).toEqual(scout('C4'));
    expect(d(GM).action).toEqual(scout('C4'));
    expect(viewEvent(s.events[0]!, P2)).toEqual({ type: 'cot.declared', character: 'ch1', commitment: d(P2).commitment });
  });

  test('COT-HID-03 a choice may change until locked, and not after', () => {
    let s = run(started(), { type: 'cot.inv.declare', character: 'ch1', action: scout('C4') }, P1).state;
    s = run(s, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'prayer' } }, P1).state;
    s = run(s, { type: 'cot.inv.lock', character: 'ch1' }, P1).state;
    expect(refusal(s, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'none' } }, P1).code).toBe('ALREADY_LOCKED');
    expect(view(s, P2).declarations!.find((d) => d.character === 'ch1')).toMatchObject({ declared: true, locked: true });
  });

  test('COT-HID-03 when all lock, every choice and salt is revealed at once and matches its commitment', () => {
    const out = investigate(started(), { ch1: scout('C4'), ch2: { kind: 'prayer' }, ch3: { kind: 'none' } }, [70, 70]);
    const reveal = body(findEvent(out.events, (e) => e.type === 'cot.revealed')!);
    if (reveal.type !== 'cot.revealed') throw new Error('no reveal');
    expect(reveal.answers.map((a) => a.action?.kind)).toEqual(['scout', 'prayer', 'none']);
    for (const a of reveal.answers) expect(verifyCommitment(a.action, a.salt!, a.commitment!)).toBe(true);
    expect(out.state.phase.kind).toBe('time');
  });

  test('COT-HID-03 step 4 the GM forces the lock; characters who did not lock take no action', () => {
    let s = run(started(), { type: 'cot.inv.declare', character: 'ch1', action: scout('C4') }, P1).state;
    s = run(s, { type: 'cot.inv.declare', character: 'ch2', action: scout('B5') }, P2).state;
    s = run(s, { type: 'cot.inv.lock', character: 'ch1' }, P1).state;
    const out = run(s, { type: 'cot.inv.force' }, GM, [70]);
    expect(square(out.state, 'C4').stack).toHaveLength(1);
    expect(square(out.state, 'B5').stack).toHaveLength(0);
    expect(refusal(s, { type: 'cot.inv.force' }, P1).code).toBe('NOT_GM');
  });

  test('COT-INV-02 all choices resolve together once everyone has locked, not before', () => {
    let s = run(started(), { type: 'cot.inv.declare', character: 'ch1', action: scout('C4') }, P1).state;
    s = run(s, { type: 'cot.inv.lock', character: 'ch1' }, P1).state;
    expect(square(s, 'C4').stack).toHaveLength(0);
    expect(s.phase.kind).toBe('investigation');
  });
});

describe('scouting (COT-INV-03/04)', () => {
  test('COT-INV-03 a blank target gets the top deck card face-down first; the scout pays 1 LTF', () => {
    const s = started();
    const top = s.deck.at(-1)!.id;
    const out = investigate(s, { ch1: scout('C4') }, [70]).state;
    expect(square(out, 'C4').stack).toEqual([expect.objectContaining({ faceUp: false, origin: 'deck' })]);
    expect(square(out, 'C4').stack[0]!.card.id).toBe(top);
    expect(character(out, 'ch1').ltfThirds).toBe(3);
    expect(square(out, 'C4').scouted).toBe(true);
  });

  test('COT-INV-03 two scouts on one blank square: only the first in action order places a card', () => {
    const out = investigate(started(), { ch1: scout('C4'), ch2: scout('C4') }, [70, 70]).state;
    expect(square(out, 'C4').stack).toHaveLength(1);
  });

  test.each([
    ['COT-INV-04 critical opens the map card', 2, 'open', false],
    ['COT-INV-04 special opens the map card', 8, 'open', false],
    ['COT-INV-04 success tells the scout the suit privately', 30, 'closed', true],
    ['COT-INV-04 failure gives nothing', 70, 'closed', false],
  ] as const)('%s', (_name, roll, status, fact) => {
    const s = started();
    const hidden = stack(s, 'C4', 'C', 7, false);
    const out = investigate(s, { ch1: scout('C4') }, [roll]).state;
    expect(square(out, 'C4').stack.every((e) => e.faceUp)).toBe(status === 'open');
    const p1 = view(out, P1).facts;
    expect(p1.some((f) => f.entryId === hidden && f.value === 'C')).toBe(fact);
    expect(view(out, P2).facts).toEqual([]);
  });

  test('COT-INV-04 a fumble forces the party into the scouted square next', () => {
    const out = investigate(started(), { ch1: scout('C4') }, [100]).state;
    expect(out.party.forcedMove).toEqual({ to: 'C4', reason: 'fumble' });
  });

  test('COT-INV-04 critical: learn the suit of a square next to the target; a blank one takes a set card', () => {
    const s = started();
    stack(s, 'C3', 'D', 6, false);
    const own = deal(s, 'ch1', 'S', 2);
    let out = investigate(s, { ch1: scout('C4', { peek: 'C3' }) }, [1]).state;
    expect(view(out, P1).facts.map((f) => [f.square, f.value])).toEqual([['C3', 'D']]);
    const s2 = started();
    const own2 = deal(s2, 'ch1', 'S', 2);
    out = investigate(s2, { ch1: scout('C4', { peek: 'B4', setCard: own2 }) }, [1]).state;
    const set = square(out, 'B4').stack[0]!;
    expect(set).toMatchObject({ faceUp: false, origin: 'hand' });
    expect(set.card.id).not.toBe(own2);
    expect(view(out, P1).board.squares.find((q) => q.id === 'B4')!.stack[0]!.face).toEqual({ kind: 'standard', suit: 'S', rank: 2 });
    expect(view(out, P2).board.squares.find((q) => q.id === 'B4')!.stack[0]!.face).toBeUndefined();
    expect(own).toBeTruthy();
  });

  test('COT-DIE-08 a successful 〈偵察〉 roll earns a skill-set check; a failed one does not', () => {
    expect(character(investigate(started(), { ch1: scout('C4') }, [30]).state, 'ch1').experienceChecks).toContain('set:scout');
    expect(character(investigate(started(), { ch1: scout('C4') }, [70]).state, 'ch1').experienceChecks).toEqual([]);
  });

  test('COT-HID-06 with scoutSharing party every player hears the suit', () => {
    const s = started({ options: { scoutSharing: 'party' } });
    stack(s, 'C4', 'C', 7, false);
    const out = investigate(s, { ch1: scout('C4') }, [30]).state;
    for (const v of [P1, P2, P3]) expect(view(out, v).facts.map((f) => f.value)).toEqual(['C']);
    expect(view(out, SPECTATOR).facts).toEqual([]);
  });

  test('COT-FX-01 a heart substitutes for the scout roll as a success and is discarded face-up', () => {
    const s = started();
    stack(s, 'C4', 'C', 7, false);
    const heart = deal(s, 'ch1', 'H', 3);
    const out = investigate(s, { ch1: scout('C4', { substitute: heart }) }).state;
    expect(view(out, P1).facts.map((f) => f.value)).toEqual(['C']);
    expect(out.discard.map((c) => c.id)).toEqual([heart]);
    expect(character(out, 'ch1').experienceChecks).toEqual([]);
  });
});

describe('vision, prayer, resonance, probe', () => {
  test('COT-INV-05 vision lays a heart face-up on a face-down card anywhere and scouts that square', () => {
    const s = started();
    stack(s, 'A1', 'S', 9, false);
    const heart = deal(s, 'ch1', 'H', 5);
    const out = investigate(s, { ch1: { kind: 'vision', target: 'A1', card: heart } }, [8]).state;
    const stackA1 = square(out, 'A1').stack;
    expect(stackA1[0]).toMatchObject({ faceUp: true, origin: 'hand' });
    expect(stackA1[0]!.card.id).toBe(heart);
    expect(stackA1[1]!.faceUp).toBe(true); // special opens the card below
    expect(character(out, 'ch1').ltfThirds).toBe(0);
  });

  test.each([
    ['COT-INV-06 silent prayer draws one card per SD (special: 2)', [5], 2, 5],
    ['COT-INV-06 a critical draws 3', [1], 3, 5],
    ['COT-INV-06 a failure draws none', [70], 0, 5],
    ['COT-INV-06 a fumble draws none and raises 〈呼び声〉 by 1D6', [100, 4], 0, 9],
  ])('%s', (_name, dice, cards, call) => {
    const out = investigate(started(), { ch1: { kind: 'prayer' } }, dice).state;
    expect(character(out, 'ch1').hand).toHaveLength(cards);
    expect(character(out, 'ch1').call).toBe(call);
    expect(character(out, 'ch1').ltfThirds).toBe(0);
  });

  test('COT-INV-07 TV-15 resonance special with the bone in the 2×2 block: 2 responses, 2 cards', () => {
    // Party on C5, marker on B4: the block is C5, B4, B5, C4; the bone lies on B4. E = 30 + 10 = 40, S = 8.
    const out = investigate(started({ bone: { square: 'B4', strength: 8, pow: 15 } }), { ch1: { kind: 'resonance', target: 'B4' } }, [5]).state;
    expect(out.party.responses).toBe(2);
    expect(character(out, 'ch1').hand).toHaveLength(2);
    expect(character(out, 'ch1').ltfThirds).toBe(3);
    expect(character(out, 'ch1').experienceChecks).toContain('spiritLore');
  });

  test('COT-DIE-09 a resonance skill that cannot take checks earns 10 h of training per response instead', () => {
    const s = started({ bone: { square: 'B4', strength: 8, pow: 15 } });
    character(s, 'ch1').noChecks = ['spiritLore'];
    const out = investigate(s, { ch1: { kind: 'resonance', target: 'B4' } }, [5]).state;
    expect(character(out, 'ch1').trainingHours).toBe(20);
    expect(character(out, 'ch1').experienceChecks).toEqual([]);
  });

  test('COT-INV-07 a success with the bone outside the block gives no response and no card', () => {
    const out = investigate(started({ bone: { square: 'E1', strength: 8, pow: 15 } }), { ch1: { kind: 'resonance', target: 'B4' } }, [5]).state;
    expect(out.party.responses).toBe(0);
    expect(character(out, 'ch1').hand).toHaveLength(0);
  });

  test('COT-INV-07 a resonance fumble raises 〈呼び声〉 by 1D6', () => {
    const out = investigate(started(), { ch1: { kind: 'resonance', target: 'B4' } }, [100, 6]).state;
    expect(character(out, 'ch1').call).toBe(11);
  });

  test('COT-DIE-10 TV-16 responses 2: X makes the third and 転界 happens in X\'s application; Y still draws', () => {
    const s = started({ bone: { square: 'B4', strength: 8, pow: 15 } });
    s.party.responses = 2;
    const out = investigate(s, { ch1: { kind: 'resonance', target: 'B4' }, ch2: { kind: 'resonance', target: 'B4' } }, [20, 20]);
    expect(out.state.party.thirdResponder).toBe('ch1');
    expect(out.state.party.tenkai).toBe(true);
    expect(out.state.party.responses).toBe(4);
    expect(character(out.state, 'ch2').hand).toHaveLength(1);
    const keys = out.events.map(body).map((e) => (e.type === 'cot.note' ? e.key : e.type));
    const tenkaiAt = keys.indexOf('tenkai');
    const responses = keys.flatMap((k, i) => (k === 'resonance' ? [i] : []));
    expect(responses[0]! < tenkaiAt && tenkaiAt < responses[1]!).toBe(true);
  });

  test('COT-BON-01 at 転界 the bone is stacked face-up on its square and becomes public', () => {
    const s = started({ bone: { square: 'B4', strength: 8, pow: 15 } });
    s.party.responses = 2;
    expect(view(s, P2).bone).toEqual({ revealed: false });
    const out = investigate(s, { ch1: { kind: 'resonance', target: 'B4' } }, [20]).state;
    const top = square(out, 'B4').stack[0]!;
    expect(isBone(top.card) && top.faceUp && top.origin === 'bone').toBe(true);
    expect(view(out, P2).bone).toEqual({ revealed: true, square: 'B4', strength: 8, pow: 15 });
  });

  test('COT-FX-02 on a face-down spade the probe returns to the hand, under a new id (COT-HID-02)', () => {
    const s = started();
    const target = stack(s, 'A1', 'S', 10, false);
    const probe = deal(s, 'ch1', 'S', 3);
    const out = investigate(s, { ch1: { kind: 'probe', target: 'A1', card: probe } }).state;
    const hand = character(out, 'ch1').hand;
    expect(hand.map((c) => c.face)).toEqual([{ kind: 'standard', suit: 'S', rank: 3 }]);
    expect(hand[0]!.id).not.toBe(probe);
    expect(square(out, 'A1').stack.map((e) => [e.card.id, e.faceUp])).toEqual([[target, false]]);
    expect(view(out, P1).facts).toEqual([expect.objectContaining({ entryId: target, value: 'S' })]);
  });

  test('COT-FX-02 on anything else the probe is stacked face-up on the square', () => {
    const s = started();
    const target = stack(s, 'A1', 'D', 10, false);
    const probe = deal(s, 'ch1', 'S', 3);
    const out = investigate(s, { ch1: { kind: 'probe', target: 'A1', card: probe } }).state;
    expect(character(out, 'ch1').hand).toEqual([]);
    expect(square(out, 'A1').stack.map((e) => [e.card.id, e.faceUp])).toEqual([
      [probe, true],
      [target, false],
    ]);
  });

  test('COT-FX-02 on a blank square the probe counts as not a spade and stays there face-up', () => {
    const s = started();
    const probe = deal(s, 'ch1', 'S', 3);
    const out = investigate(s, { ch1: { kind: 'probe', target: 'E1', card: probe } }).state;
    expect(square(out, 'E1').stack).toEqual([expect.objectContaining({ faceUp: true, origin: 'hand' })]);
  });

  test('COT-MOD-06 each acting character places a marker on its target; markers clear when the phase ends', () => {
    const out = investigate(started(), { ch1: scout('C4'), ch2: { kind: 'prayer' }, ch3: { kind: 'resonance', target: 'D4' } }, [70, 70, 70]);
    const markers = out.events.map(body).flatMap((e) => (e.type === 'cot.note' && e.key === 'marker' ? [e.params] : []));
    expect(markers).toEqual([
      { character: 'ch1', square: 'C4' },
      { character: 'ch2', square: 'C5' },
      { character: 'ch3', square: 'D4' },
    ]);
    expect(out.state.markers).toEqual([]);
  });
});

describe('knowledge ledger (COT-HID-04)', () => {
  const scouted = () => {
    const s = started();
    stack(s, 'C4', 'C', 7, false);
    return investigate(s, { ch1: scout('C4') }, [30]).state;
  };

  test('COT-HID-04 a holder shares a fact with chosen players; the share is logged', () => {
    const s = scouted();
    const fact = view(s, P1).facts[0]!;
    const out = run(s, { type: 'cot.knowledge.share', fact: fact.id, to: ['s2'] }, P1);
    expect(view(out.state, P2).facts.map((f) => f.value)).toEqual(['C']);
    expect(view(out.state, P3).facts).toEqual([]);
    expect(out.events.map(body).some((e) => e.type === 'cot.note' && e.key === 'fact.shared')).toBe(true);
  });

  test('COT-HID-04 only a holder (or the GM) may share', () => {
    const s = scouted();
    expect(refusal(s, { type: 'cot.knowledge.share', fact: view(s, P1).facts[0]!.id }, P2).code).toBe('NOT_YOUR_FACT');
  });

  test('COT-HID-04 a fact lapses once its card is face-up', () => {
    const s = scouted();
    const entry = square(s, 'C4').stack[0]!;
    entry.faceUp = true;
    expect(refusal(s, { type: 'cot.knowledge.share', fact: view(s, P1).facts[0]!.id }, P1).code).toBe('FACT_LAPSED');
  });
});
