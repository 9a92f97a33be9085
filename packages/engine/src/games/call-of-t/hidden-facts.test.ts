import type { Viewer } from '@veiltable/protocol';
import { diffJson } from '@veiltable/protocol';
import type { CotCommand, CotView } from '@veiltable/protocol/games/call-of-t';
import { describe, expect, test } from 'vitest';
import { viewEvent } from '../../kernel/events.ts';
import type { Rejection, Result } from '../../kernel/result.ts';
import { Rng, newRngState } from '../../kernel/rng.ts';
import { candidates, pick } from './fuzz-moves.ts';
import { callOfT } from './game.ts';
import type { HiddenFact } from './hidden-facts.ts';
import { factsIn, hiddenFacts } from './hidden-facts.ts';
import type { CotEvent, CotState } from './state.ts';
import { AT, GM, P1, P2, P3, SPECTATOR, deal, run, seated, seedOf, setupInput, sleepwalkStep, stack, started } from './test-support.ts';
import { view } from './view.ts';

/**
 * One rule for hidden facts (issue 12): what each viewer reads, events, view patches and refusals alike, carries no
 * fact the state hides from it (hidden-facts.ts). First the vocabulary, row by row: each planted fact is hidden
 * from the viewers it should be and found by the reader where it is shown. Then a seeded fuzz.
 */

const P4: Viewer = { role: 'player', seat: 's4' };
const VIEWERS: Viewer[] = [GM, P1, P2, P3, P4, SPECTATOR];
const name = (v: Viewer) => (v.role === 'player' ? v.seat : v.role);
const tokens = (s: CotState, v: Viewer) => new Set(hiddenFacts(s, v).map((f) => f.token));

describe('the hidden facts of a state, per viewer', () => {
  type Row = [what: string, build: () => { state: CotState; token: string }, hiddenFrom: Viewer[]];
  test.each<Row>([
    ['COT-HID-01 a face-down map card: its face and suit', () => {
      const s = started();
      return { state: s, token: `face:${stack(s, 'A1', 'C', 9, false)}` };
    }, [P1, P2, P3, P4, SPECTATOR]],
    ['COT-HID-01 a hand card: its id', () => {
      const s = started();
      return { state: s, token: `id:${deal(s, 'ch1', 'H', 3)}` };
    }, [P2, P3, P4, SPECTATOR]],
    ['COT-MOD-10 the bone square before 転界', () => ({ state: started(), token: 'bone:B2' }), [P1, P2, P3, P4, SPECTATOR]],
    ['COT-HID-03 a sealed choice before the reveal', () => {
      const s = run(started(), { type: 'cot.inv.declare', character: 'ch2', action: { kind: 'prayer' } }, P2).state;
      const phase = s.phase as Extract<CotState['phase'], { kind: 'investigation' }>;
      return { state: s, token: `decl:${phase.decl.sealed.answers.ch2!.commitment}` };
    }, [P1, P3, P4, SPECTATOR]],
    ['COT-HID-03 a hand card an open choice names: told to the players until the reveal, not to spectators', () => {
      const s = started({ options: { openDeclarations: true } });
      const heart = deal(s, 'ch1', 'H', 3);
      return { state: run(s, { type: 'cot.inv.declare', character: 'ch1', action: { kind: 'prayer', substitute: heart } }, P1).state, token: `id:${heart}` };
    }, [SPECTATOR]],
    ['COT-HID-07 a sleepwalker\'s step before the GM confirms it', () => ({ state: sleepwalkStep(12).state, token: 'heading:ch1' }), [P1, P2, P3, P4, SPECTATOR]],
    ['COT-HID-01 with private sheets, a planted sheet value', () => {
      const s = started({ options: { sheetsPublic: false } });
      s.characters[0]!.skillSets.memorial = 40.25;
      return { state: s, token: 'num:40.25' };
    }, [P2, P3, P4, SPECTATOR]],
  ])('%s', (_what, build, hiddenFrom) => {
    const { state, token } = build();
    for (const v of VIEWERS) {
      const hidden = hiddenFrom.includes(v);
      expect(tokens(state, v).has(token), name(v)).toBe(hidden);
      // Where it is not hidden it is in the view (the GM's view shows all but the draw pile), found by the reader.
      expect(factsIn(view(state, v)).has(token), name(v)).toBe(!hidden);
    }
  });
});

