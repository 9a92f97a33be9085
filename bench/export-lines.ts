/**
 * How long a viewer's export of a long session takes, and what it holds in memory: `node bench/export-lines.ts
 * [lines]` from the repository root plays a few hundred real commands in a room on the embedded PGlite, copies their
 * log entries out to `lines` entries (10,000 by default), then downloads the export as a player and as the GM over
 * HTTP, printing the time to the first byte and to the last, the size, and the server's heap growth at its peak
 * against the size of the document (a server that held the whole log would grow by more than the file).
 */
import type { Viewer } from '@veiltable/protocol';
import { createRoomResponse, seatLinkResponse } from '@veiltable/protocol';
import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/connect.ts';
import { sqlStore } from '../packages/server/src/db/sql-store.ts';

const LINES = Number(process.argv[2] ?? 10_000);
const PLAYED = 300;
const S1: Viewer = { role: 'player', seat: 's1' };
const GM: Viewer = { role: 'gm' };
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const store = sqlStore((await openDatabase({ dataDir: 'memory://' })).db);
const { app, rooms } = buildApp({ store, publicUrl: 'http://127.0.0.1' });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const post = async (path: string, body: unknown, token?: string) =>
  (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json();

const created = createRoomResponse.parse(await post('/api/rooms', { title: 'Long night' }));
const ann = seatLinkResponse.parse(await post(`/api/rooms/${created.roomId}/seats`, { name: 'Ann' }, created.gmToken));
await post(`/api/rooms/${created.roomId}/seats`, { name: 'Bo' }, created.gmToken);
const room = (await rooms.get(created.roomId))!;

// Real events of every kind a long session is made of: table talk, off-topic talk, whispers, open and secret rolls.
const said = ['chat.all', 'chat.other', 'chat.gm', 'roll', 'roll.gm'] as const;
for (let n = 0; n < PLAYED; n++) {
  const kind = said[n % said.length]!;
  const actor = kind === 'roll.gm' ? GM : S1;
  const command =
    kind === 'roll' || kind === 'roll.gm'
      ? { type: 'chat.send', to: { kind: 'all' }, text: `${kind === 'roll.gm' ? 'S' : ''}2D6 line ${n}` }
      : { type: 'chat.send', to: { kind: kind === 'chat.gm' ? 'gm' : 'all' }, channel: kind === 'chat.other' ? 'other' : 'main', text: `line ${n} of a long night at the table` };
  const done = await room.submit(command, actor);
  if (!done.ok) throw new Error(`refused: ${done.error.code}`);
}
// The rest of the log: those entries again under new seqs, written in batches as the room writes them.
const played = await store.readLog(created.roomId, 0);
let seq = played.at(-1)!.seq;
while (seq < LINES) {
  const batch = played.slice(0, Math.min(500, LINES - seq)).map((e) => ({ ...e, seq: ++seq, ref: undefined }));
  await store.appendBatch(created.roomId, batch);
}
await rooms.close();

async function download(label: string, token: string): Promise<void> {
  globalThis.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/rooms/${created.roomId}/export?lang=ko&tz=Asia%2FSeoul`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  let first = 0;
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (first === 0) first = performance.now() - t0;
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) newlines++;
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  console.log(
    `${label.padEnd(7)} ${String(newlines - 2).padStart(6)} lines  ${mb(bytes).padStart(8)}  first byte ${first.toFixed(0).padStart(5)} ms  all ${total.toFixed(0).padStart(6)} ms  heap peak +${mb(peak - base)} (process, client included)`,
  );
}

console.log(`export of ${LINES} log entries (${PLAYED} played, the rest copies), PGlite, over HTTP`);
await download('player', ann.token);
await download('gm', created.gmToken);
await app.close();
await store.close();
