import type { Viewer } from '@veiltable/protocol';
import { TokenBucket } from './rate-limit.ts';

/** Sockets one GM or seat link may hold at once: a phone, a laptop, a few tabs and reloads. */
export const SOCKETS_PER_SEAT = 8;
/** Spectator sockets per room: the spectator link is shareable, so many, but not without end. */
export const SPECTATORS_PER_ROOM = 2000;
/** Handshakes per viewer: a burst, then a steady rate; reconnects after a drop fit easily. */
const HANDSHAKES = { burst: 30, perSecond: 1 } as const;
/** Commands per viewer, whatever the number of its sockets: a burst of 40, 20 per second sustained. */
export const VIEWER_COMMANDS = { burst: 40, perSecond: 20 } as const;

type Entry = { sockets: number; handshakes: TokenBucket; commands: TokenBucket };

/**
 * Limits per viewer of a room (one GM link, one seat link, the room's spectators), however many sockets share it:
 * how many sockets it holds, how fast it handshakes, how fast it sends commands. Entries live while a socket does.
 */
export class ConnectionLimits {
  private readonly entries = new Map<string, Entry>();

  /** Admits one more socket for this viewer, or says why not. */
  admit(roomId: string, viewer: Viewer): { ok: true; key: string } | { ok: false; code: 'TOO_MANY_CONNECTIONS' | 'RATE_LIMITED' } {
    const key = `${roomId}/${viewer.role === 'player' ? viewer.seat : viewer.role}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { sockets: 0, handshakes: new TokenBucket(HANDSHAKES), commands: new TokenBucket(VIEWER_COMMANDS) };
      this.entries.set(key, entry);
    }
    if (!entry.handshakes.take()) return { ok: false, code: 'RATE_LIMITED' };
    if (entry.sockets >= (viewer.role === 'spectator' ? SPECTATORS_PER_ROOM : SOCKETS_PER_SEAT)) return { ok: false, code: 'TOO_MANY_CONNECTIONS' };
    entry.sockets += 1;
    return { ok: true, key };
  }

  /** One command of this viewer; false when its shared bucket is empty. */
  takeCommand(key: string): boolean {
    return this.entries.get(key)?.commands.take() ?? false;
  }

  /** A socket of this viewer closed; an entry with none left is kept until its handshake bucket would be full again. */
  release(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets > 0) return;
    const timer = setTimeout(() => {
      if (this.entries.get(key) === entry && entry.sockets === 0) this.entries.delete(key);
    }, (HANDSHAKES.burst / HANDSHAKES.perSecond) * 1000);
    timer.unref();
  }
}
