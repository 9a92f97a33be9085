import type { Viewer } from '@veiltable/protocol';
import type { z } from 'zod';
import type { GameEvent } from './events.ts';
import type { Rejection, Result } from './result.ts';

/**
 * A timer the server keeps armed while the game lists it: at `deadline` (ms since the epoch, a time the state holds)
 * it submits `command` as the GM through the room's queue. The key names the timer across states, so a timer listed
 * again with the same deadline is not restarted; the server arms it for whatever is left of the span, so a restart
 * neither lengthens nor shortens it.
 */
export type GameTimer<C> = { key: string; deadline: number; command: C };

/** A player seat as every game declares it: the link the GM hands out. */
export type SeatInfo = { id: string; name: string };

/**
 * A rule set, as the room runs it (made by `defineGame`). Every function is pure: same inputs, same outputs; no
 * clock, no I/O, randomness only from the RNG state inside S. The server trusts nothing but these functions to hide
 * things: `view` for the state, the events' own parts (kernel/events.ts) for what happened.
 *
 * `at` is the time the server stamped on the command (ms since the epoch). The log records it with the command, so
 * a replay passes the same value and rebuilds the same state; rules may derive deadlines from it, never read a clock.
 */
export interface Game<S = unknown, C = unknown, V = unknown> {
  id: string;
  /** The wire schemas of this game: its commands (parsed once, at the room) and its view (tests parse every frame). */
  schemas: { command: z.ZodType<C>; view: z.ZodType<V> };
  /** Initial state from a 64-hex-digit seed (drawn by the server from a CSPRNG). */
  setup(seed: string): S;
  /**
   * Parses an untrusted command against this game's own schema: UNKNOWN_COMMAND for a type the game does not know,
   * BAD_SHAPE for a known one of the wrong shape.
   */
  parseCommand(raw: unknown): Result<C, Rejection>;
  /** Applies a parsed command: the next state and the events it produced, or a coded rejection. The input is never changed. */
  apply(state: S, command: C, actor: Viewer, at: number): Result<{ state: S; events: GameEvent[] }, Rejection>;
  /** The whole room as one viewer may see it. */
  view(state: S, viewer: Viewer): V;
  /** The room's player seats, in the order the GM made them. */
  seats(state: S): SeatInfo[];
  /** The timers this state needs (reaction-window timeouts …), each due at a deadline the state holds. */
  timers(state: S): GameTimer<C>[];
  /**
   * Brings a state saved by an earlier version of this game (a snapshot) to the current shape. What it lacks gets
   * the value the earlier version behaved as, not necessarily today's default, so a running room keeps its rules.
   * Pure and idempotent: a current state comes back as the same object, and the input is never modified. `at` is
   * the time the room loads it (ms since the epoch), from which deadlines the old state never stored are counted.
   */
  upgrade(state: unknown, at: number): S;
  /**
   * The phase the table is in, as this game counts them (a cycle's phase, a battle's batch …): equal keys, same
   * phase. Pure, so a replay of the log finds the same boundaries; a spectator delay "one phase behind" shows the
   * table as it stood when the previous phase ended. Absent: the game has no phases to be behind by.
   */
  phaseKey?(state: S): string;
}

/** A game with its types erased, as the server's room holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any>;

/** The moment `seconds` after `at` (both as the rules see time: ms since the epoch). */
export function secondsAfter(at: number, seconds: number): number {
  return at + seconds * 1000;
}