type Move = { command: CotCommand; actor: Viewer };
type Applied = Result<{ state: CotState; events: CotEvent[] }>;
const apply = (state: CotState, move: Move) => callOfT.apply(state, move.command, move.actor, AT) as Applied;

/**
 * The room options that change what is hidden vary with the seed: private sheets two seeds in three (their values
 * planted with a fractional part, one per character, so a leaked value or chance is found), open declarations,
 * shared scouting, the bone near the gate so 転界 comes, a sleepwalker, and a character the GM runs.
 */
function begin(seed: number): CotState {
  const input = setupInput({
    bone: seed % 2 ? { square: 'B4', strength: 8, pow: 15 } : { square: 'B2', strength: 8, pow: 15 },
    options: { sheetsPublic: seed % 3 === 0, openDeclarations: seed % 4 === 1, scoutSharing: seed % 5 === 2 ? 'party' : 'private', gmObstacleRows: seed % 7 === 0 },
    party: { food: 5, money: 100, sleds: 1, ropes: seed % 2 === 0, fairyDust: 4 },
  });
  for (const c of input.characters) Object.assign(c.skills, { boat: 60, swim: 50, track: 40, purification: 50, plantLore: 40, mineralLore: 40, repair: 30, uplandMarshLore: 40, earthworks: 30 });
  if (seed % 2) for (const c of input.characters) c.skills.spiritLore = 90;
  if (seed % 3 === 2) input.characters[0]!.call = 20;
  if (seed % 6 === 5) input.characters[2]!.seat = null;
  const out = callOfT.apply(seated(seedOf(seed)), { type: 'cot.setup', setup: input }, GM, AT);
  if (!out.ok) throw new Error(`setup refused: ${out.error.code}`);
  const state = out.value.state;
  state.characters.forEach((c, j) => plant(c, [1021, 1031, 1033, 1039][j]! / 2 ** 20));
  return state;
}

/** Adds one fraction to every value of a sheet that the rules read chances from (hidden-facts.ts `num:`). */
function plant(c: CotState['characters'][number], f: number): void {
  for (const k of ['str', 'con', 'pow', 'int', 'app', 'mp', 'spiritPressure', 'call', 'deathRites', 'scoutBonus', 'memorialBonus'] as const) c[k] += f;
  for (const k of Object.keys(c.skills)) c.skills[k]! += f;
  for (const k of ['scout', 'memorial', 'spot'] as const) c.skillSets[k] += f;
}

/** Besides the usual moves: every seat commits its own characters to a step the party plays together (party-choice.ts). */
function commitments(state: CotState, rng: Rng): Move[] {
  const step = state.phase.kind === 'event' ? state.phase.step : null;
  if (!step) return [];
  const out: Move[] = [];
  for (const seat of ['s1', 's2', 's3']) {
    const own = state.characters.filter((c) => c.seat === seat && rng.below(2)).map((c) => c.id);
    const actor: Viewer = { role: 'player', seat };
    if (step.kind === 'remains') out.push({ command: { type: 'cot.remains.search', searchers: own.map((character) => ({ character })) }, actor });
    if (step.kind === 'treasure') out.push({ command: { type: 'cot.treasure.resolve', spotters: own }, actor });
    if (step.kind === 'tearSpirit' && rng.below(2)) out.push({ command: { type: 'cot.tsp.accept', adjust: own.map((character) => ({ character, direction: 'up' as const })) }, actor });
    else if (step.kind === 'tearSpirit') out.push({ command: { type: 'cot.tsp.summon', summoners: own.map((character) => ({ character, skill: 'summon' })) }, actor });
  }
  return out;
}

/** A move, now and then sent by someone else (any seat, the GM, a spectator): its refusal is read too. */
function nextMove(state: CotState, rng: Rng): Move | null {
  const options = [...candidates(state, rng, false), ...commitments(state, rng)];
  if (options.length === 0) return null;
  const move = pick(rng, options);
  return rng.below(4) === 0 ? { command: move.command, actor: pick(rng, VIEWERS) } : move;
}

