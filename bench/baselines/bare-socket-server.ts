/**
 * Baseline (a): a bare Socket.IO server with no logic and no database. Each socket joins the room named in its
 * handshake; each inbound message is parsed, broadcast to the whole room padded to the size of a Veiltable update,
 * and acknowledged to its sender padded to the size of a Veiltable ack. Sizes come from BARE_UPDATE_BYTES and
 * BARE_ACK_BYTES. Inbound messages are JSON text and outbound ones objects, the same wire form as Veiltable's.
 * Prints "bare listening on <url>" when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const updateBytes = Number(process.env.BARE_UPDATE_BYTES ?? '1000');
const ackBytes = Number(process.env.BARE_ACK_BYTES ?? '40');
const seqs = new Map<string, number>();

/**
 * `msg` with a pad field that brings its JSON to `bytes` characters (never shorter than the message). Sent as an
 * object, as the Veiltable server sends its messages, so Socket.IO serializes it once per emit on both stacks.
 */
function padded(msg: Record<string, unknown>, bytes: number): Record<string, unknown> {
  const bare = JSON.stringify({ ...msg, pad: '' });
  return { ...msg, pad: 'x'.repeat(Math.max(0, bytes - bare.length)) };
}

const http = createServer();
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => {
  const room = String((socket.handshake.auth as { room?: unknown }).room ?? '');
  void socket.join(room);
  socket.on('m', (text: unknown) => {
    if (typeof text !== 'string') return;
    const msg = JSON.parse(text) as { ref: string; command: { kind: string; round: number } };
    const seq = (seqs.get(room) ?? 0) + 1;
    seqs.set(room, seq);
    const event = { kind: msg.command.kind, round: msg.command.round, from: socket.id };
    io.to(room).emit('m', padded({ type: 'update', seq, events: [event] }, updateBytes));
    socket.emit('m', padded({ type: 'ack', ref: msg.ref, seq }, ackBytes));
  });
});
http.listen(0, '127.0.0.1', () => {
  console.log(`bare listening on http://127.0.0.1:${(http.address() as AddressInfo).port}`);
});
