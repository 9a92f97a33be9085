import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/store.ts';
import { resolveToken } from '../rooms/tokens.ts';
import type { HttpFailure } from './http-error.ts';
import { failure } from './http-error.ts';

/** The token of `authorization: Bearer <token>`, if the request has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/i.exec(header.trim()) : null;
  return match?.[1] || undefined;
}

/** Checks `authorization: Bearer <token>` is a live GM token of this room: that token, or a failure. */
export async function checkGm(request: FastifyRequest, store: Store, roomId: string): Promise<{ gmToken: string } | HttpFailure> {
  const token = bearerToken(request);
  if (!token) return failure(401, 'NO_TOKEN', 'send the GM link token as "authorization: Bearer <token>"');
  const resolved = await resolveToken(store, token);
  if (!resolved.ok) return failure(401, resolved.error.code, 'the token is not valid');
  if (resolved.value.roomId !== roomId || resolved.value.viewer.role !== 'gm') {
    return failure(403, 'FORBIDDEN', 'only the GM of this room may do that');
  }
  return { gmToken: token };
}
