import type { CreateRoomResponse } from '@veiltable/protocol';

/** An HTTP call's outcome: the body, or a code to translate. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; code: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Calls this page's own server: POST or PUT with a JSON body, or GET without one. Its answers are typed by the protocol
 * and trusted as such (tests hold the server to the schemas); only their being JSON objects is checked.
 */
async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, token?: string): Promise<ApiResult<T>> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let res: Response;
  try {
    res = await fetch(
      path,
      method !== 'GET'
        ? { method, headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body ?? {}) }
        : { method, headers: auth },
    );
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

/** POSTs JSON (see call). */
export function post<T>(path: string, body: unknown, token?: string): Promise<ApiResult<T>> {
  return call('POST', path, body, token);
}

/** PUTs JSON (see call). */
export function put<T>(path: string, body: unknown, token?: string): Promise<ApiResult<T>> {
  return call('PUT', path, body, token);
}

/** GETs JSON (see call). */
export function get<T>(path: string, token?: string): Promise<ApiResult<T>> {
  return call('GET', path, undefined, token);
}

/** Creates a room of a game; the answer holds the GM's link. */
export function createRoom(title: string, game: string): Promise<ApiResult<CreateRoomResponse>> {
  return post('/api/rooms', { title, game });
}
