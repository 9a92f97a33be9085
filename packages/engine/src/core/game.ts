import type { Viewer } from '@veiltable/protocol';
import type { Rejection, Result } from './result.ts';

/**
 * A timer the server keeps armed while the game lists it: once `seconds` have passed it submits `command` as the GM
 * through the room's queue. The key names the timer across states, so a timer listed again is not restarted.
 */
export type GameTimer<C> = { key: string; seconds: number; command: C };

/**
 * A rule set, as the room runs it. Every function is pure: same inputs, same outputs; no clock, no I/O,
 * randomness only from the RNG state inside S. The server trusts nothing but these functions to hide things.
 */
export interface Game<S, C, E, V, VE> {
  id: string;
  /** Initial state from a 64-hex-digit seed (drawn by the server from a CSPRNG). */
  setup(seed: string): S;
  /** Checks a command without changing anything. */
  validate(state: S, command: C, actor: Viewer): Result<void, Rejection>;
  /** Applies a valid command: the next state and the events it produced. */
  apply(state: S, command: C, actor: Viewer): Result<{ state: S; events: E[] }, Rejection>;
  /** The whole room as one viewer may see it. */
  view(state: S, viewer: Viewer): V;
  /** What one viewer learns from one event, or null when it tells them nothing. */
  viewEvent(event: E, viewer: Viewer): VE | null;
  /**
   * Parses an untrusted command against this game's own schema (UNKNOWN_COMMAND for another game's command,
   * BAD_SHAPE for a known one of the wrong shape). Absent: the room passes commands on unparsed.
   */
  parseCommand?(raw: unknown): Result<C, Rejection>;
  /** The timers this state needs (reaction-window timeouts …); the rules never read a clock, the server keeps it. */
  timers?(state: S): GameTimer<C>[];
}

/** A game with its types erased, as the server's room holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any, any>;
