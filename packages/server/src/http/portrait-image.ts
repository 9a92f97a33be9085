import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PORTRAIT_LIMITS } from '@veiltable/protocol';
import type { StoredImage } from '../db/store.ts';
import type { HttpFailure } from './http-error.ts';
import { failure } from './http-error.ts';

/** Formats a portrait may come in, as sharp names them. */
const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * The most pixels an upload may decode to (a 6000 × 6000 photo is 36 M): a few kilobytes of PNG can claim far more,
 * and decoding them would take the server's memory.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * An uploaded image as a portrait: decoded (its first frame), turned upright by its EXIF orientation, cropped to the
 * centre square and scaled to PORTRAIT_LIMITS.size, re-encoded as WebP without any of the upload's metadata (sharp
 * keeps none unless asked), and addressed by the sha256 of the bytes stored.
 */
export async function toPortrait(input: Buffer): Promise<{ ok: true; image: StoredImage } | { ok: false; failure: HttpFailure }> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (e) {
    return { ok: false, failure: decodeFailure(e) };
  }
  if (!format || !ACCEPTED.has(format)) return { ok: false, failure: failure(415, 'UNSUPPORTED_IMAGE', 'send a PNG, JPEG, WebP or GIF image') };
  let bytes: Buffer;
  try {
    bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PORTRAIT_LIMITS.size, PORTRAIT_LIMITS.size, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (e) {
    return { ok: false, failure: decodeFailure(e) };
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { ok: true, image: { hash, type: 'image/webp', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) } };
}

/** sharp reports a decoding bomb by its pixel limit (in the header already); anything else is not an image it reads. */
function decodeFailure(e: unknown): HttpFailure {
  if (e instanceof Error && /pixel limit/i.test(e.message)) return failure(413, 'TOO_MANY_PIXELS', `the image has more than ${MAX_INPUT_PIXELS} pixels`);
  return failure(415, 'NOT_AN_IMAGE', 'the body is not an image the server can read');
}
