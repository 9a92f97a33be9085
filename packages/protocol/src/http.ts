import { z } from 'zod';
import { seatId } from './common.ts';
import { text } from './text.ts';
import { MAX_SPECTATOR_DELAY } from './version.ts';

/** POST /api/rooms */
export const createRoomRequest = z.object({
  title: text().trim().min(1).max(80).default('Veiltable'),
  /** A game id of the registry; the server refuses the others (UNKNOWN_GAME). */
  game: z.string().min(1).max(40).default('free-table'),
});
export const createRoomResponse = z.object({
  roomId: z.string(),
  gmToken: z.string(),
  gmUrl: z.string(),
  spectatorUrl: z.string(),
});
export type CreateRoomResponse = z.infer<typeof createRoomResponse>;

/** POST /api/rooms/:roomId/seats (GM bearer token) */
export const addSeatRequest = z.object({ name: text().trim().min(1).max(40) });
export const seatLinkResponse = z.object({ seat: seatId, name: z.string(), token: z.string(), url: z.string() });
export type SeatLinkResponse = z.infer<typeof seatLinkResponse>;

/**
 * POST /api/rooms/:roomId/spectator/reissue and POST /api/rooms/:roomId/gm/reissue (GM bearer token): the new link.
 * (A seat's reissue answers with seatLinkResponse.)
 */
export const linkResponse = z.object({ token: z.string(), url: z.string() });
export type LinkResponse = z.infer<typeof linkResponse>;
export const spectatorLinkResponse = linkResponse;

/**
 * GET /api/rooms/:roomId/links (GM bearer token): every seat's current link and the spectator link, as on the device
 * that made them. A link is null when it cannot be shown again (made before links were kept): only a new one helps.
 */
export const roomLinksResponse = z.object({
  seats: z.array(z.object({ seat: seatId, name: z.string(), link: linkResponse.nullable() })),
  spectator: linkResponse.nullable(),
});
export type RoomLinksResponse = z.infer<typeof roomLinksResponse>;

/** How spectators trail the live table: live, a fixed time behind, or one of the game's phases behind. */
export const spectatorDelayMode = z.enum(['off', 'seconds', 'phase']);
export type SpectatorDelayMode = z.infer<typeof spectatorDelayMode>;

/**
 * PUT /api/rooms/:roomId/spectator-delay (GM bearer token): `{ ms }` puts spectators that far behind (0: live), as
 * before modes existed; `{ mode: 'phase' }` one phase behind (refused with NO_PHASES where the game has none).
 * The two are exclusive: a stream trails by a time or by a phase, never by both.
 */
export const spectatorDelayRequest = z.union([
  z.strictObject({ ms: z.number().int().min(0).max(MAX_SPECTATOR_DELAY) }),
  z.strictObject({ mode: z.literal('phase') }),
]);
export type SpectatorDelayRequest = z.infer<typeof spectatorDelayRequest>;

/** The delay now in force: `ms` is positive exactly when the mode is `seconds`. */
export const spectatorDelayResponse = z.object({ mode: spectatorDelayMode, ms: z.number().int().min(0).max(MAX_SPECTATOR_DELAY) });
export type SpectatorDelay = z.infer<typeof spectatorDelayResponse>;

export const httpError = z.object({ error: z.string(), message: z.string() });

/**
 * POST /api/rooms/:roomId/portraits: the body is the image itself (PNG, JPEG, WebP or GIF, at most
 * PORTRAIT_LIMITS.bytes), sent with the member's own link token as `authorization: Bearer <token>`. The server stores
 * it as a square WebP and answers its hash, which GET /api/portraits/:hash serves.
 */
export const PORTRAIT_LIMITS = { bytes: 5 * 1024 * 1024, size: 256, perRoom: 200 } as const;
export const portraitUploadResponse = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });
export type PortraitUploadResponse = z.infer<typeof portraitUploadResponse>;
