import type { ExportDocument } from '@veiltable/protocol';
import type { Room } from '../room/context.ts';
import type { CommandOutcome } from '../room/command-tracker.svelte.ts';
import { watchedAs } from './replay-file.ts';
import type { Replay } from './replay.svelte.ts';
import { RecordedLedger } from './recorded-ledger.ts';
import { sealedAnswers } from '../room/ledger/sealed-answers.ts';

/** The code a replay's table answers every command with: it only shows what was. */
export const REPLAY_REFUSAL = 'REPLAY';

/**
 * The room a replayed table is drawn in: the view and lines of the step shown, the step's time as the clock (a
 * deadline counts down as it stood then), the recording's commitment ledger, a notice that says it is a replay, and a `send` that refuses everything
 * (`refused` shows the reader why).
 */
export function replayRoom(doc: ExportDocument, replay: Replay, words: { notice: () => string; refused: () => void; token: string }): Room {
  return {
    id: doc.room.id,
    game: doc.room.game,
    title: doc.room.title,
    get view() {
      return replay.step.view;
    },
    viewer: watchedAs(doc),
    status: 'offline',
    stale: false,
    get notice() {
      return words.notice();
    },
    clock: { now: () => replay.step.at ?? Date.parse(doc.exportedAt) },
    spectatorDelay: 0,
    // No GM control is live in a replay: the spectator-delay choice it would offer is never shown.
    phased: false,
    token: words.token,
    send: (): Promise<CommandOutcome> => {
      words.refused();
      return Promise.resolve({ ok: false, code: REPLAY_REFUSAL });
    },
    timeline: replay.timeline,
    // The recording's own ledger: each reveal against the commitment the recorded viewer was shown while it was sealed.
    ledger: new RecordedLedger(replay.steps, sealedAnswers(doc.room.game), () => replay.index),
    replay: true,
  };
}
