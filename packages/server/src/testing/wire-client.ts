import { games } from '@veiltable/engine/games';
import type { ServerMessage } from '@veiltable/protocol';
import { PROTOCOL_VERSION, serverMessage, ViewReplica, WIRE_EVENT } from '@veiltable/protocol';
import type { ZodType } from 'zod';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';

/**
 * A real Socket.IO client for tests that records every frame it receives, parsed with the protocol's
 * `serverMessage` schema, and every view it holds parsed with its room's game's view schema: a frame that does not
 * parse is kept in `invalid` so a test can assert there are none, and so is an update whose view patch does not
 * apply to the view this client holds, or leaves a view the game's schema refuses.
 */
export class WireClient {
  readonly socket: Socket;
  readonly frames: ServerMessage[] = [];
  /** Every payload as received, before parsing. */
  readonly raw: unknown[] = [];
  readonly invalid: unknown[] = [];
  /** The view as the server's welcome and patches built it. */
  readonly replica = new ViewReplica();
  /** The view schema of the room's game, known from the welcome (custom test games have none in the registry). */
  private viewSchema: ZodType | undefined;
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  /** Index into frames from which `next` looks; advanced past each matched frame. */
  private cursor = 0;

  private constructor(socket: Socket) {
    this.socket = socket;
    // The server sends each message as an object; anything else (JSON text included) is invalid.
    socket.on(WIRE_EVENT, (payload: unknown) => {
      this.raw.push(payload);
      const parsed = serverMessage.safeParse(payload);
      if (!parsed.success) {
        this.invalid.push(payload);
        return;
      }
      if (parsed.data.type === 'welcome') this.viewSchema = games[parsed.data.room.game]?.schemas.view;
      const step = this.replica.receive(payload as ServerMessage);
      if (step === 'lost') this.invalid.push(payload);
      if (step === 'changed' && this.viewSchema && !this.viewSchema.safeParse(this.replica.view).success) this.invalid.push({ view: this.replica.view });
      this.frames.push(parsed.data);
      for (const w of [...this.waiters]) {
        if (w.match(parsed.data)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(parsed.data);
        }
      }
    });
  }

  /** Connects and waits for the welcome; rejects with the connect_error message (the server's code). */
  static connect(baseUrl: string, token: string, lastSeq?: number): Promise<WireClient> {
    const auth = { token, protocol: PROTOCOL_VERSION, ...(lastSeq === undefined ? {} : { lastSeq }) };
    return WireClient.connectWithAuth(baseUrl, auth);
  }

  static connectWithAuth(baseUrl: string, auth: Record<string, unknown>): Promise<WireClient> {
    const socket = io(baseUrl, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
    const client = new WireClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect_error', (e) => {
        socket.close();
        reject(new Error(e.message));
      });
      client.next((m) => m.type === 'welcome', 5000).then(() => resolve(client), reject);
    });
  }

  /** Sends raw text (or anything) on the wire event. */
  sendRaw(payload: unknown): void {
    this.socket.emit(WIRE_EVENT, payload);
  }

  send(msg: object): void {
    this.sendRaw(JSON.stringify(msg));
  }

  /** The first frame at or after the cursor that matches, waiting for it if needed. */
  next(match: (m: ServerMessage) => boolean, timeoutMs = 3000): Promise<ServerMessage> {
    for (let i = this.cursor; i < this.frames.length; i++) {
      const frame = this.frames[i]!;
      if (match(frame)) {
        this.cursor = i + 1;
        return Promise.resolve(frame);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (m: ServerMessage) => {
          clearTimeout(timer);
          this.cursor = this.frames.length;
          resolve(m);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** The reply to a message with this ref: an update acking it, an ack (of a retry), a pong or a rejection. */
  reply(ref: string, timeoutMs?: number): Promise<ServerMessage> {
    return this.next((m) => ((m.type === 'ack' || m.type === 'pong' || m.type === 'rejected') && m.ref === ref) || (m.type === 'update' && (m.acks?.some((a) => a.ref === ref) ?? false)), timeoutMs);
  }

  /** The view this client holds now, as the welcome and patches built it. */
  view<V = unknown>(): V {
    return this.replica.view as V;
  }

  /** Sends a ping and waits for its pong: proof the server still serves this socket. */
  async ping(ref = `ping-${Math.random().toString(36).slice(2)}`): Promise<ServerMessage> {
    this.send({ type: 'ping', ref });
    return this.reply(ref);
  }

  /** Resolves when the server closes this socket. */
  disconnected(timeoutMs = 3000): Promise<string> {
    if (!this.socket.connected) return Promise.resolve('already');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
      this.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
