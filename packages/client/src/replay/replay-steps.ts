import type { ExportDocument, LogLine, ServerMessage } from '@veiltable/protocol';
import { ViewReplica } from '@veiltable/protocol/view-replica';

const order = (a: LogLine, b: LogLine) => a.seq - b.seq || a.i - b.i;

/**
 * One step of a replay: the room at `seq` as the export's viewer had it. `view` is the view at that seq (the last one
 * that changed at or before it), `lines` how many of the export's lines had come by then, `at` when the newest of
 * them was committed (ms since the epoch; null before the first line).
 */
export type ReplayStep = { seq: number; view: unknown; lines: number; at: number | null };

/** The steps of a replay with the export's lines in log order (a step's `lines` counts from the first), or why the export cannot be replayed. */
export type ReplaySteps = { ok: true; steps: ReplayStep[]; lines: LogLine[] } | { ok: false; code: 'NO_STEPS' | 'BAD_STEPS' };

/**
 * The steps of an export, oldest first: one per seq at which the viewer's view changed or a line came. The view's
 * steps go through a ViewReplica as the `update` messages they were, so a patch that does not fit the step before it
 * is caught as the live page would catch it (BAD_STEPS), never drawn as a table that never was.
 */
export function replaySteps(doc: Pick<ExportDocument, 'lines' | 'views'>): ReplaySteps {
  const { views } = doc;
  const first = views[0];
  if (!first || !('view' in first)) return { ok: false, code: 'NO_STEPS' };
  const replica = new ViewReplica();
  const viewAt = new Map<number, unknown>();
  for (const step of views) {
    const message: ServerMessage = 'patch' in step ? { type: 'update', seq: step.seq, patch: step.patch } : { type: 'update', seq: step.seq, view: step.view };
    if (replica.receive(message) !== 'changed') return { ok: false, code: 'BAD_STEPS' };
    viewAt.set(step.seq, replica.view);
  }
  const lines = [...doc.lines].sort(order);
  const seqs = [...new Set([...viewAt.keys(), ...lines.map((l) => l.seq)])].filter((seq) => seq >= first.seq).sort((a, b) => a - b);
  const steps: ReplayStep[] = [];
  let view: unknown = first.view;
  let read = 0;
  for (const seq of seqs) {
    if (viewAt.has(seq)) view = viewAt.get(seq);
    while (read < lines.length && lines[read]!.seq <= seq) read += 1;
    steps.push({ seq, view, lines: read, at: read > 0 ? lines[read - 1]!.at : null });
  }
  return { ok: true, steps, lines };
}
