import type { Viewer } from '@veiltable/protocol';
import type { CotCommand, CotSetup, CotViewEvent } from '@veiltable/protocol/games/call-of-t';
import { cotCommand, cotSetup } from '@veiltable/protocol/games/call-of-t';
import type { Card } from '../../capabilities/cards/deck.ts';
import { applyWithRng } from '../../kernel/define-game.ts';
import { EVERYONE, viewEvent } from '../../kernel/events.ts';
import { Rng } from '../../kernel/rng.ts';
import { callOfT } from './game.ts';
import type { CotEvent, CotState } from './state.ts';
import { setup } from './state.ts';

/** Fixtures for the rule tests: a small party, scripted dice, and apply that fails loudly. */

export const GM: Viewer = { role: 'gm' };
export const P1: Viewer = { role: 'player', seat: 's1' };
export const P2: Viewer = { role: 'player', seat: 's2' };
export const P3: Viewer = { role: 'player', seat: 's3' };
export const SPECTATOR: Viewer = { role: 'spectator' };
export const VIEWERS: Viewer[] = [GM, P1, P2, P3, SPECTATOR];

export const SEED = 'a'.repeat(64);

/** When the tests' commands are stamped (ms since the epoch); the rules of this game never read it. */
export const AT = Date.UTC(2024, 0, 1, 12, 0, 0);

export function seedOf(n: number): string {
  return n.toString(16).padStart(64, '0');
}

const sheet = (name: string, seat: string | null) => ({
  name,
  seat,
  str: 12,
  con: 14,
  pow: 13,
  int: 13,
  app: 10,
  mp: 13,
  moveLoad: 10,
  restLoad: 'leather' as const,
  skills: { see: 50, listen: 45, search: 40, climb: 50, jump: 40, spiritLore: 30, summon: 30, mapMaking: 30 },
  skillSets: { scout: 50, memorial: 40, spot: 35 },
  spiritPressure: 10,
  call: 5,
  deathRites: 40,
});

/** A 5×5 board, gate C5, bone at B2, three seated characters. */
export function setupInput(overrides: Partial<CotSetup> = {}): CotSetup {
  return cotSetup.parse({
    gate: 'C5',
    bone: { square: 'B2', strength: 8, pow: 15 },
    resonanceSkill: 'spiritLore',
    characters: [sheet('Lindgren', 's1'), sheet('Marius', 's2'), sheet('Saris', 's3')],
    party: { food: 5, money: 100, sleds: 1, ropes: true },
    ...overrides,
  });
}

export type Applied = { state: CotState; events: CotEvent[] };

/** A scripted RNG: die() returns the queued values first (each checked against its sides), then real draws. */
export function scriptedRng(rngState: CotState['rng'], dice: number[]): Rng {
  const real = new Rng(rngState);
  const queue = [...dice];
  const fake = Object.create(real) as Rng;
  fake.die = (sides: number) => {
    if (queue.length === 0) return real.die(sides);
    const v = queue.shift()!;
    if (v < 1 || v > sides) throw new Error(`scripted die ${v} does not fit d${sides}`);
    return v;
  };
  return fake;
}

/** Applies a command (parsed like the server does) and throws with the rejection if it is refused. */
export function run(state: CotState, command: CotCommand, actor: Viewer = GM, dice: number[] = []): Applied {
  const parsed = cotCommand.parse(command);
  const out = applyWithRng(callOfT, state, parsed, actor, AT, (s) => scriptedRng(s, dice));
  if (!out.ok) throw new Error(`rejected ${command.type}: ${JSON.stringify(out.error)}`);
  // Every event of this game carries its protocol view events (context.ts).
  return out.value as Applied;
}

/** The rejection of a command that must be refused. */
export function refusal(state: CotState, command: CotCommand, actor: Viewer = GM): { code: string; rule?: string } {
  const out = applyWithRng(callOfT, state, cotCommand.parse(command), actor, AT, (s) => new Rng(s));
  if (out.ok) throw new Error(`expected ${command.type} to be refused`);
  return out.error;
}

/** An empty room with the seats s1…s4 the fixture characters sit at (a fourth for four-character tests). */
export function seated(seed = SEED): CotState {
  let s = setup(seed);
  for (const name of ['Ann', 'Bo', 'Cy', 'Di']) s = run(s, { type: 'seat.add', name }).state;
  return s;
}

/** A game set up and waiting in the first investigation phase. */
export function started(overrides: Partial<CotSetup> = {}, seed = SEED): CotState {
  return run(seated(seed), { type: 'cot.setup', setup: setupInput(overrides) }).state;
}

