import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { StoreUnavailable } from '../db/store.ts';
import { inlineHashes } from './client-page.ts';

let current: App | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const STYLE = 'body{margin:0}.boot{color:#c9a3ff}';
const SCRIPT = "document.getElementById('boot-text').textContent='読み込み中…';";
/** Like the built index.html: a title to replace, the loading placeholder's inline style and script, an entry. */
const INDEX = `<!doctype html><html><head><meta charset="utf-8" /><title>Veiltable</title><style>${STYLE}</style>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="app"><div class="boot">Veiltable ${'<span>…</span>'.repeat(80)}</div></div><script>${SCRIPT}</script></body></html>`;
const ENTRY = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word ${i}`))};`;

/** A built client: index.html, a hashed entry with the build's `.br` and `.gz` beside it, a small unhashed file. */
function clientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'veiltable-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), ENTRY);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(ENTRY));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(ENTRY));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

function start(store: Store = memoryStore()): App {
  current = buildApp({ store, publicUrl: 'https://table.example', clientDir: clientDir() });
  return current;
}

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

/** The content of `<meta property|name="key">` in a page. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('compression (issue 13, item 8)', () => {
  test.each([
    ['brotli first when both are accepted', 'gzip;q=0.8, br', 'br'],
    ['gzip where brotli is not accepted', 'gzip, deflate', 'gzip'],
    ['nothing for a client that accepts neither', 'identity', undefined],
    ['nothing without Accept-Encoding', undefined, undefined],
  ])('%s: the page and the hashed script', async (_name, accept, expected) => {
    const { app } = start();
    const headers = accept ? { 'accept-encoding': accept } : {};
    const page = await app.inject({ method: 'GET', url: '/r/AAAAAAAAAAAAAAAA', headers });
    const home = await app.inject({ method: 'GET', url: '/', headers });
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers });
    for (const res of [page, home, script]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
    expect(decoded(page)).toContain('<div id="app">');
    expect(decoded(home)).toContain('<div id="app">');
    expect(decoded(script)).toBe(ENTRY);
    if (expected) expect(script.rawPayload.length).toBeLessThan(ENTRY.length / 2);
  });

  test('the hashed script goes out as the build precompressed it, not compressed again', async () => {
    const { app } = start();
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.equals(brotliCompressSync(ENTRY))).toBe(true);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  test('a JSON answer of 1 kB or more is compressed; a short one is not worth it', async () => {
    const { app } = start();
    // Every answer of the API is short today; a longer one, registered as the API's routes are (a plugin after the
    // app's own), as a future API answer would be.
    const long = { rooms: Array.from({ length: 100 }, (_, i) => ({ id: `room-${i}`, title: `Table ${i}` })) };
    void app.register(async (api) => void api.get('/api/long-answer-of-a-test', async () => long));
    const big = await app.inject({ method: 'GET', url: '/api/long-answer-of-a-test', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(big))).toEqual(long);
    const created = await app.inject({ method: 'POST', url: '/api/rooms', payload: {}, headers: { 'accept-encoding': 'gzip' } });
    expect(created.headers['content-encoding']).toBeUndefined();
    expect(createRoomResponse.parse(created.json()).roomId).toBeTruthy();
  });
});

describe('caching (issue 13, item 8)', () => {
  test.each([
    ['a hashed asset is kept for a year, unchanged', '/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ['the home page is checked on every use', '/', 'no-cache'],
    ['a room page is checked on every use', '/r/AAAAAAAAAAAAAAAA', 'no-cache'],
    ['a file outside assets/ carries no hash: checked on every use', '/robots.txt', 'no-cache'],
  ])('%s', async (_name, url, expected) => {
    const { app } = start();
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(expected);
  });

  test('a missing asset is a 404, not the page: a stale page must not run HTML as a script', async () => {
    const { app } = start();
    const res = await app.inject({ method: 'GET', url: '/assets/gone-zzz.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('link previews (issue 13, item 8)', () => {
  test('a room page carries the room title, HTML-escaped, and no token', async () => {
    const { app } = start();
    const title = `Tom & Jerry's <script>alert("x")</script> $& 夜の宿`;
    const created = createRoomResponse.parse((await app.inject({ method: 'POST', url: '/api/rooms', payload: { title } })).json());
    const res = await app.inject({ method: 'GET', url: `/r/${created.roomId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = decoded(res);
    const escaped = 'Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; 夜の宿';
    expect(html).toContain(`<title>${escaped} · Veiltable</title>`);
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'twitter:title')).toBe(escaped);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'og:description')).toContain('Veiltable');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page still is the client's: its placeholder and entry are there.
    expect(html).toContain('<div id="app">');
    expect(html).toContain('/assets/index-abc123.js');
    for (const token of [created.gmToken, new URL(created.spectatorUrl).hash.slice(3)]) expect(html).not.toContain(token);
  });

  test.each([
    ['an unknown room', '/r/AAAAAAAAAAAAAAAA'],
    ['a malformed room id', '/r/not*a*room'],
    ['the home page', '/'],
    ['any other path', '/somewhere/else'],
  ])('%s gets the generic preview', async (_name, url) => {
    const { app } = start();
    const html = decoded(await app.inject({ method: 'GET', url }));
    expect(html).toContain('<title>Veiltable</title>');
    expect(meta(html, 'og:title')).toBe('Veiltable');
    expect(meta(html, 'og:description')).toContain('A table where the server keeps every secret.');
  });

  test('a store that does not answer still serves the page, with the generic preview', async () => {
    const inner = memoryStore();
    const { app } = start({ ...inner, getRoom: () => Promise.reject(new StoreUnavailable('down')) });
    const res = await app.inject({ method: 'GET', url: '/r/AAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(200);
    expect(meta(decoded(res), 'og:title')).toBe('Veiltable');
  });
});

describe('the loading placeholder under the Content-Security-Policy', () => {
  test('its inline style and script are allowed by their hashes, and nothing else inline', async () => {
    const { app } = start();
    const res = await app.inject({ method: 'GET', url: '/' });
    const policy = String(res.headers['content-security-policy']);
    const [style] = inlineHashes(`<style>${STYLE}</style>`, 'style');
    const [script] = inlineHashes(`<script>${SCRIPT}</script>`, 'script');
    expect(policy).toMatch(new RegExp(`script-src 'self' ${escapeRe(script!)}(;|$)`));
    expect(policy).toMatch(new RegExp(`style-src 'self' ${escapeRe(style!)}(;|$)`));
    expect(policy).not.toContain('unsafe-inline');
  });

  test('hashes are of the exact text between the tags; a script with src has none', () => {
    expect(inlineHashes('<script>a()</script><script type="module" src="/x.js"></script>', 'script')).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
    ]);
  });
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
