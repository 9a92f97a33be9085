import { afterEach, describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { createRoomResponse, EXPORT_FORMAT, exportDocument, httpError, seatLinkResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { EXPORTS_AT_ONCE, EXPORTS_PER_MINUTE } from './export-route.ts';

// GET /api/rooms/:roomId/export: the session as one viewer read it (issue 14, item 3). Only that viewer's own link
// token opens it; secrets are planted in a whisper, a secret roll and a character's secret face, and each export's
// bytes are searched for every plant: present for the viewers entitled to it (the control), absent for the rest.

let current: App | undefined;
afterEach(async () => {
  await current?.app.close();
  current = undefined;
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const GM: Viewer = { role: 'gm' };
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };

type Played = { app: App['app']; roomId: string; tokens: Record<'gm' | 's1' | 's2' | 'spectator', string> };

async function played(title = 'Export', store: Store = memoryStore()): Promise<Played> {
  current = buildApp({ store, publicUrl: 'https://table.example' });
  const { app, rooms } = current;
  const created = createRoomResponse.parse((await app.inject({ method: 'POST', url: '/api/rooms', payload: { title } })).json());
  const seat = async (name: string) =>
    seatLinkResponse.parse((await app.inject({ method: 'POST', url: `/api/rooms/${created.roomId}/seats`, headers: bearer(created.gmToken), payload: { name } })).json());
  const [ann, bo] = [await seat('Ann'), await seat('Bo')];
  const room = (await rooms.get(created.roomId))!;
  const session: [Viewer, unknown][] = [
    [S1, { type: 'chat.send', to: { kind: 'all' }, text: `hello ${PLANT.public}` }],
    [S1, { type: 'chat.send', to: { kind: 'gm' }, text: `psst ${PLANT.whisper}` }],
    [GM, { type: 'chat.send', to: { kind: 'all' }, text: `S2D6 ${PLANT.secretRoll}` }],
    [S2, { type: 'cast.set', character: 's2.c1', name: 'Masked', secret: { name: PLANT.secretFace } }],
    [S2, { type: 'chat.send', to: { kind: 'all' }, text: 'who am I', as: 's2.c1' }],
  ];
  for (const [actor, command] of session) {
    const done = await room.submit(command, actor);
    if (!done.ok) throw new Error(`${JSON.stringify(command)} refused: ${done.error.code}`);
  }
  const spectator = created.spectatorUrl.split('#t=')[1]!;
  return { app, roomId: created.roomId, tokens: { gm: created.gmToken, s1: ann.token, s2: bo.token, spectator } };
}

const PLANT = {
  public: 'PLANT-PUBLIC-3b1e',
  whisper: 'PLANT-WHISPER-S1-TO-GM-9c2d',
  secretRoll: 'PLANT-GM-SECRET-ROLL-41fa',
  secretFace: 'PLANT-S2-TRUE-NAME-7e05',
} as const;

/** Who may read each plant (the whisper: its sender and the GM; the GM's secret roll: the GM; a true name: its owner and the GM). */
const ENTITLED: Record<keyof typeof PLANT, readonly string[]> = {
  public: ['gm', 's1', 's2', 'spectator'],
  whisper: ['gm', 's1'],
  secretRoll: ['gm'],
  secretFace: ['gm', 's2'],
};

const exportAs = (p: Played, token: string, query = 'lang=ja&tz=Asia%2FTokyo') =>
  p.app.inject({ method: 'GET', url: `/api/rooms/${p.roomId}/export?${query}`, headers: bearer(token) });

describe('export: who may', () => {
  test.each([
    ['no token', undefined, 401, 'NO_TOKEN'],
    ['a token that is none of the room\'s', 'A'.repeat(43), 401, 'BAD_TOKEN'],
    ['a token of another room', 'other', 403, 'FORBIDDEN'],
    ['a seat\'s token after the GM reissued its link', 'revoked', 401, 'TOKEN_REVOKED'],
    ['the GM\'s token in the query string, not the header', 'query', 401, 'NO_TOKEN'],
  ] as const)('%s is refused', async (_name, token, status, code) => {
    const p = await played();
    const otherRoom = createRoomResponse.parse((await p.app.inject({ method: 'POST', url: '/api/rooms', payload: { title: 'Other' } })).json());
    await p.app.inject({ method: 'POST', url: `/api/rooms/${p.roomId}/seats/s1/reissue`, headers: bearer(p.tokens.gm) });
    const named: Record<string, string | undefined> = { other: otherRoom.gmToken, revoked: p.tokens.s1, query: undefined };
    const sent = token !== undefined && token in named ? named[token] : token;
    const headers = sent === undefined ? {} : bearer(sent);
    const query = token === 'query' ? `?t=${p.tokens.gm}&token=${p.tokens.gm}` : '';
    const res = await p.app.inject({ method: 'GET', url: `/api/rooms/${p.roomId}/export${query}`, headers });
    expect(res.statusCode).toBe(status);
    expect(httpError.parse(res.json()).error).toBe(code);
    expect(res.body).not.toContain(PLANT.public);
  });

  test.each([
    ['an unknown time zone', 'tz=Mars%2FOlympus', 'BAD_SHAPE'],
    ['an unknown language', 'lang=fr', 'BAD_SHAPE'],
  ])('%s is refused', async (_name, query, code) => {
    const p = await played();
    const res = await exportAs(p, p.tokens.s1, query);
    expect(res.statusCode).toBe(400);
    expect(httpError.parse(res.json()).error).toBe(code);
  });
});

describe('export: what each viewer gets', () => {
  test.each(['gm', 's1', 's2', 'spectator'] as const)('%s: exactly the plants it was entitled to, in one JSON document', async (who) => {
    const p = await played();
    const res = await exportAs(p, p.tokens[who]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const bytes = res.body;
    for (const [plant, text] of Object.entries(PLANT) as [keyof typeof PLANT, string][]) {
      expect({ plant, held: bytes.includes(text) }).toEqual({ plant, held: ENTITLED[plant].includes(who) });
    }
    const doc = exportDocument.parse(JSON.parse(bytes));
    expect(doc).toMatchObject({ format: EXPORT_FORMAT, lang: 'ja', tz: 'Asia/Tokyo', viewer: who === 'gm' ? GM : who === 'spectator' ? { role: 'spectator' } : { role: 'player', seat: who } });
    expect(doc.lines.length).toBeGreaterThan(0);
    expect(doc.lines.every((l) => l.seq <= doc.lastSeq)).toBe(true);
    // The room's RNG seed is the open edition's; an export carries only its commitment.
    expect(bytes).not.toContain('"seed"');
  });

  test('REL-01 once the GM released the open edition, every viewer\'s export is the whole session, marked open', async () => {
    const p = await played();
    const before = exportDocument.parse(JSON.parse((await exportAs(p, p.tokens.spectator)).body));
    expect(before.open).toBeUndefined();
    const room = (await current!.rooms.get(p.roomId))!;
    expect((await room.submit({ type: 'record.release' }, GM)).ok).toBe(true);
    for (const who of ['s1', 's2', 'spectator'] as const) {
      const res = await exportAs(p, p.tokens[who]);
      expect(res.statusCode).toBe(200);
      for (const text of Object.values(PLANT)) expect({ who, text, held: res.body.includes(text) }).toEqual({ who, text, held: true });
      const doc = exportDocument.parse(JSON.parse(res.body));
      expect(doc.open).toBe(true);
      expect(doc.viewer).toEqual(who === 'spectator' ? { role: 'spectator' } : { role: 'player', seat: who });
    }
  });

  test('exports are rate-limited per client address: each reads the whole log', async () => {
    const p = await played();
    const codes: number[] = [];
    for (let n = 0; n < EXPORTS_PER_MINUTE + 2; n++) codes.push((await exportAs(p, p.tokens.spectator)).statusCode);
    expect(codes.filter((c) => c === 200).length).toBe(EXPORTS_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
  });

  test('the lines are the timeline\'s: the same a welcome pages, oldest first', async () => {
    const p = await played();
    const doc = exportDocument.parse((await exportAs(p, p.tokens.s1)).json());
    const room = (await current!.rooms.get(p.roomId))!;
    const page = await room.logPage(S1, doc.lastSeq + 1, 1000);
    expect(doc.lines).toEqual(page.lines);
  });

  test.each([
    ['a Latin title', 'Friday game', 'filename="veiltable-Friday-game-'],
    ['a Korean title keeps its words in filename*', '금요일 세션', `filename*=UTF-8''${encodeURIComponent('금요일 세션')}-`],
  ])('%s: the file is an attachment named after the room, the day and the viewer', async (_name, title, expected) => {
    const p = await played(title);
    const disposition = String((await exportAs(p, p.tokens.s2)).headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(expected);
    expect(disposition).toMatch(/\d{4}-\d{2}-\d{2}-s2\.json/);
  });
});

const release = async (p: Played) => expect((await (await current!.rooms.get(p.roomId))!.submit({ type: 'record.release' }, GM)).ok).toBe(true);

describe('export: as whom (REL-01, issue 14 item 5)', () => {
  test.each([
    ['the GM asking for a seat', 'gm', 's1'],
    ['a player asking for the GM', 's1', 'gm'],
    ['a player asking for itself', 's1', 's1'],
    ['the spectator asking for a seat', 'spectator', 's2'],
  ] as const)('before the release, %s is refused, and sent nothing of the session', async (_name, who, as) => {
    const p = await played();
    const res = await exportAs(p, p.tokens[who], `lang=en&as=${as}`);
    expect(res.statusCode).toBe(403);
    expect(httpError.parse(res.json())).toMatchObject({ error: 'NOT_RELEASED', message: expect.stringMatching(/release/) });
    expect(res.body).not.toContain(PLANT.public);
  });

  test.each([
    ['gm', GM],
    ['s1', S1],
    ['s2', S2],
    ['spectator', { role: 'spectator' }],
  ] as const)('after the release, the spectator\'s token reads the session as=%s: that viewer\'s lines, views and plants', async (as, viewer) => {
    const p = await played();
    await release(p);
    const res = await exportAs(p, p.tokens.spectator, `lang=en&as=${as}`);
    expect(res.statusCode).toBe(200);
    const doc = exportDocument.parse(JSON.parse(res.body));
    expect(doc).toMatchObject({ open: true, as: viewer, viewer: { role: 'spectator' } });
    const room = (await current!.rooms.get(p.roomId))!;
    expect(doc.lines).toEqual((await room.logPage(viewer, doc.lastSeq + 1, 1000)).lines);
    expect((doc.views[0] as { view: { viewer: unknown } }).view.viewer).toEqual(viewer);
    // Read as one viewer, the open edition holds what that viewer was shown, and no more.
    for (const [plant, text] of Object.entries(PLANT) as [keyof typeof PLANT, string][]) {
      expect({ plant, held: res.body.includes(text) }).toEqual({ plant, held: ENTITLED[plant].includes(as) });
    }
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`\\d{4}-\\d{2}-\\d{2}-${as}\\.json`));
  });

  test.each([
    ['a seat the room does not have', 'as=s9', 'NO_SUCH_SEAT'],
    ['something that names no viewer', 'as=player', 'BAD_SHAPE'],
  ])('after the release, %s is refused', async (_name, query, code) => {
    const p = await played();
    await release(p);
    const res = await exportAs(p, p.tokens.s1, query);
    expect(res.statusCode).toBe(400);
    expect(httpError.parse(res.json()).error).toBe(code);
  });
});

describe('export: views', () => {
  test.each([
    ['a short session, of which nothing was sent yet, is refused whole', 0],
    ['a long one is cut after the pieces already sent', 150],
  ])('a log the rules replay otherwise stops the export: %s', async (_name, talk) => {
    let tamper = false;
    const store = memoryStore();
    // The whisper's text (seq 4), changed in the log once the room has run: its replay says otherwise.
    const tampered: Store = {
      ...store,
      readLog: async (id, after, limit) => (await store.readLog(id, after, limit)).map((e) => (tamper ? { ...e, events: JSON.parse(JSON.stringify(e.events).replaceAll('psst', 'pssh')) } : e)),
    };
    const p = await played('Export', tampered);
    const room = (await current!.rooms.get(p.roomId))!;
    for (let n = 0; n < talk; n++) expect((await room.submit({ type: 'chat.send', to: { kind: 'all' }, text: `${n} ${'talk '.repeat(100)}` }, S1)).ok).toBe(true);
    tamper = true;
    if (talk === 0) {
      const res = await exportAs(p, p.tokens.gm);
      expect(res.statusCode).toBe(500);
      expect(httpError.parse(res.json()).error).toBe('INTERNAL');
      expect(res.body).not.toContain(PLANT.public);
    } else {
      // The lines had gone out in pieces (a piece is 64 KiB), so the response is destroyed before its end.
      await expect(exportAs(p, p.tokens.gm)).rejects.toThrow(/destroyed before completion/);
    }
  });
});

describe('export: how many at once', () => {
  test(`past ${EXPORTS_AT_ONCE} exports replaying at once, another is asked to come back (503 EXPORT_BUSY), and a finished one frees its place`, async () => {
    const store = memoryStore();
    const held: (() => void)[] = [];
    let hold = false;
    // Reads of the log wait while `hold` is set: the exports under way stay under way.
    const gated: Store = {
      ...store,
      readLog: async (id, after, limit) => {
        if (hold) await new Promise<void>((resolve) => held.push(resolve));
        return store.readLog(id, after, limit);
      },
    };
    const p = await played('Busy', gated);
    hold = true;
    const running = Array.from({ length: EXPORTS_AT_ONCE }, () => exportAs(p, p.tokens.gm));
    await expect.poll(() => held.length).toBe(EXPORTS_AT_ONCE);
    const busy = await exportAs(p, p.tokens.s1);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBeDefined();
    expect(httpError.parse(busy.json()).error).toBe('EXPORT_BUSY');
    hold = false;
    for (const release of held.splice(0)) release();
    for (const res of await Promise.all(running)) {
      expect(res.statusCode).toBe(200);
      expect(exportDocument.parse(res.json()).lines.length).toBeGreaterThan(0);
    }
    expect((await exportAs(p, p.tokens.s1)).statusCode).toBe(200);
  });
});

describe('export: a spectator behind the table', () => {
  test('while the spectator delay is on, a spectator\'s export stops where its table stands: nothing younger than the delay', async () => {
    const p = await played('Delayed');
    const room = (await current!.rooms.get(p.roomId))!;
    expect(await room.setSpectatorDelay(60_000)).toBe(true);
    const spectator = exportDocument.parse((await exportAs(p, p.tokens.spectator)).json());
    // Every entry is seconds old: the delayed table still stands at the room's start.
    expect(spectator.lastSeq).toBe(0);
    expect(JSON.stringify(spectator)).not.toContain(PLANT.public);
    // The control: the players' exports, and the spectator's once the delay is off, hold the public line.
    expect((await exportAs(p, p.tokens.s1)).body).toContain(PLANT.public);
    expect(await room.setSpectatorDelay(0)).toBe(true);
    expect((await exportAs(p, p.tokens.spectator)).body).toContain(PLANT.public);
  });
});