/** Throws, naming the fact, when the payload carries one of these hidden facts. */
function expectNone(facts: readonly HiddenFact[], payload: unknown, where: string): void {
  const found = factsIn(payload);
  for (const f of facts) if (found.has(f.token)) throw new Error(`${where}: ${f.what} (${f.token}) in ${JSON.stringify(payload).slice(0, 400)}`);
}

/** What a refusal tells its sender: its code, rule and detail. */
const told = (e: Rejection) => ({ code: e.code, rule: e.rule, detail: e.detail });

/**
 * One seeded game: after each accepted command every viewer's events and view patch carry no fact hidden both
 * before and after it (a fact the command revealed may be told); each refusal carries no fact hidden from its
 * sender. Returns the number of accepted commands.
 */
function play(seed: number, maxSteps: number): number {
  const rng = new Rng(newRngState(seedOf(seed + 2_000_000)));
  let state = begin(seed);
  let views = new Map<Viewer, CotView>(VIEWERS.map((v) => [v, view(state, v)]));
  let facts = new Map<string, HiddenFact[]>(VIEWERS.map((v) => [name(v), hiddenFacts(state, v)]));
  for (const v of VIEWERS) expectNone(facts.get(name(v))!, views.get(v), `seed ${seed} first view of ${name(v)}`);
  let accepted = 0;
  for (let i = 0; i < maxSteps && state.phase.kind !== 'night' && state.phase.kind !== 'departed'; i++) {
    let moved = false;
    for (let attempt = 0; attempt < 40 && !moved; attempt++) {
      const move = nextMove(state, rng);
      if (!move) break;
      const where = `seed ${seed} step ${i} ${move.command.type} from ${name(move.actor)}`;
      const out = apply(state, move);
      if (!out.ok) {
        // Keyed by name: a move's actor is a viewer of its own making.
        expectNone(facts.get(name(move.actor))!, told(out.error), `${where}: refusal`);
        continue;
      }
      moved = true;
      accepted++;
      const next = out.value.state;
      const nextViews = new Map<Viewer, CotView>();
      const nextFacts = new Map<string, HiddenFact[]>();
      for (const v of VIEWERS) {
        const before = new Set(facts.get(name(v))!.map((f) => f.token));
        const after = hiddenFacts(next, v);
        nextFacts.set(name(v), after);
        const hidden = after.filter((f) => before.has(f.token));
        for (const e of out.value.events) expectNone(hidden, viewEvent(e, v), `${where}: event ${e.type} read by ${name(v)}`);
        const seen = view(next, v);
        expectNone(hidden, diffJson(views.get(v), seen), `${where}: view patch of ${name(v)}`);
        nextViews.set(v, seen);
      }
      state = next;
      views = nextViews;
      facts = nextFacts;
    }
    if (!moved) throw new Error(`seed ${seed}: stuck at step ${i} in ${JSON.stringify(state.phase).slice(0, 300)}`);
  }
  return accepted;
}

function playReported(seed: number, maxSteps = 2000): number {
  try {
    return play(seed, maxSteps);
  } catch (e) {
    console.error(`call-of-t hidden-fact fuzz failed for seed ${seed}`);
    throw e;
  }
}

/** A batch takes a few seconds alone; the shared test machine may run it several times slower. */
const FUZZ_TIMEOUT = 180_000;

describe('COT-HID-01 hidden-fact fuzz: events, view patches and refusals of every viewer', () => {
  // Seeds that found a leak, kept as they were named when they failed.
  test.each([
    ['seed 1: private sheets put chances in rolls (#13), in the encounter handoff and 霊圧 in acceptance; open declarations named hand cards to spectators', 1],
    ['seed 28: private sheets put the raised 〈呼び声〉 in its note (#13)', 28],
    ['seed 13: an open declaration named a hand card (a probe\'s spade) to spectators too, and a changed choice left its id followable', 13],
  ])('regression, %s', (_name, seed) => {
    expect(playReported(seed)).toBeGreaterThan(20);
  }, FUZZ_TIMEOUT);

  const BATCH = 5;
  test.each(Array.from({ length: 8 }, (_, b) => b * BATCH + 1))('seeds %i…+4', (first) => {
    for (let seed = first; seed < first + BATCH; seed++) expect(playReported(seed)).toBeGreaterThan(20);
  }, FUZZ_TIMEOUT);
});
