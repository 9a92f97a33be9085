import { games } from '@veiltable/engine/games';
import type { ExportViewStep, ServerMessage } from '@veiltable/protocol';
import { exportDocument, ViewReplica } from '@veiltable/protocol';
import { expect } from 'vitest';
import type { TestRoom } from './http-api.ts';
import type { RawFrame, RecordingClient } from './recording-client.ts';
import type { FrameSource, ViewerKey } from './secret-audit.ts';

/** A viewer's own link token in a test room: the GM's, the spectator's or its seat's. */
function tokenOf(room: TestRoom, key: ViewerKey): string {
  if (key === 'gm') return room.gmToken;
  if (key === 'spectator') return room.spectatorToken;
  const seat = room.seats.find((s) => s.seat === key);
  if (!seat) throw new Error(`no seat ${key} in ${room.roomId}`);
  return seat.token;
}

/** The export's views replayed through a ViewReplica, as a replay page reads them: the view after each step. */
function replayViews(steps: readonly ExportViewStep[], label: string): { seq: number; view: unknown }[] {
  const replica = new ViewReplica();
  return steps.map((step) => {
    expect(replica.receive({ type: 'update', ...step } as ServerMessage), `${label}: the step at seq ${step.seq}`).toBe('changed');
    return { seq: step.seq, view: replica.view };
  });
}

/** The view replayed at `seq`: the last step's at or before it. */
function viewAt(replayed: readonly { seq: number; view: unknown }[], seq: number): unknown {
  return replayed.findLast((r) => r.seq <= seq)?.view;
}

/**
 * The export's text as frames, one per line of the file, each at the seq of the line or view step it holds (the head
 * and the array edges at 0): the audit then checks each secret against the seq it appeared at, as it does a socket's.
 */
function exportFrames(text: string): RawFrame[] {
  return text.split('\n').map((part) => {
    const item = safeJson(part.endsWith(',') ? part.slice(0, -1) : part) as { seq?: unknown } | undefined;
    return { seq: typeof item?.seq === 'number' ? item.seq : 0, text: part };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Each viewer exports the session with its own token (issue 14, items 3 and 5), and each export must equal, line for
 * line, the timeline that viewer's socket was sent (paged back to its first line), and its views, replayed, must be
 * at every seq the views that socket held: so it holds what that viewer was sent and no more. The exports' texts
 * come back as frame sources, a frame per line and view step at its own seq, for the same planted-secret audit as
 * the sockets'.
 */
export async function viewerExports(baseUrl: string, room: TestRoom, clients: ReadonlyMap<ViewerKey, RecordingClient>, query = 'lang=ko&tz=Asia%2FSeoul'): Promise<Map<ViewerKey, FrameSource[]>> {
  const sources = new Map<ViewerKey, FrameSource[]>();
  for (const [key, client] of clients) {
    const res = await fetch(`${baseUrl}/api/rooms/${room.roomId}/export?${query}`, { headers: { authorization: `Bearer ${tokenOf(room, key)}` } });
    expect(res.status, `${key}'s export`).toBe(200);
    const text = await res.text();
    const file = JSON.parse(text) as { views: ExportViewStep[] };
    const doc = exportDocument.parse(file);
    await client.waitForSeq(doc.lastSeq);
    await client.readOlderLines();
    expect(doc.lines, `${key}'s export is its timeline`).toEqual(client.lines());

    // The views as the file holds them (not a parsed copy), then read as the client reads its own: by the game's schema.
    const schema = games[doc.room.game]!.schemas.view;
    const replayed = replayViews(file.views, key);
    expect(client.views.length, `${key} held views`).toBeGreaterThan(0);
    for (const held of client.views) expect({ seq: held.seq, view: schema.parse(viewAt(replayed, held.seq)) }, `${key}'s export at seq ${held.seq}`).toEqual(held);
    expect(schema.parse(viewAt(replayed, doc.lastSeq)), `${key}'s export ends at its view`).toEqual(client.view);
    sources.set(key, [{ label: `${key}-export`, frames: exportFrames(text) }]);
  }
  return sources;
}
