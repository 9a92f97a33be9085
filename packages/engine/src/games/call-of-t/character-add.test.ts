import type { Viewer } from '@veiltable/protocol';
import type { CotCharacterInput } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import type { CotState } from './state.ts';
import { mushi } from './state.ts';
import { GM, P1, character, decision, facingClub, refusal, run, seated, setupInput, started, toDecision } from './test-support.ts';
import { view } from './view.ts';

/**
 * Characters for seats added after the setup. The seed enters the characters at setup (COT-SET-01 step 6); what binds
 * a late one comes from §0, 「探索隊」: "the party is all the characters, who always stand on one square together".
 */

const P5: Viewer = { role: 'player', seat: 's5' };

/** The fixture sheet, for a new seat, with two cards dealt. */
const late = (over: Partial<CotCharacterInput> = {}): CotCharacterInput => ({ ...setupInput().characters[0]!, name: 'Eve', seat: 's5', initialHand: 2, ...over });

/** Adds seat s5 (a link handed out after the setup), then Eve's character for it. */
function joined(state: CotState, over: Partial<CotCharacterInput> = {}): CotState {
  const s = run(state, { type: 'seat.add', name: 'Eve' }).state;
  return run(s, { type: 'cot.character.add', character: late(over) }).state;
}

/** Waiting on the gate with the gate safe: no event, straight to the cycle end (COT-EVT-01). */
const atCycleEnd = () => {
  const s = run(toDecision(started({ options: { gateIsSafe: true } })), { type: 'cot.time.propose', plan: { kind: 'wait' } }).state;
  if (s.phase.kind !== 'cycleEnd') throw new Error(`not at the cycle end: ${s.phase.kind}`);
  return s;
};

describe('a character for a seat added after the setup', () => {
  test.each([
    ['COT-MOD-11 INFERRED in the investigation', () => started()],
    ['COT-MOD-11 INFERRED while the party decides (time phase)', () => toDecision(started())],
    ['COT-MOD-11 INFERRED at an obstacle (event phase)', () => facingClub(6)],
    ['COT-MOD-11 INFERRED at the cycle end', atCycleEnd],
  ] as const)('%s: it stands where the party stands, last in the marching and action orders, LTF 0, its hand dealt', (_name, at) => {
    const before = at();
    const s = joined(before);
    const eve = character(s, 'ch4');
    expect(eve).toMatchObject({ name: 'Eve', seat: 's5', ltfThirds: 0, ltfAtCycleStart: 0 });
    expect(eve.hand).toHaveLength(2);
    expect(s.party.position).toBe(before.party.position);
    expect(s.party.marchingOrder).toEqual([...before.party.marchingOrder, 'ch4']);
    expect(s.party.actionOrder).toEqual([...before.party.actionOrder, 'ch4']);
    expect(s.phase).toMatchObject({ kind: before.phase.kind });
    // The seat now plays: its view lists its character with its sheet and hand.
    const mine = view(s, P5);
    expect(mine.characters.find((c) => c.id === 'ch4')?.seat).toBe('s5');
    expect(mine.hands.ch4).toHaveLength(2);
  });

  test('COT-INV-02 INFERRED added during the investigation, it declares too: the reveal waits for its lock', () => {
    let s = joined(started());
    for (const [id, seat] of [['ch1', 's1'], ['ch2', 's2'], ['ch3', 's3']] as const) {
      s = run(s, { type: 'cot.inv.declare', character: id, action: { kind: 'none' } }, { role: 'player', seat }).state;
      s = run(s, { type: 'cot.inv.lock', character: id }, { role: 'player', seat }).state;
    }
    expect(s.phase.kind).toBe('investigation');
    expect(view(s, GM).phase.detail.waitingFor).toEqual(['ch4']);
    s = run(s, { type: 'cot.inv.declare', character: 'ch4', action: { kind: 'prayer' } }, P5).state;
    s = run(s, { type: 'cot.inv.lock', character: 'ch4' }, P5).state;
    expect(s.phase.kind).not.toBe('investigation');
  });

  test('COT-TIM-08 INFERRED added while the party decides, it sleeps unless its player chooses otherwise', () => {
    let s = joined(toDecision(started()));
    expect(decision(s).activities.ch4).toBe('sleep');
    s = run(s, { type: 'cot.time.activity', character: 'ch4', activity: 'watch' }, P5).state;
    expect(decision(s).activities.ch4).toBe('watch');
  });

  test('COT-MOD-14 無死 counts its 〈死祭り〉 when the room recomputes it', () => {
    // Three sheets of 40% make 120 → 6; a fourth of 40% makes 160 → 8.
    const s = started();
    expect(mushi(s)).toBe(6);
    expect(mushi(joined(s))).toBe(8);
  });

  test('COT-MOD-14 INFERRED a 無死 fixed at setup stays fixed (recomputeMushi off)', () => {
    const s = joined(started({ options: { recomputeMushi: false } }));
    expect(mushi(s)).toBe(6);
  });

  test('COT-HID-01 the other players see the newcomer but not its hand; a spectator neither', () => {
    const s = joined(started());
    expect(view(s, P1).characters.map((c) => c.id)).toContain('ch4');
    expect(view(s, P1).hands).not.toHaveProperty('ch4');
    expect(view(s, { role: 'spectator' }).hands).not.toHaveProperty('ch4');
  });

  test('COT-SET-01 the GM may add one it runs itself (no seat)', () => {
    const s = run(started(), { type: 'cot.character.add', character: late({ seat: null }) }).state;
    expect(character(s, 'ch4').seat).toBeNull();
  });

  const twelve = () => started({ characters: Array.from({ length: 12 }, (_, i) => ({ ...setupInput().characters[0]!, name: `N${i}`, seat: null })) });
  const night = () => Object.assign(started(), { phase: { kind: 'night' as const } });
  test.each([
    ['COT-SET-01 only the GM enters characters', () => run(started(), { type: 'seat.add', name: 'Eve' }).state, P1, late(), 'NOT_GM'],
    ['COT-SET-01 before the setup the setup form seats every character', () => run(seated(), { type: 'seat.add', name: 'Eve' }).state, GM, late(), 'NOT_YOUR_PHASE'],
    ['COT-END-03 INFERRED after the last cycle nobody joins the exploration', () => run(night(), { type: 'seat.add', name: 'Eve' }).state, GM, late(), 'NOT_YOUR_PHASE'],
    ['COT-MOD-12 a player controls one character', () => started(), GM, late({ seat: 's1' }), 'SEAT_TAKEN'],
    ['COT-SET-01 the seat must be one of the room', () => started(), GM, late({ seat: 's9' }), 'NO_SUCH_SEAT'],
    ['COT-SET-01 the party is at most twelve, as at setup', twelve, GM, late({ seat: null }), 'TOO_MANY_SEATS'],
  ] as const)('%s', (_name, at, actor, input, code) => {
    expect(refusal(at(), { type: 'cot.character.add', character: input }, actor).code).toBe(code);
  });
});
