import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { ServerMessage } from '@veiltable/protocol';
import type { FreeTableView } from '@veiltable/protocol/games/free-table';
import { createRoomResponse, PROTOCOL_VERSION, seatLinkResponse, serverMessage, ViewReplica, WIRE_EVENT } from '@veiltable/protocol';
import type { Driver } from './driver.ts';
import { answerText, CONNECT_PARALLEL, DRAIN_TIMEOUT_MS, ROUND_TIMEOUT_MS, waitUntil } from './driver.ts';
import type { LoadConfig, ResyncRequest, ResyncResult } from './messages.ts';
import type { Recorder } from './recorder.ts';
import { resyncRoom } from './veiltable-resync.ts';
import { uniformMs, withLimit } from '../stats.ts';

type Role = 'gm' | 'player' | 'spectator';

export type VtSocket = {
  role: Role;
  token: string;
  socket: Socket;
  room: VtRoom;
  /** Seq of the last update or welcome applied. */
  lastSeq: number;
  /** The view as the welcome and the patches built it, as a client keeps it. */
  replica: ViewReplica;
  /** Counted toward the room's fan-out; false while deliberately dropped. */
  active: boolean;
  revealedDecl: string | undefined;
  /** The newest declaration this socket saw open, so each opening is acted on once. */
  openedDecl: string | undefined;
  /** Refs are unique per client: the server keeps them per actor as idempotency keys. */
  refPrefix: string;
  nextRef: number;
  pending: Map<string, { sentAt: number; answer: boolean }>;
};

export type VtRoom = {
  id: string;
  sockets: VtSocket[];
  gm: VtSocket | undefined;
  decl: string | undefined;
  lastAnswerAt: number;
  timer: NodeJS.Timeout | undefined;
};

/** Drives the real Veiltable server: HTTP to create rooms and seats, then one Socket.IO client per person. */
export class VeiltableDriver implements Driver {
  private readonly cfg: LoadConfig;
  private readonly rec: Recorder;
  private readonly rooms: VtRoom[] = [];
  private running = false;

  constructor(cfg: LoadConfig, rec: Recorder) {
    this.cfg = cfg;
    this.rec = rec;
  }

  async setup(): Promise<number> {
    const links = new Array<{ role: Role; token: string }[]>(this.cfg.rooms);
    await withLimit([...links.keys()], 16, async (i) => {
      links[i] = await this.createRoom(i);
    });
    const pending: { room: VtRoom; role: Role; token: string }[] = [];
    for (const [i, roomLinks] of links.entries()) {
      const room: VtRoom = { id: `r${i}`, sockets: [], gm: undefined, decl: undefined, lastAnswerAt: 0, timer: undefined };
      this.rooms.push(room);
      for (const link of roomLinks) pending.push({ room, ...link });
    }
    await withLimit(pending, CONNECT_PARALLEL, async ({ room, role, token }) => {
      const s = await this.connect(room, role, token);
      room.sockets.push(s);
      if (role === 'gm') room.gm = s;
    });
    return pending.length;
  }

  private async createRoom(i: number): Promise<{ role: Role; token: string }[]> {
    const created = createRoomResponse.parse(await this.post('/api/rooms', { title: `Bench ${i}` }));
    const links: { role: Role; token: string }[] = [{ role: 'gm', token: created.gmToken }];
    for (let s = 0; s < this.cfg.seats; s++) {
      const seat = seatLinkResponse.parse(
        await this.post(`/api/rooms/${created.roomId}/seats`, { name: `Player ${s + 1}` }, created.gmToken),
      );
      links.push({ role: 'player', token: seat.token });
    }
    links.push({ role: 'spectator', token: tokenOf(created.spectatorUrl) });
    return links;
  }

