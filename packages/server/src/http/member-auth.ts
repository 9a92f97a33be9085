import type { FastifyRequest } from 'fastify';
import type { Viewer } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import { resolveToken } from '../rooms/tokens.ts';
import type { HttpFailure } from './http-error.ts';
import { failure } from './http-error.ts';
import { bearerToken } from './gm-auth.ts';

/**
 * Checks `authorization: Bearer <token>` is a live link token of this room held by someone at the table (the GM or a
 * player seat, not a spectator): that viewer, or a failure.
 */
export async function checkMember(request: FastifyRequest, store: Store, roomId: string): Promise<{ viewer: Viewer } | { denied: HttpFailure }> {
  const token = bearerToken(request);
  if (!token) return { denied: failure(401, 'NO_TOKEN', 'send your link token as "authorization: Bearer <token>"') };
  const resolved = await resolveToken(store, token);
  if (!resolved.ok) return { denied: failure(401, resolved.error.code, 'the token is not valid') };
  if (resolved.value.roomId !== roomId || resolved.value.viewer.role === 'spectator') {
    return { denied: failure(403, 'FORBIDDEN', 'only the GM and the players of this room may do that') };
  }
  return { viewer: resolved.value.viewer };
}

/**
 * Checks `authorization: Bearer <token>` is a live link token of this room, whoever holds it (the GM, a player seat or
 * a spectator): that viewer, or a failure.
 */
export async function checkViewer(request: FastifyRequest, store: Store, roomId: string): Promise<{ viewer: Viewer } | { denied: HttpFailure }> {
  const token = bearerToken(request);
  if (!token) return { denied: failure(401, 'NO_TOKEN', 'send your link token as "authorization: Bearer <token>"') };
  const resolved = await resolveToken(store, token);
  if (!resolved.ok) return { denied: failure(401, resolved.error.code, 'the token is not valid') };
  if (resolved.value.roomId !== roomId) return { denied: failure(403, 'FORBIDDEN', 'the token is not one of this room') };
  return { viewer: resolved.value.viewer };
}
