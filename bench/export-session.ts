/**
 * How long a viewer's export of a long session takes, and what it holds in memory: `node bench/export-session.ts
 * [entries]` from the repository root plays a free-table room of `entries` real commands (10,000 by default) on the
 * embedded PGlite, then downloads the export as a player and as the GM over HTTP, printing the time to the first
 * byte and to the last, the size, the lines and view steps it holds, and the server's heap growth at its peak
 * against the size of the document (a server that held the whole log would grow by more than the file). Every entry
 * is played, not copied: the export replays them all to rebuild the views.
 */
import type { Viewer } from '@veiltable/protocol';
import { createRoomResponse, seatLinkResponse } from '@veiltable/protocol';
import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/connect.ts';
import { sqlStore } from '../packages/server/src/db/sql-store.ts';

const ENTRIES = Number(process.argv[2] ?? 10_000);
const S1: Viewer = { role: 'player', seat: 's1' };
const S2: Viewer = { role: 'player', seat: 's2' };
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
const notes = () => (room.game.view(room.state, GM) as { notes: { id: string }[] }).notes;
let decls = 0;

/**
 * The n-th command of a long evening: mostly talk and dice (table talk, off-topic, whispers, open and secret rolls),
 * which change no view, and among them what does: a character renamed, a secret face changed, the GM's notes, and
 * a sealed declaration opened, answered and revealed every 50 commands.
 */
function command(n: number): [Viewer, unknown] {
  const k = n % 50;
  if (k === 0) return [GM, { type: 'decl.open', prompt: `Where now (${++decls})?`, kind: 'text' }];
  if (k === 1 && decls > 0) return [S1, { type: 'decl.answer', decl: `d${decls}`, answer: { kind: 'text', text: `north ${n}` } }];
  if (k === 2 && decls > 0) return [S2, { type: 'decl.answer', decl: `d${decls}`, answer: { kind: 'text', text: `south ${n}` } }];
  if (k % 10 === 3) return [S1, { type: 'cast.set', character: 's1.c1', name: `Ann ${n}` }];
  if (k % 10 === 6) return [S2, { type: 'cast.set', character: 's2.c1', secret: { name: `Lady ${n}` } }];
  if (k % 10 === 8) return [GM, { type: 'note.add', text: `note ${n}` }];
  if (k % 10 === 9 && notes().length > 3) return [GM, { type: 'note.remove', note: notes()[0]!.id }];
  const kind = (['chat.all', 'chat.other', 'chat.gm', 'roll', 'roll.gm'] as const)[n % 5]!;
  if (kind === 'roll' || kind === 'roll.gm') return [kind === 'roll' ? S1 : GM, { type: 'chat.send', to: { kind: 'all' }, text: `${kind === 'roll.gm' ? 'S' : ''}2D6 line ${n}` }];
  return [S1, { type: 'chat.send', to: { kind: kind === 'chat.gm' ? 'gm' : 'all' }, channel: kind === 'chat.other' ? 'other' : 'main', text: `line ${n} of a long night at the table` }];
}

const t0 = performance.now();
while (room.seq < ENTRIES) {
  const [actor, cmd] = command(room.seq);
  const done = await room.submit(cmd, actor);
  if (!done.ok) throw new Error(`${JSON.stringify(cmd)} refused: ${done.error.code}`);
}
const played = (performance.now() - t0) / 1000;
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
  // The document is counted a line at a time, never held: the heap figure is the server's and one piece's.
  const counts = { lines: 0, steps: 0 };
  let views = false;
  let rest = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (first === 0) first = performance.now() - t0;
    bytes += chunk.byteLength;
    const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      if (part === '],"views":[') views = true;
      else if (part.startsWith('{"seq":')) counts[views ? 'steps' : 'lines']++;
    }
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  console.log(
    `${label.padEnd(7)} ${String(counts.lines).padStart(6)} lines ${String(counts.steps).padStart(5)} view steps  ${mb(bytes).padStart(8)}  first byte ${(first / 1000).toFixed(2).padStart(5)} s  all ${(total / 1000).toFixed(2).padStart(5)} s  heap peak +${mb(peak - base)}`,
  );
}

console.log(`export of a free-table room of ${ENTRIES} log entries (played in ${played.toFixed(0)} s), PGlite, over HTTP`);
await download('player', ann.token);
await download('gm', created.gmToken);
await app.close();
await store.close();
