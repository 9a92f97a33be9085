import type { RoomLinksResponse, SeatLinkResponse, SpectatorDelay, SpectatorDelayRequest } from '@veiltable/protocol';
import { get, post, put, type ApiResult } from '../shell/http.ts';

const room = (roomId: string) => `/api/rooms/${encodeURIComponent(roomId)}`;

/** Every seat's current link and the spectator link, as made on any of the GM's devices. */
export function listLinks(roomId: string, gmToken: string): Promise<ApiResult<RoomLinksResponse>> {
  return get(`${room(roomId)}/links`, gmToken);
}

/** Adds a seat; the answer holds its link. */
export function addSeat(roomId: string, gmToken: string, name: string): Promise<ApiResult<SeatLinkResponse>> {
  return post(`${room(roomId)}/seats`, { name }, gmToken);
}

/** A new link for a seat; the old one stops working. */
export function reissueSeat(roomId: string, gmToken: string, seat: string): Promise<ApiResult<SeatLinkResponse>> {
  return post(`${room(roomId)}/seats/${encodeURIComponent(seat)}/reissue`, {}, gmToken);
}

/** A new spectator link; the old one stops working. */
export function reissueSpectator(roomId: string, gmToken: string): Promise<ApiResult<{ token: string; url: string }>> {
  return post(`${room(roomId)}/spectator/reissue`, {}, gmToken);
}

/** How far behind the live table spectators are shown (`{ ms }`, 0: live, or one phase); the answer is the delay now in force. */
export function setSpectatorDelay(roomId: string, gmToken: string, delay: SpectatorDelayRequest): Promise<ApiResult<SpectatorDelay>> {
  return put(`${room(roomId)}/spectator-delay`, delay, gmToken);
}
