import { afterEach, describe, expect, test } from 'vitest';
import type { Viewer } from '@veiltable/protocol';
import { createRoomResponse, EXPORT_FORMAT, exportDocument, httpError, seatLinkResponse } from '@veiltable/protocol';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import { memoryStore } from '../db/memory-store.ts';
import { EXPORTS_PER_MINUTE } from './export-route.ts';

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

async function played(title = 'Export'): Promise<Played> {
  current = buildApp({ store: memoryStore(), publicUrl: 'https://table.example' });
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
