import type { AnyGame } from '@veiltable/engine';
import { canonicalJson } from '@veiltable/engine';
import type { LogEntry } from '../db/store.ts';
import { inEnvelopes } from './log-lines.ts';

/** The room's replayed log disagrees with what the rules produce now: the state cannot be trusted. */
export class ReplayMismatch extends Error {
  constructor(roomId: string, seq: number) {
    super(`room ${roomId}: replaying seq ${seq} produced different events than were logged`);
    this.name = 'ReplayMismatch';
  }
}

/**
 * The state after a logged entry, replayed onto the state before it: at its logged time, so rules that derive
 * deadlines from it rebuild the same ones, and checked against the events logged with it (entries logged before
 * today's envelopes are not compared: see inEnvelopes). Throws ReplayMismatch when the rules refuse it now or
 * produce other events.
 */
export function replayEntry(game: AnyGame, roomId: string, state: unknown, entry: Pick<LogEntry, 'seq' | 'actor' | 'command' | 'at' | 'events'>): unknown {
  const applied = game.apply(state, entry.command, entry.actor, Date.parse(entry.at));
  if (!applied.ok || (inEnvelopes(entry.events) && canonicalJson(applied.value.events) !== canonicalJson(entry.events))) {
    throw new ReplayMismatch(roomId, entry.seq);
  }
  return applied.value.state;
}
