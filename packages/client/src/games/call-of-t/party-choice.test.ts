import { callOfT } from '@veiltable/engine/games/call-of-t';
import type { Viewer } from '@veiltable/protocol';
import type { CotView } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { acceptCommand, awaited, commitmentOf, commitments, partyStep, remainsCommand, summonCommand, treasureCommand } from './party-choice.ts';
import type { CotCommandInput } from './room.ts';

const GM: Viewer = { role: 'gm' };
const seat = (s: string): Viewer => ({ role: 'player', seat: s });
/** The time stamped on commands, as the server would (call-of-t rules never use it). */
const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

type State = ReturnType<typeof callOfT.setup>;

/**
 * A real room from the engine at the remains step (COT-REM-01): three seats (the third one's character run by the GM
 * when `gmRuns`), gate C5; the GM forces the first lock and moves the party to C4, laying a ♦ from a hand there.
 */
function atRemains(gmRuns = false) {
  let state: State = callOfT.setup('c'.repeat(64));
  const run = (command: CotCommandInput, actor: Viewer = GM) => {
    const parsed = callOfT.parseCommand!(command);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const out = callOfT.apply(state, parsed.value, actor, AT);
    if (!out.ok) throw new Error(`${command.type}: ${out.error.code}`);
    state = out.value.state;
  };
  const view = (viewer: Viewer) => callOfT.view(state, viewer) as CotView;
  for (const name of ['Aiko', 'Bruno', 'Chen']) run({ type: 'seat.add', name });
  const pc = (name: string, s: string | null) => ({
    name, seat: s, str: 12, con: 12, pow: 12, int: 12, app: 10, mp: 12, moveLoad: 10, restLoad: 'leather' as const,
    skills: { see: 40, summon: 30 }, skillSets: { scout: 40, memorial: 30, spot: 30 }, spiritPressure: 10, call: 5, deathRites: 20,
    initialHand: 10,
  });
  run({
    type: 'cot.setup',
    setup: {
      gate: 'C5', bone: { square: 'B2', strength: 8, pow: 15 }, resonanceSkill: 'see',
      characters: [pc('Aiko', 's1'), pc('Bruno', 's2'), pc('Chen', gmRuns ? null : 's3')],
      party: { food: 5, money: 0, sleds: 0, ropes: false },
    },
  });
  run({ type: 'cot.inv.force' });
  const hands = view(GM).hands;
  const diamond = Object.entries(hands).flatMap(([character, cards]) =>
    cards.filter((c) => c.face?.kind === 'standard' && c.face.suit === 'D').map((c) => ({ character, card: c.id })),
  )[0]!;
  for (let i = 0; i < 5 && view(GM).phase.step !== 'decision'; i++) {
    const step = view(GM).phase.step;
    if (step === 'omen') run({ type: 'cot.omen.confirm' });
    else if (step === 'sleepwalk') run({ type: 'cot.sleepwalk.confirm' });
    else if (step === 'pursuer') run({ type: 'cot.pursuer.choose', entry: (view(GM).phase.detail.candidates as string[])[0]! });
  }
  // The GM's proposal is carried out at once (COT-TIM-05); the ♦ becomes C4's map card, face-up (COT-TIM-07).
  run({ type: 'cot.time.propose', plan: { kind: 'move', to: 'C4', place: diamond } });
  return { run, view };
}