/** The player viewer of a character. */
export function seatOf(state: CotState, characterId: string): Viewer {
  const seat = state.characters.find((c) => c.id === characterId)?.seat;
  if (!seat) throw new Error(`${characterId} has no seat`);
  return { role: 'player', seat };
}

/** Declares and locks one action per character (in the order given), with scripted dice for the resolution. */
export function investigate(state: CotState, actions: Record<string, Extract<CotCommand, { type: 'cot.inv.declare' }>['action']>, dice: number[] = []): Applied {
  let s = state;
  const events: CotEvent[] = [];
  const ids = state.characters.map((c) => c.id);
  ids.forEach((id, i) => {
    const actor = seatOf(s, id);
    s = run(s, { type: 'cot.inv.declare', character: id, action: actions[id] ?? { kind: 'none' } }, actor).state;
    const last = i === ids.length - 1;
    const out = run(s, { type: 'cot.inv.lock', character: id }, actor, last ? dice : []);
    s = out.state;
    events.push(...out.events);
  });
  return { state: s, events };
}

/** Takes the card with this suit and rank out of the draw pile (rank 1 is the ace). */
export function fromDeck(state: CotState, suit: 'S' | 'H' | 'D' | 'C', rank: number): Card {
  const i = state.deck.findIndex((c) => c.face.kind === 'standard' && c.face.suit === suit && c.face.rank === rank);
  if (i < 0) throw new Error(`${rank}${suit} is not in the deck`);
  return state.deck.splice(i, 1)[0]!;
}

/** Stacks a deck card on a square (on top), face-up or down; returns its id. */
export function stack(state: CotState, square: string, suit: 'S' | 'H' | 'D' | 'C', rank: number, faceUp = true): string {
  const card = fromDeck(state, suit, rank);
  state.squares.find((s) => s.id === square)!.stack.unshift({ card, faceUp, tapped: false, origin: 'deck' });
  return card.id;
}

/** Puts a deck card into a character's hand; returns its id. */
export function deal(state: CotState, character: string, suit: 'S' | 'H' | 'D' | 'C', rank: number): string {
  const card = fromDeck(state, suit, rank);
  state.characters.find((c) => c.id === character)!.hand.push(card);
  return card.id;
}

/**
 * A game whose ch1 sleepwalks, 〈呼び声〉 14 against POW 11 (65%) with the roll given, waiting for the GM to confirm
 * the step toward the bone (COT-TIM-03).
 */
export function sleepwalkStep(roll: number, bone = 'B2'): Applied {
  const s = started({ bone: { square: bone, strength: 8, pow: 15 } });
  Object.assign(character(s, 'ch1'), { call: 14, pow: 11 });
  return run(s, { type: 'cot.inv.force' }, GM, [roll]);
}

/** The party on the gate C5 facing a face-up ♣ of this rank, its obstacle step waiting (COT-OBS-01). */
export function facingClub(rank: number, overrides: Partial<CotSetup> = {}): CotState {
  const s = toDecision(started(overrides));
  stack(s, 'C5', 'C', rank, true);
  return run(s, { type: 'cot.time.propose', plan: { kind: 'wait' } }, GM).state;
}

/** From the first investigation to the party's decision: the GM forces an empty lock. */
export function toDecision(state: CotState): CotState {
  return run(state, { type: 'cot.inv.force' }).state;
}

/** The party-decision step of the time phase, or a throw naming where the game stands instead. */
export function decision(state: CotState): Extract<Extract<CotState['phase'], { kind: 'time' }>['step'], { kind: 'decision' }> {
  if (state.phase.kind !== 'time' || state.phase.step.kind !== 'decision') throw new Error(`not deciding: ${state.phase.kind}`);
  return state.phase.step;
}

export function character(state: CotState, id: string) {
  const c = state.characters.find((x) => x.id === id);
  if (!c) throw new Error(`no ${id}`);
  return c;
}

export function square(state: CotState, id: string) {
  const s = state.squares.find((x) => x.id === id);
  if (!s) throw new Error(`no ${id}`);
  return s;
}

/** What the GM reads of an event: the whole of it (every event of this game admits the GM to its first part). */
export function body(event: CotEvent): CotViewEvent {
  const seen = viewEvent(event, GM);
  if (!seen) throw new Error(`the GM reads nothing of ${event.type}`);
  return seen;
}

/** The first event whose whole (as the GM reads it) satisfies `test`. */
export function findEvent(events: readonly CotEvent[], test: (seen: CotViewEvent) => boolean): CotEvent | undefined {
  return events.find((e) => test(body(e)));
}

/** True when every viewer reads the event alike: one part, for everyone. */
export function isPublic(event: CotEvent): boolean {
  return event.parts.length === 1 && JSON.stringify(event.parts[0]!.to) === JSON.stringify(EVERYONE);
}
