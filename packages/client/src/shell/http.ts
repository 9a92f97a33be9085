import { createRoomResponse, httpError, seatLinkResponse, spectatorLinkResponse, type CreateRoomResponse, type SeatLinkResponse } from '@veiltable/protocol';

/** An HTTP call's outcome: the parsed body, or a code to translate. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; code: string };

/** The part of a zod schema we use, so the client needs no direct zod dependency. */
type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown } };

async function call<T>(path: string, schema: Schema<T>, body: unknown, token?: string): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = httpError.safeParse(json);
    return { ok: false, code: parsed.success ? parsed.data.error : `HTTP_${res.status}` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.warn('unexpected response from', path, parsed.error);
    return { ok: false, code: 'BAD_RESPONSE' };
  }
  return { ok: true, value: parsed.data };
}

const room = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

/** The rule sets a room can run. */
export type GameId = 'free-table' | 'dungeon-2d6' | 'grail-war' | 'call-of-t';

export function createRoom(title: string, game: GameId = 'free-table'): Promise<ApiResult<CreateRoomResponse>> {
  return call('/api/rooms', createRoomResponse, { title, game });
}

export function addSeat(roomId: string, gmToken: string, name: string): Promise<ApiResult<SeatLinkResponse>> {
  return call(`${room(roomId)}/seats`, seatLinkResponse, { name }, gmToken);
}

/** A new link for a seat; the old one stops working. */
export function reissueSeat(roomId: string, gmToken: string, seat: string): Promise<ApiResult<SeatLinkResponse>> {
  return call(`${room(roomId)}/seats/${encodeURIComponent(seat)}/reissue`, seatLinkResponse, {}, gmToken);
}

export function reissueSpectator(roomId: string, gmToken: string): Promise<ApiResult<{ token: string; url: string }>> {
  return call(`${room(roomId)}/spectator/reissue`, spectatorLinkResponse, {}, gmToken);
}
