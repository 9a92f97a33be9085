import { afterEach, expect, test } from 'vitest';
import { httpError } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';

let current: App | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

test('room creation is limited per client address: past the limit a 429 RATE_LIMITED with Retry-After', async () => {
  const store = memoryStore();
  current = buildApp({ store, publicUrl: 'https://table.example', roomsPerMinute: 3 });
  const { app } = current;
  const create = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/rooms', payload: {}, remoteAddress });
  for (let i = 0; i < 3; i++) expect((await create('203.0.113.7')).statusCode).toBe(201);
  const refused = await create('203.0.113.7');
  expect([refused.statusCode, httpError.parse(refused.json()).error]).toEqual([429, 'RATE_LIMITED']);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Another address is counted apart, and the rest of the API is not limited.
  expect((await create('198.51.100.2')).statusCode).toBe(201);
  for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  expect((await current.rooms.loaded()).length).toBe(4);
});
