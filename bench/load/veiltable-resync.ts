import { io } from 'socket.io-client';
import type { ServerMessage } from '@veiltable/protocol';
import { PROTOCOL_VERSION, WIRE_EVENT } from '@veiltable/protocol';
import type { ErrorCounts, ResyncRequest, ResyncResult } from './messages.ts';
import type { VeiltableDriver, VtRoom } from './veiltable-driver.ts';
import { percentiles, sleep } from '../stats.ts';

type Timed = { ms: number; chars: number; updates: number; consistent: boolean };

const CONNECT_TIMEOUT_MS = 20_000;

/**
 * The resync scenario, while every room keeps playing: the spectator of each chosen room drops, misses a few
 * rounds, and comes back with its last seq; it is back once its welcome (its viewer's view of that moment) is in,
 * with nothing before it. Then the same number of fresh connections (no seq) give the baseline.
 */
export async function resyncRoom(driver: VeiltableDriver, rooms: VtRoom[], req: ResyncRequest, url: string): Promise<ResyncResult> {
  const errors: ErrorCounts = {};
  const fail = (kind: string) => {
    errors[kind] = (errors[kind] ?? 0) + 1;
  };
  const dropped = rooms.flatMap((room) => room.sockets.filter((s) => s.role === 'spectator'));
  for (const s of dropped) {
    s.active = false;
    s.socket.disconnect();
    driver.checkRoundDone(s.room);
  }
  await sleep(req.gapMs);

  const back = await Promise.all(dropped.map((s) => timedConnect(url, s.token, s.lastSeq, fail)));
  const fresh = await Promise.all(dropped.map((s) => timedConnect(url, s.token, undefined, fail)));
  const ok = (t: Timed | undefined): t is Timed => t !== undefined;
  for (const t of back.filter(ok)) if (!t.consistent) fail('resync-inconsistent');
  const sum = (ts: Timed[], f: (t: Timed) => number) => ts.reduce((a, t) => a + f(t), 0);
  return {
    dropped: dropped.length,
    missedUpdates: sum(back.filter(ok), (t) => t.updates),
    resync: percentiles(back.filter(ok).map((t) => t.ms)),
    resyncBytes: Math.round(sum(back.filter(ok), (t) => t.chars) / Math.max(1, back.length)),
    fresh: percentiles(fresh.filter(ok).map((t) => t.ms)),
    freshBytes: Math.round(sum(fresh.filter(ok), (t) => t.chars) / Math.max(1, fresh.length)),
    errors,
  };
}

/** Connects and resolves at the welcome; the socket is closed again afterwards. */
function timedConnect(url: string, token: string, lastSeq: number | undefined, fail: (kind: string) => void): Promise<Timed | undefined> {
  const t0 = performance.now();
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token, protocol: PROTOCOL_VERSION, ...(lastSeq !== undefined ? { lastSeq } : {}) },
  });
  let updates = 0;
  let chars = 0;
  return new Promise((resolve) => {
    const finish = (t: Timed | undefined) => {
      clearTimeout(timer);
      socket.disconnect();
      resolve(t);
    };
    const timer = setTimeout(() => {
      fail('resync-timeout');
      finish(undefined);
    }, CONNECT_TIMEOUT_MS);
    socket.on(WIRE_EVENT, (msg: ServerMessage) => {
      // The JSON size of each message, as before the wire carried objects: every one counts here.
      chars += JSON.stringify(msg).length;
      if (msg.type === 'update') updates++;
      else if (msg.type === 'welcome') finish({ ms: performance.now() - t0, chars, updates, consistent: updates === 0 });
    });
    socket.on('connect_error', (e) => {
      fail(`connect_error:${e.message}`);
      finish(undefined);
    });
  });
}
