import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeAnswer, changeDie, changeSalt, tampered } from '@veiltable/engine/record/tampering';
import type { RecordEntry, SessionRecord } from '@veiltable/protocol';
import { sessionRecord } from '@veiltable/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SPAWN_TIMEOUT, vtVerify, type VerifyRun } from '../packages/server/src/testing/vt-verify.ts';
import { createRoom } from './support/http-api.ts';
import { RecordingClient } from './support/recording-client.ts';
import { serverStack } from './support/server-stack.ts';
import { allAt, commit } from './support/session.ts';

// Issue 14, item 4: "the GM releases the open edition, `./vt verify` passes on it and fails on three tampered
// copies": a scripted session with a sealed declaration against a real server and Postgres, the record downloaded
// over HTTP by a player, then the CLI on the file and on a copy with one die, one salt or one answer changed.

const stack = serverStack({ database: 'postgres' });

let dir: string;
let file: string;
let record: SessionRecord;
const seqs = { roll: 0, reveal: 0 };

const download = (roomId: string, token: string) => fetch(`${stack.url}/api/rooms/${roomId}/record`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vt-open-'));
  const room = await createRoom(stack.url, 'Open edition', ['Aki', 'Bora']);
  const [gm, aki, bora] = [room.gmToken, room.seats[0]!.token, room.seats[1]!.token].map((token, i) => new RecordingClient(stack.url, token, ['gm', 'aki', 'bora'][i]!));
  stack.sockets.push(gm!, aki!, bora!);
  await Promise.all([gm!.connect(), aki!.connect(), bora!.connect()]);

  seqs.roll = (await commit(aki!, { type: 'roll', expr: '2d6' })).seq;
  await commit(gm!, { type: 'decl.open', prompt: 'Which door?', kind: 'text' });
  await commit(aki!, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'north' } });
  seqs.reveal = (await commit(bora!, { type: 'decl.answer', decl: 'd1', answer: { kind: 'text', text: 'south' } })).seq;

  // Before the release every token is refused, the seed with it.
  for (const token of [room.gmToken, room.seats[0]!.token, room.spectatorToken]) {
    const res = await download(room.roomId, token);
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([403, 'RECORD_NOT_RELEASED']);
  }
  expect(await aki!.send({ type: 'record.release' })).toMatchObject({ ok: false, code: 'NOT_GM' });
  const released = await commit(gm!, { type: 'record.release' });
  await allAt([gm!, aki!, bora!], released.seq);
  for (const client of [gm!, aki!, bora!]) expect(client.current().released).toBe(true);
  expect(await gm!.send({ type: 'record.release' })).toMatchObject({ ok: false, code: 'ROOM_RELEASED' });

  const res = await download(room.roomId, room.seats[0]!.token);
  expect(res.status).toBe(200);
  const text = await res.text();
  record = sessionRecord.parse(JSON.parse(text));
  file = join(dir, 'open.json');
  await writeFile(file, text);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const verify = (path: string): Promise<VerifyRun> => vtVerify(dir, [path]);

describe('./vt verify on the open edition', () => {
  test('the downloaded file verifies: exit 0, every entry up to the release', { timeout: SPAWN_TIMEOUT }, async () => {
    expect(record.entries.at(-1)?.command).toEqual({ type: 'record.release' });
    const { code, out } = await verify(file);
    expect(code).toBe(0);
    expect(out).toContain(`${record.entries.length} entries`);
  });

  test.each<[string, () => number, (e: RecordEntry) => void, string]>([
    ['one die', () => seqs.roll, changeDie, 'roll'],
    ['one salt', () => seqs.reveal, changeSalt, 'decl.revealed'],
    ['one answer', () => seqs.reveal, changeAnswer, 'decl.revealed'],
  ])('a copy with %s changed fails: exit 1, naming its seq', { timeout: SPAWN_TIMEOUT }, async (what, seqOf, edit, event) => {
    const seq = seqOf();
    const path = join(dir, `${what.replace(' ', '-')}.json`);
    await writeFile(path, JSON.stringify(tampered(record, seq, edit)));
    const { code, err } = await verify(path);
    expect(code).toBe(1);
    expect(err).toContain(`at seq ${seq}: ${event} differs`);
  });
});
