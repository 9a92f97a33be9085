import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of small secrets for the GM's eyes only (AES-256-GCM). A room has one random link key;
 * the GM's token row keeps it wrapped under a key derived from the GM token (HKDF-SHA256), and every seat and
 * spectator row keeps its token encrypted with it. Without a live GM token, a database reader recovers nothing.
 * Each ciphertext is bound to what it is for (the room, the role, the seat), so a writer cannot swap sealed values
 * between rows and have them open.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A fresh random link key for a room (32 bytes). */
export function newLinkKey(): Buffer {
  return randomBytes(32);
}

/** The key that wraps a room's link key: derived from the GM token, salted with the room id. */
function wrappingKey(gmToken: string, roomId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(gmToken, 'utf8'), Buffer.from(roomId, 'utf8'), 'veiltable link key wrap', 32));
}

/** What a sealed value is bound to: it opens only for the same purpose. */
export type SealContext = { roomId: string; role: 'gm' | 'player' | 'spectator'; seat: string | null };

const aad = (c: SealContext) => Buffer.from(JSON.stringify([c.roomId, c.role, c.seat ?? '']), 'utf8');

function seal(key: Buffer, plain: Buffer, context: SealContext): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** The plain bytes, or undefined when the key, the context or the text does not match. */
function open(key: Buffer, sealed: string, context: SealContext): Buffer | undefined {
  const [version, ivText, bodyText, ...rest] = sealed.split('.');
  if (version !== VERSION || ivText === undefined || bodyText === undefined || rest.length > 0) return undefined;
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad(context));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** The room's link key wrapped for the holder of `gmToken`. */
export function wrapLinkKey(linkKey: Buffer, gmToken: string, roomId: string): string {
  return seal(wrappingKey(gmToken, roomId), linkKey, { roomId, role: 'gm', seat: null });
}

/** The room's link key, or undefined when `wrapped` was not made for this GM token and room. */
export function unwrapLinkKey(wrapped: string, gmToken: string, roomId: string): Buffer | undefined {
  const key = open(wrappingKey(gmToken, roomId), wrapped, { roomId, role: 'gm', seat: null });
  return key?.length === 32 ? key : undefined;
}

/** A seat's or spectator's token encrypted with the room's link key. */
export function sealToken(linkKey: Buffer, token: string, context: SealContext): string {
  return seal(linkKey, Buffer.from(token, 'utf8'), context);
}

/** The token, or undefined when it was sealed with another key or for another purpose. */
export function openToken(linkKey: Buffer, sealed: string, context: SealContext): string | undefined {
  return open(linkKey, sealed, context)?.toString('utf8');
}
