import type { Percentiles } from '../stats.ts';

/** Which stack the load process drives; each has a driver in load/. */
export type LoadTarget = 'veiltable' | 'bare' | 'peer';

export type LoadConfig = {
  target: LoadTarget;
  /** http://127.0.0.1:<port> of the server under load. */
  url: string;
  rooms: number;
  /** Players per room; every room also has one GM and one spectator socket. */
  seats: number;
  /** Each player waits a uniform random 0..thinkMs before declaring. */
  thinkMs: number;
  /** Sizes the bare server mimics, taken from the Veiltable run (bytes of JSON text). */
  bare?: { commandBytes: number; ackBytes: number; updateBytes: number };
  /** The process exits by itself after this long, whatever happens. */
  maxMs: number;
};

export type ResyncRequest = { drop: number; gapMs: number };

/** Parent → load process. */
export type LoadCommand =
  | { cmd: 'setup'; config: LoadConfig }
  | { cmd: 'run'; durationMs: number; resync?: ResyncRequest }
  | { cmd: 'close' };

export type ErrorCounts = Record<string, number>;

/** What one measured window of sealed rounds produced. */
export type RoundsResult = {
  windowMs: number;
  /** Commands the server confirmed inside the window (one committed log entry each). */
  commits: number;
  rounds: number;
  /** Player declaration: send → ack (or, for the peer, → the sender sees its own move applied). */
  declareRtt: Percentiles;
  /** Last declaration sent → the reveal received by every socket of the room. */
  fanout: Percentiles;
  /** Average JSON text sizes seen on the wire, for the bare server to mimic. */
  bytes: { command: number; ack: number; update: number };
  errors: ErrorCounts;
  reconnects: number;
  /** Moves sent again because the server dropped them as stale (boardgame.io's simultaneous moves race on _stateID). */
  retries: number;
  /** CPU of the load process over the window. */
  cpuMicros: number;
};

export type ResyncResult = {
  dropped: number;
  missedUpdates: number;
  /** Reconnect with lastSeq → the catch-up updates and the welcome are in, contiguous. */
  resync: Percentiles;
  resyncBytes: number;
  /** A fresh connection without lastSeq → welcome with the full view. */
  fresh: Percentiles;
  freshBytes: number;
  errors: ErrorCounts;
};

/** Load process → parent. */
export type LoadEvent =
  | { evt: 'ready'; sockets: number; setupMs: number; errors: ErrorCounts }
  | { evt: 'windowEnd' }
  | { evt: 'done'; rounds: RoundsResult; resync?: ResyncResult }
  | { evt: 'failed'; message: string };
