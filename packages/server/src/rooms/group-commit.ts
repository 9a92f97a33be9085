import type { AnyGame, Rejection, Result } from '@veiltable/engine';
import { ok } from '@veiltable/engine';
import type { Viewer } from '@veiltable/protocol';
import type { LogEntry } from '../db/store.ts';

/** A command's outcome: the committed seq with the states just before and after it, or the rule's rejection. */
export type SubmitResult = Result<{ seq: number; before: unknown; after: unknown }, Rejection>;

/** One command waiting in the room for the next batch; `ref` is the sender's idempotency key, when it gave one. */
export type Queued = { command: unknown; actor: Viewer; ref?: string };

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
  for (const { command, actor, ref } of queued) {
    const provisional = plan.entries.length > 0;
    const applied = game.apply(plan.state, command, actor, at);
    if (!applied.ok) {
      plan.results.push(applied);
      plan.provisional.push(provisional);
      continue;
    }
    const seq = fromSeq + plan.entries.length + 1;
    plan.entries.push({ seq, actor, command, events: applied.value.events, at: stamp, ...(ref === undefined ? {} : { ref }) });
    plan.results.push(ok({ seq, before: plan.state, after: applied.value.state }));
    plan.state = applied.value.state;
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
