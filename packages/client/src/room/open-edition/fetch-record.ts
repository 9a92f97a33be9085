import type { SessionRecord } from '@veiltable/protocol';
import { sessionRecord } from '@veiltable/protocol';

/** The open edition as downloaded: the file's text as served (saved as it is) and the record it parses to. */
export type FetchedRecord = { ok: true; text: string; record: SessionRecord } | { ok: false; code: string };

/** Downloads the room's open edition with this page's token; a refusal comes back as its code (RECORD_NOT_RELEASED …). */
export async function fetchRecord(roomId: string, token: string): Promise<FetchedRecord> {
  let res: Response;
  try {
    res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/record`, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, code: res.ok ? 'BAD_RECORD' : `HTTP_${res.status}` };
  }
  if (!res.ok) {
    const error = (json as { error?: unknown } | null)?.error;
    return { ok: false, code: typeof error === 'string' ? error : `HTTP_${res.status}` };
  }
  // A file is a wire message too: parsed before anything reads it.
  const parsed = sessionRecord.safeParse(json);
  return parsed.success ? { ok: true, text, record: parsed.data } : { ok: false, code: 'BAD_RECORD' };
}
