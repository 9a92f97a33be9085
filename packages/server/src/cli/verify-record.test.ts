import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionRecord } from '@veiltable/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../db/memory-store.ts';
import { roomRecord } from '../rooms/room-record.ts';
import { playedRoom, SEQ } from '../testing/recorded-session.ts';
import { SPAWN_TIMEOUT, vtVerify, type VerifyRun } from '../testing/vt-verify.ts';


let dir: string;
let record: SessionRecord;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vt-verify-'));
  const store = memoryStore();
  const { rooms, room } = await playedRoom(store);
  record = (await roomRecord(store, room.id))!;
  await rooms.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs `./vt verify` on a file holding `content` (JSON unless a string), from the temp dir, by a relative path. */
async function verify(name: string, content: unknown): Promise<VerifyRun> {
  await writeFile(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return run([name]);
}

function run(args: string[]): Promise<VerifyRun> {
  return vtVerify(dir, args);
}

/** A copy of the record with one entry's logged events edited. */
function edited(seq: number, edit: (events: any[]) => void): SessionRecord {
  const copy = structuredClone(record);
  edit(copy.entries[seq - 1]!.events);
  return copy;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the edits reach into logged events as JSON */
describe('./vt verify FILE', () => {
  test('a record from a room verifies: exit 0 and a verdict naming the game and the entries', { timeout: SPAWN_TIMEOUT }, async () => {
    const { code, out } = await verify('open.json', record);
    expect(code).toBe(0);
    expect(out).toContain(`OK open.json: free-table, ${record.entries.length} entries`);
  });

  test.each<[string, () => SessionRecord, RegExp]>([
    ['one die changed', () => edited(SEQ.roll, (ev) => void (ev[0].parts[0].seen.item.result.dice[0].values[0] = (ev[0].parts[0].seen.item.result.dice[0].values[0] % 6) + 1)), new RegExp(`at seq ${SEQ.roll}: roll differs at events\\[0\\]\\.parts\\[0\\]\\.seen\\.item\\.result\\.dice\\[0\\]\\.values\\[0\\]`)],
    ['one salt changed', () => edited(SEQ.reveal, (ev) => void (ev[1].parts[0].seen.decl.answers[1].salt = 'f'.repeat(32))), new RegExp(`at seq ${SEQ.reveal}: decl.revealed differs at events\\[1\\]\\.parts\\[0\\]\\.seen\\.decl\\.answers\\[1\\]\\.salt: logged "f{32}"`)],
    ['one answer changed', () => edited(SEQ.reveal, (ev) => void (ev[1].parts[0].seen.decl.answers[0].answer.text = 'east')), new RegExp(`at seq ${SEQ.reveal}: decl.revealed differs at .*answer\\.text: logged "east", replayed "north"`)],
    ['another seed', () => ({ ...structuredClone(record), seed: '0'.repeat(64) }), /the seed does not match the commitment/],
  ])('a record with %s fails: exit 1, pointing at what differs', { timeout: SPAWN_TIMEOUT }, async (_, make, expected) => {
    const { code, err } = await verify('tampered.json', make());
    expect(code).toBe(1);
    expect(err).toMatch(expected);
  });

  test.each<[string, () => unknown, RegExp]>([
    ['not JSON', () => 'not json {', /cannot read it as JSON/],
    ['not a record', () => ({ format: 'something-else' }), /not a session record \(format:/],
    ['a record with an entry that is not one', () => ({ ...record, entries: record.entries.map((e, i) => (i === 1 ? { ...e, at: 'yesterday' } : e)) }), /entry #2 is not a record entry: at:/],
  ])('a file that is %s fails with exit 1', { timeout: SPAWN_TIMEOUT }, async (_, content, expected) => {
    const { code, err } = await verify('bad.json', content());
    expect(code).toBe(1);
    expect(err).toMatch(expected);
  });

  test('without a file: usage, exit 2', { timeout: SPAWN_TIMEOUT }, async () => {
    const { code, err } = await run([]);
    expect(code).toBe(2);
    expect(err).toContain('usage: ./vt verify FILE');
  });
});
