import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { Driver } from './driver.ts';
import { answerText, CONNECT_PARALLEL, DRAIN_TIMEOUT_MS, ROUND_TIMEOUT_MS, waitUntil } from './driver.ts';
import type { LoadConfig } from './messages.ts';
import type { Recorder } from './recorder.ts';
import { uniformMs, withLimit } from '../stats.ts';

type BareMsg = { type: 'update'; seq: number; events: { kind: string; round: number }[] } | { type: 'ack'; ref: string; seq: number };
type BareSocket = { socket: Socket; player: boolean; answersSeen: number; nextRef: number; pending: Map<string, number> };
type BareRoom = { id: string; sockets: BareSocket[]; round: number; lastAnswerAt: number; timer: NodeJS.Timeout | undefined };

/**
 * Plays the same rounds against the bare Socket.IO server (baselines/bare-socket-server.ts). With no logic on the
 * server, each client counts the broadcast answers itself: a socket holds "the reveal" once it has seen every
 * player's answer of the round, which is when the last one's broadcast reached it.
 */
export class BareDriver implements Driver {
  private readonly cfg: LoadConfig;
  private readonly rec: Recorder;
  private readonly rooms: BareRoom[] = [];
  private running = false;
  private readonly pad: string;

  constructor(cfg: LoadConfig, rec: Recorder) {
    this.cfg = cfg;
    this.rec = rec;
    // Commands as long as Veiltable's decl.answer, so the inbound side weighs the same.
    const base = JSON.stringify({ type: 'command', ref: 'q0000', command: { kind: 'answer', round: 0, text: '', pad: '' } });
    this.pad = 'x'.repeat(Math.max(0, (cfg.bare?.commandBytes ?? 0) - base.length - 22));
  }

  async setup(): Promise<number> {
    const jobs: { room: BareRoom; player: boolean }[] = [];
    for (let i = 0; i < this.cfg.rooms; i++) {
      const room: BareRoom = { id: `room${i}`, sockets: [], round: 0, lastAnswerAt: 0, timer: undefined };
      this.rooms.push(room);
      jobs.push({ room, player: false });
      for (let s = 0; s < this.cfg.seats; s++) jobs.push({ room, player: true });
      jobs.push({ room, player: false });
    }
    await withLimit(jobs, CONNECT_PARALLEL, async ({ room, player }) => {
      room.sockets.push(await this.connect(room, player));
    });
    return jobs.length;
  }

  private connect(room: BareRoom, player: boolean): Promise<BareSocket> {
    const socket = io(this.cfg.url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 250, auth: { room: room.id } });
    const bs: BareSocket = { socket, player, answersSeen: 0, nextRef: 1, pending: new Map() };
    // Objects, as the Veiltable server sends them.
    socket.on('m', (msg: BareMsg) => this.onMessage(room, bs, msg));
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') this.rec.error(`disconnect:${reason}`);
    });
    socket.io.on('reconnect', () => this.rec.reconnected());
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(bs));
      socket.once('connect_error', (e) => {
        this.rec.error(`connect_error:${e.message}`);
        reject(e);
      });
    });
  }

  private onMessage(room: BareRoom, bs: BareSocket, msg: BareMsg): void {
    if (msg.type === 'ack') {
      this.rec.sizeOf('ack', msg);
      const sentAt = bs.pending.get(msg.ref);
      if (sentAt === undefined) return this.rec.error('unknown-ack');
      bs.pending.delete(msg.ref);
      this.rec.committed();
      if (bs.player) this.rec.declared(performance.now() - sentAt);
      return;
    }
    this.rec.sizeOf('update', msg);
    for (const ev of msg.events) {
      if (ev.round !== room.round) continue;
      if (ev.kind === 'open' && bs.player) this.answerLater(room, bs, ev.round);
      if (ev.kind === 'answer') {
        bs.answersSeen++;
        this.checkRoundDone(room);
      }
    }
  }

  private send(bs: BareSocket, kind: string, round: number): void {
    const ref = `q${bs.nextRef++}`;
    const text = JSON.stringify({ type: 'command', ref, command: { kind, round, text: answerText(), pad: this.pad } });
    bs.pending.set(ref, performance.now());
    this.rec.size('command', text.length);
    bs.socket.emit('m', text);
  }

  private answerLater(room: BareRoom, bs: BareSocket, round: number): void {
    setTimeout(() => {
      if (room.round !== round) return;
      room.lastAnswerAt = performance.now();
      this.send(bs, 'answer', round);
    }, uniformMs(this.cfg.thinkMs));
  }

  private checkRoundDone(room: BareRoom): void {
    if (room.timer === undefined || !room.sockets.every((s) => s.answersSeen >= this.cfg.seats)) return;
    this.rec.revealed(performance.now() - room.lastAnswerAt);
    clearTimeout(room.timer);
    room.timer = undefined;
    if (this.running) this.openRound(room);
  }

  private openRound(room: BareRoom): void {
    const gm = room.sockets.find((s) => !s.player);
    if (!gm) return;
    room.round++;
    for (const s of room.sockets) s.answersSeen = 0;
    room.timer = setTimeout(() => {
      this.rec.error('round-timeout');
      room.timer = undefined;
      if (this.running) this.openRound(room);
    }, ROUND_TIMEOUT_MS);
    this.send(gm, 'open', room.round);
  }

  startRounds(): void {
    this.running = true;
    for (const room of this.rooms) this.openRound(room);
  }

  async stopRounds(): Promise<void> {
    this.running = false;
    if (!(await waitUntil(() => this.rooms.every((r) => r.timer === undefined), DRAIN_TIMEOUT_MS))) this.rec.error('drain-timeout');
    for (const r of this.rooms) clearTimeout(r.timer);
  }

  async close(): Promise<void> {
    for (const room of this.rooms) for (const s of room.sockets) s.socket.disconnect();
  }
}
