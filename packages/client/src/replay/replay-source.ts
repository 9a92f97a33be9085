import type { ExportDocument } from '@veiltable/protocol';
import { exportUrl, fetchExport, type Progress } from '../room/export/export-stream.ts';
import { readExport } from './replay-file.ts';

/** Who a replay is watched as, in an open edition (`?as=`): the GM, the spectators, or a seat by its id. */
export type WatchAs = 'gm' | 'spectator' | { seat: string };

/** An export fetched for a replay, or the code of what went wrong (the server's, or the file's problem). */
export type FetchedReplay = { ok: true; doc: ExportDocument } | { ok: false; code: string };

/** The export URL a replay reads, as another viewer where the room is an open edition. */
export function replayExportUrl(roomId: string, lang: string, tz: string, as: WatchAs | null): string {
  const url = exportUrl(roomId, lang, tz);
  if (as === null) return url;
  return `${url}&${new URLSearchParams({ as: typeof as === 'string' ? as : as.seat })}`;
}

/**
 * Fetches the room's log for a replay with this page's token, with progress as it streams; the whole text is then
 * checked against the protocol's schema, as a file from a device is.
 */
export async function fetchReplay(url: string, token: string, onProgress: Progress, fetcher: typeof fetch = fetch): Promise<FetchedReplay> {
  const got = await fetchExport(url, token, onProgress, fetcher);
  if (!got.ok) return got;
  return readExport(got.text);
}
