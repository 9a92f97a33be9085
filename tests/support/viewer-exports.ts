import { exportDocument } from '@veiltable/protocol';
import { expect } from 'vitest';
import type { TestRoom } from './http-api.ts';
import type { RecordingClient } from './recording-client.ts';
import type { FrameSource, ViewerKey } from './secret-audit.ts';

/** A viewer's own link token in a test room: the GM's, the spectator's or its seat's. */
function tokenOf(room: TestRoom, key: ViewerKey): string {
  if (key === 'gm') return room.gmToken;
  if (key === 'spectator') return room.spectatorToken;
  const seat = room.seats.find((s) => s.seat === key);
  if (!seat) throw new Error(`no seat ${key} in ${room.roomId}`);
  return seat.token;
}

/**
 * Each viewer exports the session with its own token (issue 14, item 3), and each export must equal, line for line,
 * the timeline that viewer's socket was sent (paged back to its first line): so it holds what that viewer was sent
 * and no more. The exports' texts come back as frame sources, for the same planted-secret audit as the sockets'.
 */
export async function viewerExports(baseUrl: string, room: TestRoom, clients: ReadonlyMap<ViewerKey, RecordingClient>, query = 'lang=ko&tz=Asia%2FSeoul'): Promise<Map<ViewerKey, FrameSource[]>> {
  const sources = new Map<ViewerKey, FrameSource[]>();
  for (const [key, client] of clients) {
    const res = await fetch(`${baseUrl}/api/rooms/${room.roomId}/export?${query}`, { headers: { authorization: `Bearer ${tokenOf(room, key)}` } });
    expect(res.status, `${key}'s export`).toBe(200);
    const text = await res.text();
    const doc = exportDocument.parse(JSON.parse(text));
    await client.waitForSeq(doc.lastSeq);
    await client.readOlderLines();
    expect(doc.lines, `${key}'s export is its timeline`).toEqual(client.lines());
    sources.set(key, [{ label: `${key}-export`, frames: [{ seq: doc.lastSeq, text }] }]);
  }
  return sources;
}
