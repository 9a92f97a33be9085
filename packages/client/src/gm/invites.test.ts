import { afterEach, expect, test, vi } from 'vitest';
import type { RoomLinksResponse } from '@veiltable/protocol';
import { Invites } from './invites.svelte.ts';

// The GM's links as the invite panel holds them, against a fake server: what it asks for and what it shows.

const ORIGIN = 'https://table.example';
const link = (t: string) => ({ token: t, url: `/r/R1#t=${t}` });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; path: string; auth: string | null; body: unknown };

/** A server answering each call with the next of `answers`, recording the calls. */
function server(...answers: ((call: Call) => Response | Promise<Response>)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const call = { method: init.method ?? 'GET', path, auth: headers.get('authorization'), body: init.body ? JSON.parse(String(init.body)) : null };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${call.method} ${path}`);
    return answer(call);
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const listed: RoomLinksResponse = {
  seats: [
    { seat: 's1', name: 'Aki', link: link('A') },
    { seat: 's2', name: 'Bora', link: null },
  ],
  spectator: link('W'),
};

test('load reads the links with the GM token and shows them on this origin; a link that cannot be shown is null', async () => {
  const calls = server(() => json(200, listed));
  const invites = new Invites('R1', 'GMTOKEN', ORIGIN);
  await invites.load();
  expect(calls).toEqual([{ method: 'GET', path: '/api/rooms/R1/links', auth: 'Bearer GMTOKEN', body: null }]);
  expect(invites.seats).toEqual({ s1: `${ORIGIN}/r/R1#t=A`, s2: null });
  expect(invites.spectator).toBe(`${ORIGIN}/r/R1#t=W`);
  expect(invites.loaded).toBe(true);
});

test('two loads at once share one request', async () => {
  const calls = server(() => json(200, listed));
  const invites = new Invites('R1', 'GMTOKEN', ORIGIN);
  await Promise.all([invites.load(), invites.load()]);
  expect(calls).toHaveLength(1);
});

test('seats are added one after another, each link kept as it comes', async () => {
  const calls = server(
    () => json(201, { seat: 's1', name: 'Aki', ...link('A') }),
    () => json(201, { seat: 's2', name: 'Bora', ...link('B') }),
  );
  const invites = new Invites('R1', 'GMTOKEN', ORIGIN);
  expect(await invites.add(['Aki', 'Bora'])).toBe(true);
  expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
    ['POST', '/api/rooms/R1/seats', { name: 'Aki' }],
    ['POST', '/api/rooms/R1/seats', { name: 'Bora' }],
  ]);
  expect(invites.seats).toEqual({ s1: `${ORIGIN}/r/R1#t=A`, s2: `${ORIGIN}/r/R1#t=B` });
  expect(invites.progress).toBeNull();
});

test('a refusal stops the adding and is shown; the seats added before it keep their links', async () => {
  const calls = server(
    () => json(201, { seat: 's1', name: 'Aki', ...link('A') }),
    () => json(400, { error: 'TOO_MANY_SEATS', message: 'no' }),
  );
  const invites = new Invites('R1', 'GMTOKEN', ORIGIN);
  expect(await invites.add(['Aki', 'Bora', 'Chihiro'])).toBe(false);
  expect(calls).toHaveLength(2);
  expect(invites.error).toBe('TOO_MANY_SEATS');
  expect(invites.seats).toEqual({ s1: `${ORIGIN}/r/R1#t=A` });
});

test('a list read while a link was made here is read again, so the new link is not replaced by an old one', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const invites = new Invites('R1', 'GMTOKEN', ORIGIN);
  const calls = server(
    async () => {
      await held;
      return json(200, listed);
    },
    () => json(200, { seat: 's1', name: 'Aki', ...link('A2') }),
    () => json(200, { ...listed, seats: [{ seat: 's1', name: 'Aki', link: link('A2') }, listed.seats[1]!] }),
  );
  const loading = invites.load();
  await vi.waitFor(() => expect(calls).toHaveLength(1));
  await invites.reissue('s1');
  release();
  await loading;
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/rooms/R1/links', 'POST /api/rooms/R1/seats/s1/reissue', 'GET /api/rooms/R1/links']);
  expect(invites.seats.s1).toBe(`${ORIGIN}/r/R1#t=A2`);
});
