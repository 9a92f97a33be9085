import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LogLine, ServerMessage, Viewer } from '@veiltable/protocol';
import { freeTableViewEvent, type FreeTableView } from '@veiltable/protocol/games/free-table';
import { memoryStore } from '../db/memory-store.ts';
import type { Store } from '../db/store.ts';
import { linesFor, WELCOME_LINES } from '../rooms/log-lines.ts';
import type { SocketTable } from '../testing/socket-table.ts';
import { socketTable } from '../testing/socket-table.ts';
import type { WireClient } from '../testing/wire-client.ts';

const GM: Viewer = { role: 'gm' };

let store: Store;
let table: SocketTable;

beforeEach(async () => {
  store = memoryStore();
  table = await socketTable(store);
});

afterEach(async () => {
  await table.close();
});

const aki = (): Viewer => ({ role: 'player', seat: table.aki.seat });
const bora = (): Viewer => ({ role: 'player', seat: table.bora.seat });

async function commit(command: object, actor: Viewer): Promise<void> {
  const r = await table.room.submit(command, actor);
  if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.error.code}`);
}

/** Every line a client received, in welcomes, updates and log pages. */
function linesGot(client: WireClient): LogLine[] {
  return client.frames.flatMap((m) => (m.type === 'welcome' || m.type === 'log' ? m.lines : m.type === 'update' ? (m.lines ?? []) : []));
}

/** Pages a client's whole timeline in, from its welcome back to the first line, `limit` lines a request. */
async function pageAll(client: WireClient, limit: number): Promise<{ lines: LogLine[]; requests: number }> {
  const welcome = client.frames.find((m): m is Extract<ServerMessage, { type: 'welcome' }> => m.type === 'welcome')!;
  let lines = welcome.lines;
  let more = welcome.more;
  let requests = 0;
  while (more) {
    const ref = `log-${requests++}`;
    client.send({ type: 'log', ref, before: lines[0]!.seq, limit });
    const page = await client.next((m) => (m.type === 'log' || m.type === 'rejected') && m.ref === ref);
    if (page.type !== 'log') throw new Error(`log refused: ${JSON.stringify(page)}`);
    lines = [...page.lines, ...lines];
    more = page.more;
  }
  return { lines, requests };
}

const key = (l: LogLine) => `${l.seq}.${l.i}`;

describe('timeline lines', () => {
  test('a whisper, a GM-only roll and a hand card reach only their audience, in welcomes, updates and log pages', async () => {
    const gm = await table.connect(table.gmToken);
    const akiClient = await table.connect(table.aki.token);
    const boraClient = await table.connect(table.bora.token);
    const spectator = await table.connect(table.spectatorToken);
    const boraCard = ((boraClient.frames[0] as { view: FreeTableView }).view.hands[table.bora.seat] ?? [])[0]!.id;

    await commit({ type: 'chat.send', to: { kind: 'gm' }, text: 'PLANT-WHISPER-aki' }, aki());
    await commit({ type: 'roll', expr: '1D100 PLANT-ROLL-gm', visibility: 'gm' }, GM);
    await commit({ type: 'deck.deal', seat: table.bora.seat, count: 1 }, GM);
    await commit({ type: 'chat.send', to: { kind: 'all' }, text: 'hello all' }, bora());
    const dealt = table.room.viewFor(bora()) as FreeTableView;
    const newCard = dealt.hands[table.bora.seat]!.at(-1)!;
    for (const c of [gm, akiClient, boraClient, spectator]) await c.ping();

    // A late joiner and pages read from the log: the same redaction as the live updates.
    const lateSpectator = await table.connect(table.spectatorToken);
    const lateAki = await table.connect(table.aki.token);
    for (const c of [akiClient, boraClient, spectator]) {
      c.send({ type: 'log', ref: 'all', before: table.room.seq + 1, limit: 200 });
      await c.next((m) => m.type === 'log' && m.ref === 'all');
    }

    const text = (c: WireClient) => JSON.stringify(linesGot(c));
    expect(text(gm)).toContain('PLANT-WHISPER-aki');
    expect(text(gm)).toContain('PLANT-ROLL-gm');
    expect(text(akiClient)).toContain('PLANT-WHISPER-aki');
    for (const c of [boraClient, spectator, lateSpectator]) expect(text(c)).not.toContain('PLANT-WHISPER');
    for (const c of [akiClient, boraClient, spectator, lateSpectator, lateAki]) expect(text(c)).not.toContain('PLANT-ROLL');
    expect(text(boraClient)).toContain(newCard.id);
    for (const c of [akiClient, spectator, lateSpectator, lateAki]) {
      expect(text(c)).not.toContain(newCard.id);
      expect(text(c)).not.toContain(boraCard);
    }
    // Everyone reads that the GM rolled, and the public line, live and from the log alike.
    for (const c of [akiClient, boraClient, spectator, lateSpectator]) {
      const seen = linesGot(c).map((l) => l.seen as { type: string; item?: { kind: string; text?: string; result?: unknown } });
      expect(seen.some((s) => s.type === 'feed' && s.item?.kind === 'roll' && s.item.result === undefined)).toBe(true);
      expect(seen.some((s) => s.item?.text === 'hello all')).toBe(true);
    }
    // Every line is a view event of the game, and no line carries the stored event's own fields.
    for (const c of [gm, akiClient, boraClient, spectator, lateSpectator, lateAki]) {
      for (const l of linesGot(c)) {
        expect(Object.keys(l).sort()).toEqual(['at', 'i', 'seen', 'seq']);
        expect(freeTableViewEvent.safeParse(l.seen).success).toBe(true);
      }
    }
  });

  test('the lines of one commit carry the entry\'s time, and refusals give no line', async () => {
    const client = await table.connect(table.aki.token);
    client.send({ type: 'command', ref: 'c1', command: { type: 'chat.send', to: { kind: 'all' }, text: 'timed' } });
    const update = await client.reply('c1');
    const [entry] = await store.readLog(table.room.id, table.room.seq - 1);
    expect(update).toMatchObject({ type: 'update', lines: [{ seq: entry!.seq, at: Date.parse(entry!.at), i: 0 }] });
    client.send({ type: 'command', ref: 'c2', command: { type: 'roll.reveal', roll: 'r99' } });
    expect(await client.reply('c2')).toMatchObject({ type: 'rejected', code: 'NO_SUCH_ROLL' });
    const page = await ask(client, 'p', table.room.seq + 1, 200);
    expect(page.lines.map((l) => (l.seen as { item?: { text?: string } }).item?.text).filter(Boolean)).toEqual(['timed']);
  });

  test('paging returns every line of a 250-line session once, oldest first, and the welcome the newest page', async () => {
    for (let n = 1; n <= 272; n++) {
      await commit({ type: 'chat.send', to: n % 10 === 0 ? { kind: 'gm' } : { kind: 'all' }, channel: n % 3 === 0 ? 'other' : 'main', text: `line ${n}` }, n % 2 ? aki() : bora());
    }
    const client = await table.connect(table.aki.token);
    const expected = linesFor(await store.readLog(table.room.id, 0), aki());
    expect(expected.length).toBeGreaterThanOrEqual(250);
    const welcome = client.frames[0]!;
    expect(welcome).toMatchObject({ type: 'welcome', more: true });
    if (welcome.type !== 'welcome') throw new Error('no welcome');
    expect(welcome.lines).toEqual(expected.slice(-WELCOME_LINES));

    for (const limit of [9, 37, 100, 200]) {
      const { lines } = await pageAll(client, limit);
      expect(lines.map(key)).toEqual(expected.map(key));
      expect(new Set(lines.map(key)).size).toBe(lines.length);
      expect(lines).toEqual(expected);
    }
    // Bora's whispers to the GM are in nobody's timeline but Bora's and the GM's.
    expect(expected.some((l) => JSON.stringify(l.seen).includes('"line 20"'))).toBe(false);
  });

  test('a page before the first line is empty and says there is no more', async () => {
    const client = await table.connect(table.aki.token);
    const page = await ask(client, 'first', 1, 50);
    expect(page).toMatchObject({ type: 'log', lines: [], more: false, seq: table.room.seq });
  });

  test('a spectator may read its timeline too', async () => {
    await commit({ type: 'chat.send', to: { kind: 'all' }, text: 'to the watchers' }, aki());
    const client = await table.connect(table.spectatorToken);
    const page = await ask(client, 's', table.room.seq + 1, 10);
    expect(JSON.stringify(page.lines)).toContain('to the watchers');
  });

  test.each([
    ['a limit of zero', { type: 'log', ref: 'bad', before: 5, limit: 0 }],
    ['a limit over the page size', { type: 'log', ref: 'bad', before: 5, limit: 201 }],
    ['a before of zero', { type: 'log', ref: 'bad', before: 0, limit: 5 }],
    ['a before that is not a number', { type: 'log', ref: 'bad', before: '5', limit: 5 }],
    ['no limit', { type: 'log', ref: 'bad', before: 5 }],
  ])('%s is refused with BAD_SHAPE under its ref', async (_name, msg) => {
    const client = await table.connect(table.aki.token);
    client.send(msg);
    expect(await client.next((m) => m.type === 'rejected' && m.ref === 'bad')).toMatchObject({ code: 'BAD_SHAPE' });
    expect(client.frames.some((m) => m.type === 'log')).toBe(false);
  });

  test('log requests share the viewer\'s message rate limit', async () => {
    const client = await table.connect(table.aki.token);
    for (let i = 0; i < 45; i++) client.send({ type: 'log', ref: `l${i}`, before: 6, limit: 10 });
    const limited = await client.next((m) => m.type === 'rejected' && m.code === 'RATE_LIMITED');
    expect(limited).toMatchObject({ ref: expect.stringMatching(/^l\d+$/) });
    await new Promise((r) => setTimeout(r, 150));
    const answered = client.frames.filter((m) => m.type === 'log').length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(45);
  });
});

async function ask(client: WireClient, ref: string, before: number, limit: number): Promise<Extract<ServerMessage, { type: 'log' }>> {
  client.send({ type: 'log', ref, before, limit });
  const m = await client.next((f) => (f.type === 'log' || f.type === 'rejected') && f.ref === ref);
  if (m.type !== 'log') throw new Error(`log refused: ${JSON.stringify(m)}`);
  return m;
}
