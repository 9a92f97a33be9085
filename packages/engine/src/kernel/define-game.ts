import type { ActorRef, Viewer } from '@veiltable/protocol';
import type { z } from 'zod';
import type { Capability } from './capability.ts';
import { commandParser, commandTypes } from './command-parser.ts';
import { draftOf, plain } from './draft.ts';
import type { GameEvent } from './events.ts';
import type { Game, GameTimer, SeatInfo } from './game.ts';
import type { Result } from './result.ts';
import { err, ok } from './result.ts';
import type { RngState } from './rng.ts';
import { Rng } from './rng.ts';

/**
 * What a handler works on: a draft of the state (change it freely: the input state is never touched, and a refusal
 * drops every change), the room's RNG over the draft's RNG state, who acts (never a spectator), the time the server
 * stamped on the command, the seats as the game declares them, and `emit` for the events it produces.
 */
export interface Ctx<S> {
  readonly state: S;
  readonly rng: Rng;
  readonly actor: ActorRef;
  readonly at: number;
  /** The room's seats in the draft as it is now. */
  seats(): SeatInfo[];
  /** Records an event; what it says is read out of the draft now, so later changes do not alter it. */
  emit(event: GameEvent): void;
  /**
   * Enters a phase of the game's phase table: runs that phase's `enter` on this draft. Phase modules move the flow
   * on through here, never by importing one another (the table is the one place that knows them all).
   */
  enter(phase: string): Result<void>;
}

/** A game's phases by name: what entering each does. */
export type PhaseTable<S> = Record<string, { enter(ctx: Ctx<S>): Result<void> }>;

/** Handlers check what they need, change the draft, emit, and return ok or a coded rejection. */
export type Handler<S, C> = (ctx: Ctx<S>, command: C) => Result<void>;

/** One handler per command type of the union C. */
export type Handlers<S, C extends { type: string }> = { [T in C['type']]: Handler<S, Extract<C, { type: T }>> };

/**
 * Every state carries the room's RNG state: the only source of chance. `released`: the GM released the open edition
 * (capabilities/release), so the seed is public and every later draw could be foreseen: the room takes no more commands.
 */
export type BaseState = { rng: RngState; released?: true };

/** A command schema: a discriminated union on `type` whose options are objects with a literal `type`. */
export type CommandSchema = z.ZodDiscriminatedUnion<z.ZodObject<{ type: z.ZodLiteral<string> }>[], 'type'>;

/**
 * A rule set, declared once. `handlers` cover the game's own command types; each capability (chat, dice, cards,
 * declarations, notes) brings the handlers of its own, and the game's command schema lists both. The game's
 * `setup` and `view` take in its capabilities' parts themselves (`...chat.setup()`, `...chat.view(state, viewer)`),
 * so the state and view types stay the game's own.
 */
export interface GameDefinition<S extends BaseState, C extends { type: string }, V> {
  id: string;
  schemas: { command: CommandSchema & z.ZodType<C>; view: z.ZodType<V> };
  setup(seed: string): S;
  handlers: Partial<Handlers<S, C>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  capabilities?: readonly Capability<any, any>[];
  view(state: S, viewer: Viewer): V;
  seats(state: S): SeatInfo[];
  phases?: PhaseTable<S>;
  timers?(state: S): GameTimer<C>[];
  upgrade?(state: unknown, at: number): S;
  phaseKey?(state: S): string;
}

/**
 * The Game the room runs, from its declaration: one parse of the command against the game's own schema, one
 * dispatch by type, one draft per command, one event envelope. Throws at definition when the schema and the
 * handlers disagree (a command nobody handles, or two handlers for one), so such a game never starts.
 */
export function defineGame<S extends BaseState, C extends { type: string }, V>(def: GameDefinition<S, C, V>): Game<S, C, V> {
  const handlers = collectHandlers(def);
  const run: Run<S, C> = (state, command, actor, at, makeRng) => {
    if (actor.role === 'spectator') return err('SPECTATOR_READ_ONLY');
    if (state.released) return err('ROOM_RELEASED', 'REL-03');
    const handler = handlers.get(command.type);
    if (!handler) return err('UNKNOWN_COMMAND');
    const { draft, finish } = draftOf(state);
    const events: GameEvent[] = [];
    const ctx: Ctx<S> = {
      state: draft,
      rng: makeRng(draft.rng),
      actor: actor.role === 'gm' ? { role: 'gm' } : { role: 'player', seat: actor.seat },
      at,
      seats: () => def.seats(draft),
      emit: (event) => events.push(plain(event)),
      enter: (phase) => {
        const entry = def.phases?.[phase];
        if (!entry) throw new Error(`${def.id}: no phase ${phase}`);
        return entry.enter(ctx);
      },
    };
    const outcome = handler(ctx, command);
    if (!outcome.ok) return outcome;
    return ok({ state: finish(), events });
  };
  const game: Game<S, C, V> = {
    id: def.id,
    schemas: def.schemas,
    setup: def.setup,
    parseCommand: commandParser<C>(def.schemas.command),
    apply: (state, command, actor, at) => run(state, command, actor, at, (rng) => new Rng(rng)),
    view: def.view,
    seats: def.seats,
    // A released room keeps no timers: they would only submit commands it refuses (REL-03).
    timers: (state) => (state.released || !def.timers ? [] : def.timers(state)),
    upgrade: def.upgrade ?? ((state) => state as S),
    ...(def.phaseKey ? { phaseKey: def.phaseKey } : {}),
  };
  runs.set(game, run as Run<unknown, { type: string }>);
  return game;
}

type Run<S, C> = (state: S, command: C, actor: Viewer, at: number, makeRng: (rng: RngState) => Rng) => Result<{ state: S; events: GameEvent[] }>;
const runs = new WeakMap<object, Run<unknown, { type: string }>>();

/** `game.apply` with the RNG that `makeRng` makes over the draft's RNG state: for tests that script the dice. */
export function applyWithRng<S, C extends { type: string }>(
  game: Game<S, C, unknown>,
  state: S,
  command: C,
  actor: Viewer,
  at: number,
  makeRng: (rng: RngState) => Rng,
): Result<{ state: S; events: GameEvent[] }> {
  const run = runs.get(game) as Run<S, C> | undefined;
  if (!run) throw new Error(`${game.id} was not made by defineGame`);
  return run(state, command, actor, at, makeRng);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler = Handler<any, any>;

function collectHandlers<S extends BaseState, C extends { type: string }, V>(def: GameDefinition<S, C, V>): Map<string, AnyHandler> {
  const handlers = new Map<string, AnyHandler>();
  const add = (type: string, handler: AnyHandler, from: string) => {
    if (handlers.has(type)) throw new Error(`${def.id}: ${type} is handled twice (again by ${from})`);
    handlers.set(type, handler);
  };
  for (const [type, handler] of Object.entries(def.handlers)) add(type, handler as AnyHandler, def.id);
  for (const capability of def.capabilities ?? []) {
    for (const [type, handler] of Object.entries(capability.handlers)) add(type, handler as AnyHandler, capability.id);
  }
  const declared = commandTypes(def.schemas.command);
  for (const type of declared) if (!handlers.has(type)) throw new Error(`${def.id}: no handler for ${type}`);
  for (const type of handlers.keys()) if (!declared.has(type)) throw new Error(`${def.id}: ${type} is handled but not in the command schema`);
  return handlers;
}
