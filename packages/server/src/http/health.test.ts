import { afterEach, expect, test } from 'vitest';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { StoreUnavailable } from '../db/store.ts';

let current: App | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

function start(store: Store): App['app'] {
  current = buildApp({ store, publicUrl: 'https://table.example' });
  return current.app;
}

test('GET /api/health touches the database and tells what the registry holds', async () => {
  let pings = 0;
  const inner = memoryStore();
  const app = start({ ...inner, ping: async () => void pings++ });
  await app.inject({ method: 'POST', url: '/api/rooms', payload: {} });
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect([res.statusCode, res.json()]).toEqual([200, { ok: true, database: 'ok', rooms: { loaded: 1, connections: 0, queued: 0, stalledMs: 0 } }]);
  expect(pings).toBe(1);
  expect(res.headers['cache-control']).toBe('no-store');
});

test('a database that refuses is a 503, and so is one that does not answer in time', async () => {
  const inner = memoryStore();
  const refusing = start({ ...inner, ping: () => Promise.reject(new StoreUnavailable('ping: connect ECONNREFUSED 10.0.0.5:5432')) });
  const refused = await refusing.inject({ method: 'GET', url: '/api/health' });
  expect([refused.statusCode, refused.json()]).toEqual([
    503,
    { ok: false, error: 'STORE_UNAVAILABLE', database: 'unavailable', rooms: { loaded: 0, connections: 0, queued: 0, stalledMs: 0 } },
  ]);
  // The database's address stays in the log.
  expect(refused.body).not.toContain('10.0.0.5');
  await current?.app.close();

  const silent = start({ ...inner, ping: () => new Promise<void>(() => {}) });
  const started = Date.now();
  const hung = await silent.inject({ method: 'GET', url: '/api/health' });
  expect(hung.statusCode).toBe(503);
  expect(Date.now() - started).toBeLessThan(5_000);
});

test('a room whose queue stopped moving is a 503 ROOM_STALLED, although the database answers', async () => {
  const inner = memoryStore();
  let later = 0;
  let release = () => {};
  // An append that does not settle until the test lets it: what a query lost on a dropped connection did before it
  // had a deadline.
  const append = () => new Promise<void>((_, reject) => (release = () => reject(new StoreUnavailable('connection lost'))));
  current = buildApp({ store: { ...inner, ping: async () => undefined, append }, publicUrl: 'https://table.example', now: () => Date.now() + later });
  const app = current.app;
  const created = (await app.inject({ method: 'POST', url: '/api/rooms', payload: {} })).json<{ roomId: string }>();
  const room = (await current.rooms.get(created.roomId))!;
  void room.submit({ type: 'chat.send', to: { kind: 'all' }, text: 'stuck' }, { role: 'gm' });
  expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  later = 60_000;
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect([res.statusCode, res.json().error]).toEqual([503, 'ROOM_STALLED']);
  release();
});
