import type { BaseState } from '@veiltable/engine';
import { rngCommitment } from '@veiltable/engine';
import type { RecordEntry, RecordHead, SessionRecord } from '@veiltable/protocol';
import { RECORD_FORMAT } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';

/** Entries read from the store per round trip while a record is streamed. */
const READ_CHUNK = 500;

/**
 * The head of a room's session record: its game, its RNG seed (from a snapshot: the seed never changes, only the
 * counter) and the commitment every welcome carried. It holds the seed, so it is for the open edition (after the
 * GM's release) and for tests, never for a viewer before it. Undefined when no such room exists.
 */
export async function recordHead(store: Store, roomId: string): Promise<RecordHead | undefined> {
  const room = await store.getRoom(roomId);
  const snapshot = await store.latestSnapshot(roomId);
  if (!room || !snapshot) return undefined;
  const seed = (snapshot.state as BaseState).rng.seed;
  return { format: RECORD_FORMAT, game: room.game, seed, commitment: rngCommitment(seed) };
}

/** Every entry of the room's log from seq 1, in order, read a chunk at a time (a session may run to 10,000 lines). */
export async function* recordEntries(store: Store, roomId: string, chunk = READ_CHUNK): AsyncGenerator<RecordEntry> {
  let after = 0;
  for (;;) {
    const entries = await store.readLog(roomId, after, chunk);
    for (const { seq, actor, command, at, events } of entries) yield { seq, actor, command, at, events };
    if (entries.length < chunk) return;
    after = entries.at(-1)!.seq;
  }
}

/** The room's whole session record, in memory: its head and every entry (tests, and files small enough to hold). */
export async function roomRecord(store: Store, roomId: string): Promise<SessionRecord | undefined> {
  const head = await recordHead(store, roomId);
  if (!head) return undefined;
  const entries: RecordEntry[] = [];
  for await (const entry of recordEntries(store, roomId)) entries.push(entry);
  return { ...head, entries };
}