  private async post(path: string, body: unknown, bearer?: string): Promise<unknown> {
    const res = await fetch(`${this.cfg.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** Opens one socket and resolves on its welcome. */
  private connect(room: VtRoom, role: Role, token: string): Promise<VtSocket> {
    const vs: VtSocket = {
      role,
      token,
      room,
      lastSeq: -1,
      replica: new ViewReplica(),
      active: true,
      revealedDecl: undefined,
      openedDecl: undefined,
      refPrefix: randomBytes(4).toString('hex'),
      nextRef: 1,
      pending: new Map(),
      socket: undefined as unknown as Socket,
    };
    vs.socket = io(this.cfg.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 250,
      // A function, so an automatic reconnect resumes from what this client has applied.
      auth: (cb) => cb({ token, protocol: PROTOCOL_VERSION, ...(vs.lastSeq >= 0 ? { lastSeq: vs.lastSeq } : {}) }),
    });
    return new Promise((resolve, reject) => {
      let welcomed = false;
      // Messages arrive as objects, decoded once by Socket.IO.
      vs.socket.on(WIRE_EVENT, (msg: ServerMessage) => {
        if (msg.type === 'welcome' && !welcomed) {
          welcomed = true;
          // The first frame of each socket is checked against the contract; the rest only parsed, to keep load cheap.
          if (!serverMessage.safeParse(msg).success) this.rec.error('welcome-shape');
          vs.replica.receive(msg);
          vs.lastSeq = msg.seq;
          this.onView(vs);
          resolve(vs);
          return;
        }
        this.onMessage(vs, msg);
      });
      vs.socket.on('connect_error', (e) => {
        this.rec.error(`connect_error:${e.message}`);
        if (!welcomed) reject(e);
      });
      vs.socket.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') this.rec.error(`disconnect:${reason}`);
      });
      vs.socket.io.on('reconnect', () => this.rec.reconnected());
    });
  }

  private onMessage(vs: VtSocket, msg: ServerMessage): void {
    if (vs.replica.receive(msg) === 'lost') {
      // A patch for a view this socket does not hold: a server fault. Count it, and ask for a whole view as a client does.
      this.rec.error('view-patch-lost');
      vs.socket.emit(WIRE_EVENT, JSON.stringify({ type: 'resync' }));
    }
    switch (msg.type) {
      case 'update':
        this.rec.sizeOf('update', msg);
        if (msg.seq <= vs.lastSeq) this.rec.error('seq-order');
        vs.lastSeq = msg.seq;
        for (const ack of msg.acks ?? []) this.acked(vs, ack.ref);
        if (msg.patch || msg.view) this.onView(vs);
        return;
      case 'ack':
        this.rec.sizeOf('ack', msg);
        return this.acked(vs, msg.ref);
      case 'rejected':
        return this.rec.error(`rejected:${msg.code}`);
      case 'kicked':
        return this.rec.error(`kicked:${msg.code}`);
      case 'welcome':
        // After an automatic reconnect: the welcome's view is the room as this viewer sees it now.
        vs.lastSeq = Math.max(vs.lastSeq, msg.seq);
        this.onView(vs);
        return;
      case 'pong':
        return;
    }
  }

  private acked(vs: VtSocket, ref: string): void {
    const sent = vs.pending.get(ref);
    if (!sent) return this.rec.error('unknown-ack');
    vs.pending.delete(ref);
    this.rec.committed();
    if (sent.answer) this.rec.declared(performance.now() - sent.sentAt);
  }

  /** Reads the round off the view this socket now holds: its newest declaration, opened or revealed. */
  private onView(vs: VtSocket): void {
    const decl = (vs.replica.view as FreeTableView | undefined)?.declarations.at(-1);
    if (!decl) return;
    if (decl.status === 'open' && vs.openedDecl !== decl.id) {
      vs.openedDecl = decl.id;
      this.onOpened(vs, decl.id);
    } else if (decl.status === 'revealed' && vs.revealedDecl !== decl.id) {
      this.onRevealed(vs, decl.id, decl.answers.filter((a) => a.declared).length);
    }
  }

  private send(vs: VtSocket, command: unknown, answer: boolean): void {
    const ref = `${vs.refPrefix}-${vs.nextRef++}`;
    const text = JSON.stringify({ type: 'command', ref, command });
    vs.pending.set(ref, { sentAt: performance.now(), answer });
    this.rec.size('command', text.length);
    vs.socket.emit(WIRE_EVENT, text);
  }

  private onOpened(vs: VtSocket, decl: string): void {
    const room = vs.room;
    room.decl = decl;
    if (vs.role !== 'player') return;
    setTimeout(() => {
      if (room.decl !== decl) return;
      room.lastAnswerAt = performance.now();
      this.send(vs, { type: 'decl.answer', decl, answer: { kind: 'text', text: answerText() } }, true);
    }, uniformMs(this.cfg.thinkMs));
  }

  private onRevealed(vs: VtSocket, decl: string, answers: number): void {
    if (answers !== this.cfg.seats) this.rec.error('reveal-incomplete');
    vs.revealedDecl = decl;
    this.checkRoundDone(vs.room);
  }

  /** A round ends when every connected socket of the room holds the reveal. */
  checkRoundDone(room: VtRoom): void {
    const decl = room.decl;
    if (decl === undefined || room.timer === undefined) return;
    if (!room.sockets.every((s) => !s.active || s.revealedDecl === decl)) return;
    this.rec.revealed(performance.now() - room.lastAnswerAt);
    clearTimeout(room.timer);
    room.timer = undefined;
    room.decl = undefined;
    if (this.running) this.openRound(room);
  }

  private openRound(room: VtRoom): void {
    const gm = room.gm;
    if (!gm) return;
    room.timer = setTimeout(() => {
      this.rec.error('round-timeout');
      room.timer = undefined;
      if (this.running) this.openRound(room);
    }, ROUND_TIMEOUT_MS);
    this.send(gm, { type: 'decl.open', prompt: 'What do you do?', kind: 'text' }, false);
  }

  startRounds(): void {
    this.running = true;
    for (const room of this.rooms) this.openRound(room);
  }

  async stopRounds(): Promise<void> {
    this.running = false;
    const drained = await waitUntil(() => this.rooms.every((r) => r.timer === undefined), DRAIN_TIMEOUT_MS);
    if (!drained) this.rec.error('drain-timeout');
    for (const r of this.rooms) clearTimeout(r.timer);
  }

  async resync(req: ResyncRequest): Promise<ResyncResult> {
    return resyncRoom(this, this.rooms.slice(0, req.drop), req, this.cfg.url);
  }

  async close(): Promise<void> {
    for (const room of this.rooms) for (const s of room.sockets) s.socket.disconnect();
  }
}

/** Link tokens travel in the URL fragment (#t=…), so they never reach a server log. */
export function tokenOf(url: string): string {
  const token = new URL(url).hash.match(/^#t=(.+)$/)?.[1];
  if (!token) throw new Error(`no token in ${url}`);
  return decodeURIComponent(token);
}
