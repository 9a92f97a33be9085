import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, httpError, PORTRAIT_LIMITS, portraitUploadResponse, seatLinkResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { testImage } from '../testing/test-image.ts';

let current: App | undefined;

afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

function start(): { app: App['app']; store: Store } {
  const store = memoryStore();
  current = buildApp({ store, publicUrl: 'https://table.example', uploadsPerMinute: 1000 });
  return { app: current.app, store };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (url: string) => url.split('#t=')[1] ?? '';

/** A room with one seat: its id and the GM's, the player's and the spectator's tokens. */
async function room(app: App['app']) {
  const created = createRoomResponse.parse((await app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Portraits' } })).json());
  const seat = seatLinkResponse.parse((await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name: 'Aki' } })).json());
  return { id: created.roomId, gm: created.gmToken, player: seat.token, spectator: tokenOf(created.spectatorUrl) };
}

const image = testImage;

const upload = (app: App['app'], roomId: string, token: string | undefined, body: Buffer, type = 'image/png') =>
  app.inject({ method: 'POST', url: `/api/rooms/${roomId}/portraits`, headers: { 'content-type': type, ...(token ? bearer(token) : {}) }, payload: body });

describe('POST /api/rooms/:roomId/portraits', () => {
  test.each(['png', 'jpeg', 'webp', 'gif'] as const)('a %s becomes a 256 × 256 WebP, served by the sha256 of its bytes', async (format) => {
    const { app } = start();
    const r = await room(app);
    const res = await upload(app, r.id, r.player, await image(format), `image/${format}`);
    expect(res.statusCode).toBe(201);
    const { hash } = portraitUploadResponse.parse(res.json());
    const got = await app.inject({ method: 'GET', url: `/api/portraits/${hash}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(createHash('sha256').update(got.rawPayload).digest('hex')).toBe(hash);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', PORTRAIT_LIMITS.size, PORTRAIT_LIMITS.size]);
  });

  test('the upload\'s metadata is stripped: a JPEG with EXIF, ICC and XMP comes back with none', async () => {
    const { app } = start();
    const r = await room(app);
    const jpeg = await sharp(await image('jpeg')).withExif({ IFD0: { Artist: 'secret-artist-name', Copyright: 'gps-and-all' } }).withMetadata().jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { hash } = portraitUploadResponse.parse((await upload(app, r.id, r.gm, jpeg, 'image/jpeg')).json());
    const got = await app.inject({ method: 'GET', url: `/api/portraits/${hash}` });
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined]);
    expect(got.rawPayload.includes('secret-artist-name')).toBe(false);
  });

  test('the same image twice is the same portrait, stored once', async () => {
    const { app } = start();
    const r = await room(app);
    const png = await image('png');
    const first = await upload(app, r.id, r.player, png);
    const again = await upload(app, r.id, r.gm, png);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
  });

  test.each<[string, (r: Awaited<ReturnType<typeof room>>, other: Awaited<ReturnType<typeof room>>) => string | undefined, number, string]>([
    ['no token', () => undefined, 401, 'NO_TOKEN'],
    ['a token no link has', () => 'x'.repeat(43), 401, 'BAD_TOKEN'],
    ['a spectator\'s link', (r) => r.spectator, 403, 'FORBIDDEN'],
    ['another room\'s player', (_r, other) => other.player, 403, 'FORBIDDEN'],
  ])('refused with %s', async (_name, tokenFor, status, code) => {
    const { app } = start();
    const r = await room(app);
    const other = await room(app);
    const res = await upload(app, r.id, tokenFor(r, other), await image('png'));
    expect([res.statusCode, httpError.parse(res.json()).error]).toEqual([status, code]);
  });

  test('a revoked player link is refused', async () => {
    const { app } = start();
    const r = await room(app);
    await app.inject({ method: 'POST', url: `/api/rooms/${r.id}/seats/s1/reissue`, headers: bearer(r.gm) });
    const res = await upload(app, r.id, r.player, await image('png'));
    expect([res.statusCode, res.json().error]).toEqual([401, 'TOKEN_REVOKED']);
  });

  test.each<[string, () => Promise<Buffer>, string, number, string]>([
    ['a body over 5 MB', async () => randomBytes(PORTRAIT_LIMITS.bytes + 1), 'image/png', 413, 'TOO_LARGE'],
    ['text', async () => Buffer.from('not an image at all'), 'image/png', 415, 'NOT_AN_IMAGE'],
    ['a PNG cut short', async () => (await image('png')).subarray(0, 200), 'image/png', 415, 'NOT_AN_IMAGE'],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>'), 'image/svg+xml', 415, 'UNSUPPORTED_IMAGE'],
    ['a TIFF', () => image('tiff'), 'image/tiff', 415, 'UNSUPPORTED_IMAGE'],
    // 64 M pixels in a couple of hundred kilobytes: refused from its header, before it is decoded.
    ['a decoding bomb', async () => sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer(), 'image/png', 413, 'TOO_MANY_PIXELS'],
    ['a JSON body', async () => Buffer.from('{"hash":"x"}'), 'application/json', 415, 'NOT_AN_IMAGE'],
  ])('refuses %s', async (_name, body, type, status, code) => {
    const { app, store } = start();
    const r = await room(app);
    const res = await upload(app, r.id, r.player, await body(), type);
    expect([res.statusCode, httpError.parse(res.json()).error]).toEqual([status, code]);
    // Nothing was stored: a room that holds no image still takes one under a limit of one.
    expect(await store.putImage(r.id, { hash: 'f'.repeat(64), type: 'image/webp', bytes: new Uint8Array([1]) }, 1)).toBe('stored');
  });

  test('a room keeps at most 200 portraits; one it holds already is still answered', async () => {
    const { app, store } = start();
    const r = await room(app);
    const png = await image('png');
    const { hash } = portraitUploadResponse.parse((await upload(app, r.id, r.player, png)).json());
    for (let i = 1; i < PORTRAIT_LIMITS.perRoom; i++) {
      const bytes = new Uint8Array([i % 256, i >> 8]);
      expect(await store.putImage(r.id, { hash: createHash('sha256').update(bytes).digest('hex'), type: 'image/webp', bytes }, PORTRAIT_LIMITS.perRoom)).toBe('stored');
    }
    const full = await upload(app, r.id, r.player, await image('png', 100, 100));
    expect([full.statusCode, full.json().error]).toEqual([409, 'PORTRAIT_QUOTA']);
    expect((await upload(app, r.id, r.player, png)).json()).toEqual({ hash });
    const other = await room(app);
    expect((await upload(app, other.id, other.player, await image('png', 100, 100))).statusCode).toBe(201);
  });

});

describe('GET /api/portraits/:hash', () => {
  test('an unknown hash is a 404; a malformed one a 400; neither is kept by caches', async () => {
    const { app } = start();
    const unknown = await app.inject({ method: 'GET', url: `/api/portraits/${'a'.repeat(64)}` });
    expect([unknown.statusCode, unknown.json().error, unknown.headers['cache-control']]).toEqual([404, 'NO_SUCH_PORTRAIT', 'no-store']);
    const bad = await app.inject({ method: 'GET', url: '/api/portraits/..%2Fetc' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'BAD_HASH']);
  });
});
