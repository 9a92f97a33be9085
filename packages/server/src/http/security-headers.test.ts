import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createRoomResponse, seatLinkResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';

let current: App | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

function start(): App['app'] {
  const dir = mkdtempSync(join(tmpdir(), 'veiltable-client-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>VT</title><script type="module" src="/app.js"></script>');
  writeFileSync(join(dir, 'app.js'), 'console.log(1)');
  current = buildApp({ store: memoryStore(), publicUrl: 'https://table.example', clientDir: dir });
  return current.app;
}

/** The CSP as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe('security headers', () => {
  test.each(['/', '/r/AAAAAAAAAAAAAAAA', '/app.js', '/api/health', '/api/nope'])('%s carries them', async (url) => {
    const app = start();
    const res = await app.inject({ method: 'GET', url, headers: { host: 'table.example:3000' } });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // No inline code: the built client has none (browser tests fail on any CSP violation).
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://table.example:3000', 'wss://table.example:3000']);
  });

  test('a Host header that is not a plain host names no socket origin', async () => {
    const app = start();
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example;script-src *' } });
    expect(csp(res.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
  });

  test('every response that carries a token is no-store', async () => {
    const app = start();
    const created = await app.inject({ method: 'POST', url: '/api/rooms', payload: {} });
    const { roomId, gmToken } = createRoomResponse.parse(created.json());
    const auth = { authorization: `Bearer ${gmToken}` };
    const seat = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats`, headers: auth, payload: { name: 'Aki' } });
    const { seat: seatId } = seatLinkResponse.parse(seat.json());
    const responses = [
      created,
      seat,
      await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/seats/${seatId}/reissue`, headers: auth }),
      await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/spectator/reissue`, headers: auth }),
    ];
    const rotated = await app.inject({ method: 'POST', url: `/api/rooms/${roomId}/gm/reissue`, headers: auth });
    for (const res of [...responses, rotated]) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.body).toMatch(/"token"|"gmToken"/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
