import { games } from '@veiltable/engine/games';
import { verifyRecord } from '@veiltable/engine/record';
import { changeDie, tampered } from '@veiltable/engine/record/tampering';
import { sessionRecord, type SessionRecord } from '@veiltable/protocol';
import { expect } from 'vitest';
import type { TestRoom } from './http-api.ts';
import type { RecordingClient } from './recording-client.ts';
import { allAt, commit } from './session.ts';

/**
 * The end of a session in any of the games (issue 14, done when: "the GM releases the open edition, `./vt verify`
 * passes on it"): a player rolls in the chat line, the GM releases the open edition, the player downloads the record
 * with its own token, and the engine's verifier (the one `./vt verify` and the page run) replays the whole session
 * from the revealed seed; a copy with that roll's die changed fails at its seq. Returns the record.
 */
export async function releaseAndVerify(baseUrl: string, room: TestRoom, gm: RecordingClient, player: RecordingClient, everyone: readonly RecordingClient[]): Promise<SessionRecord> {
  const token = room.seats.find((s) => s.seat === (player.viewer?.role === 'player' ? player.viewer.seat : ''))?.token;
  if (!token) throw new Error(`${player.label} is not a seat of ${room.roomId}`);
  const roll = await commit(player, { type: 'roll', expr: '2d6' });
  const released = await commit(gm, { type: 'record.release' });
  await allAt(everyone, released.seq);
  expect(await player.send({ type: 'roll', expr: '1d6' }), 'a command after the release').toMatchObject({ ok: false, code: 'ROOM_RELEASED' });

  const res = await fetch(`${baseUrl}/api/rooms/${room.roomId}/record`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, 'the record once released').toBe(200);
  const record = sessionRecord.parse(await res.json());
  expect(record.entries.at(-1)?.seq).toBe(released.seq);

  const verdict = verifyRecord(record, games);
  expect(verdict, `the ${record.game} session verifies from its seed`).toMatchObject({ ok: true, lastSeq: released.seq });
  const forged = verifyRecord(tampered(record, roll.seq, changeDie), games);
  expect(forged, 'a die changed fails at its seq').toMatchObject({ ok: false, failure: { kind: 'events', seq: roll.seq } });
  return record;
}
