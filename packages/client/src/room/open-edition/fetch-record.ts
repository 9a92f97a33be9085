import type { SessionRecord } from '@veiltable/protocol';

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
  return isRecord(json) ? { ok: true, text, record: json } : { ok: false, code: 'BAD_RECORD' };
}

/**
 * The fields the page's check reads, in their shapes. The page ships no schema (it trusts its server, as for every
 * frame); `./vt verify` parses the whole file with the protocol's.
 */
function isRecord(json: unknown): json is SessionRecord {
  const r = json as Partial<Record<keyof SessionRecord, unknown>> | null;
  if (typeof r !== 'object' || r === null) return false;
  const commitment = r.commitment as { hash?: unknown } | null | undefined;
  return (
    r.format === 'veiltable-record/1' &&
    typeof r.seed === 'string' &&
    typeof commitment?.hash === 'string' &&
    Array.isArray(r.entries) &&
    r.entries.every((e: { seq?: unknown; events?: unknown } | null) => typeof e?.seq === 'number' && Array.isArray(e.events))
  );
}
