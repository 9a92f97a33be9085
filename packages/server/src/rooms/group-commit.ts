import type { AnyGame, Rejection, Result } from '@veiltable/engine';
import { ok } from '@veiltable/engine';
import type { Viewer } from '@veiltable/protocol';
import type { LogEntry } from '../db/store.ts';

/** What a submit resolves to: the committed seq and events, or the rule's rejection. */
export type SubmitResult = Result<{ seq: number; events: unknown[] }, Rejection>;

/** One command waiting in the room for the next batch. */
export type Queued = { command: unknown; actor: Viewer };

/** How many commands one batch takes at most: bounds the statement's size and how long the room holds a batch. */
export const MAX_BATCH = 64;

/**
 * A batch run through the rules in memory, before anything is stored. `entries` are the accepted commands with
 * consecutive seqs after `fromSeq`, `state` the state after the last of them. `results` answers every queued
 * command in order; `provisional[i]` marks a rejection judged against a state that includes accepted commands of
 * this same batch, which holds only if the batch is stored.
 */
export type Plan = {
  entries: LogEntry[];
  state: unknown;
  results: SubmitResult[];
  provisional: boolean[];
};

/**
 * Runs queued commands one after another on the room's state: each sees the state the previous accepted ones
 * left. Pure: the input state is never changed (the Game contract), so a batch that is not stored costs nothing.
 * `at` (ms since the epoch) is the time stamped on every command of the batch; the log keeps it for replays.
 */
export function planBatch(game: AnyGame, state: unknown, fromSeq: number, queued: readonly Queued[], at: number): Plan {
  const plan: Plan = { entries: [], state, results: [], provisional: [] };
  const stamp = new Date(at).toISOString();
  for (const { command, actor } of queued) {
    const provisional = plan.entries.length > 0;
    // apply judges the command as validate does (Game contract): one run of the rules per command.
    const applied = game.apply(plan.state, command, actor, at);
    if (!applied.ok) {
      plan.results.push(applied);
      plan.provisional.push(provisional);
      continue;
    }
    const entry: LogEntry = { seq: fromSeq + plan.entries.length + 1, actor, command, events: applied.value.events, at: stamp };
    plan.entries.push(entry);
    plan.state = applied.value.state;
    plan.results.push(ok({ seq: entry.seq, events: entry.events }));
    plan.provisional.push(false);
  }
  return plan;
}

/**
 * The answers when the batch could not be stored: every accepted command gets `failure`, and so does every
 * rejection that depended on them; rejections judged against the stored state stand.
 */
export function failedAnswers(plan: Plan, failure: SubmitResult): SubmitResult[] {
  return plan.results.map((r, i) => (r.ok || plan.provisional[i] ? failure : r));
}
