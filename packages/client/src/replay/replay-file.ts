import { exportDocument, type ExportDocument, type Viewer } from '@veiltable/protocol';

/** The format of exports made before they carried the view's steps: lines only. */
const LINES_ONLY_FORMAT = 'veiltable-export/1';

/** Why a file is no replay: not JSON at all, JSON but no export, an export made before exports carried the view. */
export type FileProblem = 'NOT_JSON' | 'NOT_EXPORT' | 'NO_STEPS';

/** An export read from a file or a response, checked against the protocol's schema. */
export type ReadExport = { ok: true; doc: ExportDocument } | { ok: false; code: FileProblem };

/**
 * Reads an export's text. The replay page is the one page that loads the protocol's schemas (zod): a file from a
 * device can be anything, and the table components trust the views they are given as the server's own.
 */
export function readExport(text: string): ReadExport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: 'NOT_JSON' };
  }
  if ((json as { format?: unknown } | null)?.format === LINES_ONLY_FORMAT) return { ok: false, code: 'NO_STEPS' };
  const parsed = exportDocument.safeParse(json);
  if (!parsed.success) return { ok: false, code: 'NOT_EXPORT' };
  if (parsed.data.views.length === 0) return { ok: false, code: 'NO_STEPS' };
  return { ok: true, doc: parsed.data };
}

/** Whose table an export holds: the viewer it was asked `as` (an open edition), else the GM's once open, else its own. */
export function watchedAs(doc: ExportDocument): Viewer {
  return doc.as ?? (doc.open ? { role: 'gm' } : doc.viewer);
}
