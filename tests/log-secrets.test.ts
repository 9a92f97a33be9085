import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../packages/server/src/db/test-database.ts';
import { createRoom } from './support/http-api.ts';
import { LineSender } from './support/line-load.ts';
import { RecordingClient } from './support/recording-client.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';

// A scripted session against a real server process with its request log at the most verbose level: its whole
// output (stdout and stderr) must hold none of the tokens it issued, nor a secret planted in a request.

const PLANTED = 'PLANTED-SECRET-7f3a9c';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ServerProcess;
const closers: (() => void)[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({ databaseUrl: db.url, demo: true, env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  for (const close of closers) close();
  await server?.stop();
  await db?.drop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('server output', () => {
  test('holds no issued token and no planted secret, wherever a client put them', async () => {
    const room = await createRoom(server.url, 'Logged', ['Aiko', 'Bruno']);
    const bearer = { authorization: `Bearer ${room.gmToken}` };
    const issued = [room.gmToken, room.spectatorToken, ...room.seats.map((s) => s.token)];
    const take = async (res: Response) => {
      const body = (await res.json()) as { token?: string };
      if (body.token) issued.push(body.token);
      return res.status;
    };

    // Link management, including refusals (which take the error paths).
    expect(await take(await post(`/api/rooms/${room.roomId}/seats/${room.seats[1]!.seat}/reissue`, {}, bearer))).toBe(200);
    expect(await take(await post(`/api/rooms/${room.roomId}/spectator/reissue`, {}, bearer))).toBe(200);
    expect(await post(`/api/rooms/${room.roomId}/seats`, { name: 'Chen' }, { authorization: `Bearer ${room.seats[0]!.token}` }).then((r) => r.status)).toBe(403);
    expect(await post(`/api/rooms/${room.roomId}/seats`, { name: 'Chen' }, { authorization: `Bearer ${PLANTED}` }).then((r) => r.status)).toBe(401);
    // Tokens and the secret where no client should put them: query strings, body fields, a bad body.
    await fetch(`${server.url}/api/rooms/${room.roomId}?t=${room.gmToken}&token=${PLANTED}`);
    await fetch(`${server.url}/r/${room.roomId}?t=${room.seats[0]!.token}`);
    await post('/api/rooms', { title: 'x'.repeat(100), token: PLANTED, gmToken: room.gmToken });
    await fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer }, body: `{"token":"${PLANTED}"` });

    // Sockets: handshakes with good and bad tokens, and a secret line whispered to the GM.
    const player = await LineSender.open(server.url, room.seats[0]!.token, 'p1');
    closers.push(() => player.close());
    const whisper = new RecordingClient(server.url, room.seats[0]!.token, 'p1-whisper');
    closers.push(() => whisper.close());
    await whisper.connect();
    expect((await whisper.send({ type: 'chat.send', to: { kind: 'gm' }, text: PLANTED })).ok).toBe(true);
    const stranger = new RecordingClient(server.url, 'A'.repeat(43), 'stranger');
    closers.push(() => stranger.close());
    stranger.socket.connect();
    await new Promise((r) => setTimeout(r, 500));

    // The GM link rotates last: its response carries the newest GM token.
    expect(await take(await post(`/api/rooms/${room.roomId}/gm/reissue`, {}, bearer))).toBe(200);

    await server.stop();
    const output = server.output();
    // The log is on (one JSON line per request), so the check is not vacuous.
    expect(output).toMatch(/"url":"\/api\/rooms\/[^"]+\/gm\/reissue"/);
    expect(output).toContain('?t=redacted&token=redacted');
    for (const token of issued) expect(output.includes(token), `a token in the output:\n${output.slice(-2000)}`).toBe(false);
    expect(output.includes(PLANTED), 'the planted secret in the output').toBe(false);
    // The demo room's links went to their file, not to the (non-interactive) output.
    expect(output).toMatch(/Demo table ready; its links are in \S+demo-links\.txt/);
    expect(output).not.toMatch(/#t=/);
  }, 120_000);
});
