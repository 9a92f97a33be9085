import type { CreateRoomResponse } from '@veiltable/protocol';

/** An HTTP call's outcome: the body, or a code to translate. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; code: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * POSTs JSON to this page's own server. Its answers are typed by the protocol and trusted as such (tests hold the
 * server to the schemas); only their being JSON objects is checked.
 */
export async function post<T>(path: string, body: unknown, token?: string): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = isObject(json) && typeof json.error === 'string' ? json.error : null;
    return { ok: false, code: error ?? `HTTP_${res.status}` };
  }
  if (!isObject(json)) return { ok: false, code: 'BAD_RESPONSE' };
  return { ok: true, value: json as T };
}

/** Creates a room of a game; the answer holds the GM's link. */
export function createRoom(title: string, game: string): Promise<ApiResult<CreateRoomResponse>> {
  return post('/api/rooms', { title, game });
}
