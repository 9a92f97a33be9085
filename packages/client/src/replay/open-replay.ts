import type { ExportDocument, LogLine } from '@veiltable/protocol';
import { loadPhaseNamer, type PhaseNamer } from './phases.ts';
import { replaySteps, type ReplayStep } from './replay-steps.ts';

/** An export ready to be watched: its steps, its lines in log order and its game's phase namer. */
export type OpenedReplay = { ok: true; doc: ExportDocument; steps: ReplayStep[]; lines: LogLine[]; namer: PhaseNamer | null } | { ok: false; code: string };

/** Makes the steps of an export and fetches its game's phase namer (the table itself loads as it mounts). */
export async function openReplay(doc: ExportDocument): Promise<OpenedReplay> {
  const made = replaySteps(doc);
  if (!made.ok) return made;
  return { ok: true, doc, steps: made.steps, lines: made.lines, namer: await loadPhaseNamer(doc.room.game) };
}
