import { createRoomResponse, seatLinkResponse, spectatorDelayResponse, type CreateRoomResponse, type SeatLinkResponse } from '@veiltable/protocol';

/** The token inside a join link (`<publicUrl>/r/<roomId>#t=<token>`). */
export function tokenFromLink(link: string): string {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('t');
  if (!token) throw new Error(`no token in link ${link}`);
  return token;
}

async function postJson(url: string, body: unknown, bearer?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → ${res.status}: ${text}`);
  return JSON.parse(text);
}

export type TestRoom = CreateRoomResponse & { seats: SeatLinkResponse[]; spectatorToken: string };

/** Creates a room over HTTP (a free table unless told) and adds one seat per name, in order (s1, s2, …). */
export async function createRoom(baseUrl: string, title: string, seatNames: string[], game = 'free-table'): Promise<TestRoom> {
  const room = createRoomResponse.parse(await postJson(`${baseUrl}/api/rooms`, { title, game }));
  const seats: SeatLinkResponse[] = [];
  for (const name of seatNames) seats.push(await addSeat(baseUrl, room, name));
  return { ...room, seats, spectatorToken: tokenFromLink(room.spectatorUrl) };
}

/** Adds a seat to a room as its GM does (the next s<n>), and returns its player link. */
export async function addSeat(baseUrl: string, room: CreateRoomResponse, name: string): Promise<SeatLinkResponse> {
  return seatLinkResponse.parse(await postJson(`${baseUrl}/api/rooms/${room.roomId}/seats`, { name }, room.gmToken));
}

/** Sets the room's spectator delay as its GM does (ms, 0 for live, or one phase); the delay the server put in force. */
export async function setSpectatorDelay(baseUrl: string, room: CreateRoomResponse, delay: number | 'phase'): Promise<number | 'phase'> {
  const res = await fetch(`${baseUrl}/api/rooms/${room.roomId}/spectator-delay`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${room.gmToken}` },
    body: JSON.stringify(delay === 'phase' ? { mode: 'phase' } : { ms: delay }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`PUT spectator-delay → ${res.status}: ${text}`);
  const now = spectatorDelayResponse.parse(JSON.parse(text));
  return now.mode === 'phase' ? 'phase' : now.ms;
}
