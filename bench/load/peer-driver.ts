import { createRequire } from 'node:module';
import type { Driver } from './driver.ts';
import { answerText, CONNECT_PARALLEL, DRAIN_TIMEOUT_MS, ROUND_TIMEOUT_MS, waitUntil } from './driver.ts';
import type { LoadConfig } from './messages.ts';
import type { Recorder } from './recorder.ts';
import type { SealedG } from '../peer/sealed-game.ts';
import { sealedGame } from '../peer/sealed-game.ts';
import { uniformMs, withLimit } from '../stats.ts';

type BgioState = { G: SealedG; _stateID: number; isConnected: boolean } | null;
type BgioClient = {
  start(): void;
  stop(): void;
  subscribe(fn: (state: BgioState) => void): () => void;
  moves: { open(): void; declare(text: string): void };
};

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client') as { Client: (opts: unknown) => BgioClient };
const { SocketIO } = require('boardgame.io/multiplayer') as { SocketIO: (opts: unknown) => unknown };

type PeerClient = {
  client: BgioClient;
  playerID: string | undefined;
  answeredRound: number;
  sentAt: number | undefined;
  /** The _stateID the last declare was sent against. */
  sentStateID: number;
  revealedRound: number;
  stateID: number;
};
type PeerRoom = { matchID: string; clients: PeerClient[]; round: number; lastAnswerAt: number; timer: NodeJS.Timeout | undefined };

/**
 * Plays the same rounds through boardgame.io's own client and Lobby API. boardgame.io sends no ack: a declaration's
 * round trip ends when its sender receives the state holding its commitment, and every processed move is one
 * commit (its _stateID advances by one).
 */
export class PeerDriver implements Driver {
  private readonly cfg: LoadConfig;
  private readonly rec: Recorder;
  private readonly rooms: PeerRoom[] = [];
  private running = false;

  constructor(cfg: LoadConfig, rec: Recorder) {
    this.cfg = cfg;
    this.rec = rec;
  }

  async setup(): Promise<number> {
    const numPlayers = this.cfg.seats + 1;
    const jobs: { room: PeerRoom; playerID: string | undefined; credentials: string | undefined }[] = [];
    const rooms = new Array<PeerRoom>(this.cfg.rooms);
    await withLimit([...rooms.keys()], 16, async (i) => {
      const { matchID } = (await this.post('/games/sealed/create', { numPlayers })) as { matchID: string };
      const room: PeerRoom = { matchID, clients: [], round: 0, lastAnswerAt: 0, timer: undefined };
      rooms[i] = room;
      for (let p = 0; p < numPlayers; p++) {
        const joined = (await this.post(`/games/sealed/${matchID}/join`, { playerID: String(p), playerName: `P${p}` })) as {
          playerCredentials: string;
        };
        jobs.push({ room, playerID: String(p), credentials: joined.playerCredentials });
      }
      jobs.push({ room, playerID: undefined, credentials: undefined });
    });
    this.rooms.push(...rooms);
    await withLimit(jobs, CONNECT_PARALLEL, async ({ room, playerID, credentials }) => {
      room.clients.push(await this.connect(room, playerID, credentials));
    });
    return jobs.length;
  }

  private async post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${this.cfg.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  private connect(room: PeerRoom, playerID: string | undefined, credentials: string | undefined): Promise<PeerClient> {
    const client = Client({
      game: sealedGame,
      numPlayers: this.cfg.seats + 1,
      matchID: room.matchID,
      ...(playerID !== undefined ? { playerID, credentials } : {}),
      multiplayer: SocketIO({ server: this.cfg.url, socketOpts: { transports: ['websocket'], forceNew: true, reconnectionDelay: 250 } }),
      debug: false,
    });
    const pc: PeerClient = { client, playerID, answeredRound: 0, sentAt: undefined, sentStateID: -1, revealedRound: 0, stateID: -1 };
    return new Promise((resolve) => {
      let ready = false;
      let connected = false;
      client.subscribe((state) => {
        if (!state) return;
        if (connected && !state.isConnected) this.rec.error('disconnect');
        connected = state.isConnected;
        if (!ready) {
          ready = true;
          pc.stateID = state._stateID;
          resolve(pc);
          return;
        }
        this.onState(room, pc, state);
      });
      client.start();
    });
  }

  private onState(room: PeerRoom, pc: PeerClient, state: NonNullable<BgioState>): void {
    const { G } = state;
    if (state._stateID === pc.stateID) return;
    // The GM's client sees every processed move once: that is the commit count.
    if (pc.playerID === '0') for (let i = pc.stateID; i < state._stateID; i++) this.rec.committed();
    pc.stateID = state._stateID;
    if (pc.playerID !== undefined && pc.playerID !== '0') {
      const mine = pc.playerID;
      if (pc.sentAt !== undefined && (G.commitments[mine] !== undefined || G.reveals.at(-1)?.round === pc.answeredRound)) {
        this.rec.declared(performance.now() - pc.sentAt);
        pc.sentAt = undefined;
      } else if (pc.sentAt !== undefined && state._stateID > pc.sentStateID) {
        // Another player's move landed first, so the server dropped ours as stale (it tells the client nothing);
        // a player's client must send it again against the new state. The round trip runs from the first send.
        this.rec.retried();
        pc.sentStateID = state._stateID;
        room.lastAnswerAt = performance.now();
        pc.client.moves.declare(answerText());
      }
      if (G.open && G.round > pc.answeredRound) this.answerLater(room, pc, G.round);
    }
    const last = G.reveals.at(-1);
    if (last && last.round === room.round && pc.revealedRound !== room.round) {
      if (last.answers.length !== this.cfg.seats) this.rec.error('reveal-incomplete');
      pc.revealedRound = room.round;
      this.checkRoundDone(room);
    }
  }

  private answerLater(room: PeerRoom, pc: PeerClient, round: number): void {
    pc.answeredRound = round;
    setTimeout(() => {
      if (room.round !== round) return;
      room.lastAnswerAt = performance.now();
      pc.sentAt = room.lastAnswerAt;
      pc.sentStateID = pc.stateID;
      pc.client.moves.declare(answerText());
    }, uniformMs(this.cfg.thinkMs));
  }

  private checkRoundDone(room: PeerRoom): void {
    if (room.timer === undefined || !room.clients.every((c) => c.revealedRound === room.round)) return;
    this.rec.revealed(performance.now() - room.lastAnswerAt);
    clearTimeout(room.timer);
    room.timer = undefined;
    if (this.running) this.openRound(room);
  }

  private openRound(room: PeerRoom): void {
    const gm = room.clients.find((c) => c.playerID === '0');
    if (!gm) return;
    room.round++;
    room.timer = setTimeout(() => {
      this.rec.error('round-timeout');
      room.timer = undefined;
    }, ROUND_TIMEOUT_MS);
    gm.client.moves.open();
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
    for (const room of this.rooms) for (const c of room.clients) c.client.stop();
  }
}
