import { createHash, randomBytes } from 'node:crypto';
import type { Viewer } from '@veiltable/protocol';
import type { Result } from '@veiltable/engine';
import { ok } from '@veiltable/engine';
import type { Store, TokenRole } from '../db/store.ts';
import { sealToken, wrapLinkKey } from './link-seal.ts';

/** Why a token does not open a room. */
export type TokenFailure = 'BAD_TOKEN' | 'TOKEN_REVOKED';
export type ResolvedToken = { roomId: string; viewer: Viewer };

/** 32 random bytes in base64url: always 43 characters from this alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The only form a token is stored or looked up in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Makes a fresh link token for a role (and seat) and stores its hash, with what only the GM can open again (a GM
 * token wraps the room's link key, any other token is sealed with it: link-seal.ts). The raw token leaves only in
 * the response.
 */
export async function issueToken(store: Store, roomId: string, viewer: Viewer, linkKey: Buffer): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const role: TokenRole = viewer.role;
  const seat = viewer.role === 'player' ? viewer.seat : null;
  const sealed = role === 'gm' ? wrapLinkKey(linkKey, token, roomId) : sealToken(linkKey, token, { roomId, role, seat });
  await store.putToken({ hash: hashToken(token), roomId, role, seat, revoked: false, sealed });
  return token;
}

/** Revokes every live token for that viewer in the room, then issues one new token. */
export async function reissueToken(store: Store, roomId: string, viewer: Viewer, linkKey: Buffer): Promise<string> {
  await store.revokeTokens(roomId, viewer.role, viewer.role === 'player' ? viewer.seat : null);
  return issueToken(store, roomId, viewer, linkKey);
}

/** Who a token lets in, and where. */
export async function resolveToken(
  store: Store,
  token: string,
): Promise<Result<ResolvedToken, { code: TokenFailure }>> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, error: { code: 'BAD_TOKEN' } };
  const record = await store.findToken(hashToken(token));
  if (!record) return { ok: false, error: { code: 'BAD_TOKEN' } };
  if (record.revoked) return { ok: false, error: { code: 'TOKEN_REVOKED' } };
  const viewer = toViewer(record.role, record.seat);
  if (!viewer) return { ok: false, error: { code: 'BAD_TOKEN' } };
  return ok({ roomId: record.roomId, viewer });
}

function toViewer(role: TokenRole, seat: string | null): Viewer | undefined {
  if (role === 'player') return seat ? { role, seat } : undefined;
  return { role };
}

/** The link a person opens: the token rides in the fragment, so it never reaches server logs or referrers. */
export function roomUrl(publicUrl: string, roomId: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/r/${encodeURIComponent(roomId)}#t=${token}`;
}
