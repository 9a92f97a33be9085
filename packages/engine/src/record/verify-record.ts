import type { RecordEntry, RecordHead } from '@veiltable/protocol';
import { canonicalJson } from '../kernel/canonical.ts';
import type { AnyGame } from '../kernel/game.ts';
import { sha256Hex } from '../kernel/hash.ts';
import { RNG_ALG } from '../kernel/rng.ts';
import { firstDifference } from './first-difference.ts';

/**
 * A record to verify: its head as the protocol's `recordHead` parses it, and its entries in seq order, as any
 * iterable (an array, or a generator reading a long file entry by entry: nothing is kept but the replayed state).
 */
export type VerifiableRecord = RecordHead & { entries: Iterable<RecordEntry> };

/** Why a record fails; every failure after the head names the seq of the entry. */
export type RecordFailure =
  /** The record's DRBG is not the one this engine draws with. */
  | { kind: 'alg'; alg: string }
  /** sha256 of the seed is not the hash the room published. */
  | { kind: 'commitment'; expected: string; actual: string }
  | { kind: 'game'; game: string }
  /** An entry out of order, or one missing before it. */
  | { kind: 'sequence'; seq: number; expected: number }
  /** The logged command is not a command of this game. */
  | { kind: 'command'; seq: number; code: string }
  /** The replay refuses a command the log shows as committed. */
  | { kind: 'refused'; seq: number; code: string; rule?: string }
  /** The replay produced other events: `path` points into the entry's events (a die, a shuffle, a salt, an answer). */
  | { kind: 'events'; seq: number; event: string | null; path: string; logged: unknown; replayed: unknown };

/** `draws`: the RNG blocks the whole session used, every one re-derived from the seed. */
export type RecordVerdict = { ok: true; entries: number; lastSeq: number; draws: number } | { ok: false; failure: RecordFailure };

/**
 * Checks a session record on its own: the seed against the commitment published at the room's creation, then
 * setup(seed) and every command replayed in order through the game's rules, each entry's events compared with what
 * the replay produced. Every die, shuffle, salt and opaque id comes from the seeded RNG in state, so one value
 * changed anywhere in the log shows at its entry. Pure (no clock, no I/O), and `games` is handed in (the engine's
 * list, `@veiltable/engine/games`), so this module imports nothing of node: the browser and the CLI run the same code.
 */
export function verifyRecord(record: VerifiableRecord, games: Readonly<Record<string, AnyGame>>): RecordVerdict {
  if (record.commitment.alg !== RNG_ALG) return fail({ kind: 'alg', alg: record.commitment.alg });
  const actual = sha256Hex(record.seed);
  if (actual !== record.commitment.hash) return fail({ kind: 'commitment', expected: record.commitment.hash, actual });
  const game = games[record.game];
  if (!game) return fail({ kind: 'game', game: record.game });

  let state: unknown = game.setup(record.seed);
  let lastSeq = 0;
  let entries = 0;
  for (const entry of record.entries) {
    const { seq } = entry;
    if (seq !== lastSeq + 1) return fail({ kind: 'sequence', seq, expected: lastSeq + 1 });
    const command = game.parseCommand(entry.command);
    if (!command.ok) return fail({ kind: 'command', seq, code: command.error.code });
    const applied = game.apply(state, command.value, entry.actor, Date.parse(entry.at));
    if (!applied.ok) {
      const { code, rule } = applied.error;
      return fail({ kind: 'refused', seq, code, ...(rule === undefined ? {} : { rule }) });
    }
    const replayed = applied.value.events;
    if (canonicalJson(replayed) !== canonicalJson(entry.events)) {
      const diff = firstDifference(entry.events, replayed);
      const index = diff ? Number(/^\[(\d+)\]/.exec(diff.path)?.[1] ?? NaN) : NaN;
      const event = replayed[index]?.type ?? eventType(entry.events[index]);
      return fail({ kind: 'events', seq, event, path: diff?.path ?? '', logged: diff?.left, replayed: diff?.right });
    }
    state = applied.value.state;
    lastSeq = seq;
    entries++;
  }
  return { ok: true, entries, lastSeq, draws: (state as { rng: { counter: number } }).rng.counter };
}

function fail(failure: RecordFailure): RecordVerdict {
  return { ok: false, failure };
}

/** The `type` of a logged event, if it has one (a tampered log may hold anything). */
function eventType(event: unknown): string | null {
  const type = (event as { type?: unknown } | null | undefined)?.type;
  return typeof type === 'string' ? type : null;
}