describe('the party step and who it waits for (COT-REM-01, issue 12 #13)', () => {
  test('each seated player is awaited until it commits; the table sees who committed which characters', () => {
    const table = atRemains();
    expect(partyStep(table.view(seat('s1')))).toBe('remains');
    expect(awaited(table.view(seat('s1')))).toEqual({ seats: ['s1', 's2', 's3'], gmRuns: [], split: false });
    table.run({ type: 'cot.remains.search', searchers: [{ character: 'ch2' }] }, seat('s2'));
    const seen = table.view(seat('s1'));
    expect(commitments(seen)).toEqual([{ seat: 's2', characters: ['ch2'] }]);
    expect(commitmentOf(seen, 's2')).toEqual({ seat: 's2', characters: ['ch2'] });
    expect(commitmentOf(seen, 's1')).toBeUndefined();
    expect(awaited(seen)).toEqual({ seats: ['s1', 's3'], gmRuns: [], split: false });
    // The spectator reads the same commitments.
    expect(commitments(table.view({ role: 'spectator' }))).toEqual(commitments(seen));
  });

  test('a character the GM runs leaves the step to the GM, whoever has committed', () => {
    const table = atRemains(true);
    table.run({ type: 'cot.remains.search', searchers: [] }, seat('s1'));
    table.run({ type: 'cot.remains.search', searchers: [] }, seat('s2'));
    expect(partyStep(table.view(GM))).toBe('remains');
    expect(awaited(table.view(seat('s1')))).toEqual({ seats: [], gmRuns: ['ch3'], split: false });
  });

  test('outside a party step there is nothing to commit', () => {
    const table = atRemains();
    table.run({ type: 'cot.remains.search', searchers: [] }, seat('s1'));
    table.run({ type: 'cot.remains.search', searchers: [] }, seat('s2'));
    table.run({ type: 'cot.remains.search', searchers: [] }, seat('s3'));
    const after = table.view(seat('s1'));
    expect(partyStep(after)).toBeNull();
    expect(commitments(after)).toEqual([]);
  });

  test('COT-TSP-01 players who split between accepting and fighting leave the decision to the GM', () => {
    const view = table();
    view.phase = { kind: 'event', step: 'tearSpirit', detail: { committed: [{ seat: 's1', characters: [], choice: 'accept' }, { seat: 's2', characters: ['ch2'], choice: 'summon' }] } };
    expect(awaited(view)).toEqual({ seats: ['s3'], gmRuns: [], split: true });
  });
});

/** A view at cycle 1's declarations, for the tests that set the phase themselves. */
function table(): CotView {
  return structuredClone(atRemains().view(seat('s1')));
}

describe('a player commits only its own characters (NOT_YOUR_CHARACTER otherwise)', () => {
  const own = ['ch1'];
  test.each<[string, CotCommandInput, CotCommandInput]>([
    [
      'COT-REM-01 searchers, with a ♥ instead of the roll',
      remainsCommand(own, { ch1: { on: true, substitute: 'c00000000000000aa' }, ch2: { on: true, substitute: '' } }),
      { type: 'cot.remains.search', searchers: [{ character: 'ch1', substitute: 'c00000000000000aa' }] },
    ],
    ['COT-REM-01 nobody searching is a commitment too', remainsCommand(own, { ch1: { on: false, substitute: '' } }), { type: 'cot.remains.search', searchers: [] }],
    ['COT-TRS-02 spotters', treasureCommand(own, { ch1: true, ch3: true }), { type: 'cot.treasure.resolve', spotters: ['ch1'] }],
    [
      'COT-TSP-04 accepting: only a character that moves its 霊圧 rolls',
      acceptCommand(['ch1', 'ch4'], { ch1: { direction: 'down', skill: '' }, ch4: { direction: 'keep', skill: 'summon' }, ch2: { direction: 'up', skill: '' } }),
      { type: 'cot.tsp.accept', adjust: [{ character: 'ch1', direction: 'down' }] },
    ],
    [
      'COT-TSP-02 fighting: the own summoners, or none',
      summonCommand(own, { ch1: { direction: 'keep', skill: 'summon' }, ch2: { direction: 'keep', skill: 'summon' } }),
      { type: 'cot.tsp.summon', summoners: [{ character: 'ch1', skill: 'summon' }] },
    ],
    ['COT-TSP-01 a vote to fight without summoning oneself', summonCommand(own, { ch1: { direction: 'up', skill: '' } }), { type: 'cot.tsp.summon', summoners: [] }],
  ])('%s', (_name, built, expected) => {
    expect(built).toEqual(expected);
  });

  test('the engine takes what the form builds from the player who sends it', () => {
    const t = atRemains();
    expect(() => t.run(remainsCommand(['ch1'], { ch1: { on: true, substitute: '' } }), seat('s1'))).not.toThrow();
    expect(commitmentOf(t.view(seat('s2')), 's1')).toEqual({ seat: 's1', characters: ['ch1'] });
  });
});
