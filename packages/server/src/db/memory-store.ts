import type { Viewer } from '@veiltable/protocol';
import type { LogEntry, RoomRecord, StoredImage, Store, TokenRecord, TokenRole } from './store.ts';
import { assertConsecutive, VersionConflict } from './store.ts';

type MemoryRoom = { record: RoomRecord; log: LogEntry[]; snapshots: { seq: number; state: unknown }[]; images: Map<string, StoredImage> };

/** A Store in process memory, for unit tests. Values are copied in and out, as a database would. */
export function memoryStore(): Store {
  const rooms = new Map<string, MemoryRoom>();
  const tokens = new Map<string, TokenRecord>();
  const copy = <T>(v: T): T => structuredClone(v);
  const room = (id: string): MemoryRoom => {
    const r = rooms.get(id);
    if (!r) throw new Error(`no room ${id}`);
    return r;
  };

  return {
    async createRoom(record, initialState) {
      if (rooms.has(record.id)) throw new Error(`room ${record.id} exists`);
      rooms.set(record.id, { record: copy(record), log: [], snapshots: [{ seq: 0, state: copy(initialState) }], images: new Map() });
    },
    async getRoom(id) {
      const r = rooms.get(id);
      return r ? copy(r.record) : undefined;
    },
    async append(roomId, entry) {
      const r = room(roomId);
      const last = r.log.at(-1)?.seq ?? 0;
      if (entry.seq !== last + 1) throw new VersionConflict(roomId, entry.seq - 1);
      r.log.push(copy(entry));
    },
    async appendBatch(roomId, entries) {
      const r = room(roomId);
      assertConsecutive(roomId, entries);
      const first = entries[0];
      if (!first) return;
      const last = r.log.at(-1)?.seq ?? 0;
      if (first.seq !== last + 1) throw new VersionConflict(roomId, first.seq - 1);
      r.log.push(...copy(entries));
    },
    async readLog(roomId, afterSeq, limit = Number.MAX_SAFE_INTEGER) {
      return copy(room(roomId).log.filter((e) => e.seq > afterSeq).slice(0, limit));
    },
    async readLogBefore(roomId, beforeSeq, limit) {
      const older = room(roomId).log.filter((e) => e.seq < beforeSeq);
      return copy(limit > 0 ? older.slice(-limit) : []);
    },
    async latestSeq(roomId) {
      return room(roomId).log.at(-1)?.seq ?? 0;
    },
    async findRef(roomId, actor, ref) {
      const same = (a: Viewer) => a.role === actor.role && (a.role !== 'player' || (actor.role === 'player' && a.seat === actor.seat));
      return room(roomId).log.find((e) => e.ref === ref && same(e.actor))?.seq;
    },
    async saveSnapshot(roomId, seq, state) {
      const r = room(roomId);
      r.snapshots = r.snapshots.filter((s) => s.seq !== seq);
      r.snapshots.push({ seq, state: copy(state) });
    },
    async latestSnapshot(roomId, atOrBefore = Number.POSITIVE_INFINITY) {
      const r = rooms.get(roomId);
      if (!r) return undefined;
      const fit = r.snapshots.filter((s) => s.seq <= atOrBefore);
      if (fit.length === 0) return undefined;
      return copy(fit.reduce((a, b) => (b.seq > a.seq ? b : a)));
    },
    async setSpectatorDelay(roomId, delay) {
      const r = rooms.get(roomId);
      if (!r) return false;
      if (delay === 0) delete r.record.spectatorDelay;
      else r.record.spectatorDelay = delay;
      return true;
    },
    async putToken(token) {
      tokens.set(token.hash, copy(token));
    },
    async findToken(hash) {
      const t = tokens.get(hash);
      return t ? copy(t) : undefined;
    },
    async revokeTokens(roomId: string, role: TokenRole, seat: string | null) {
      for (const t of tokens.values()) {
        if (t.roomId === roomId && t.role === role && t.seat === seat) t.revoked = true;
      }
    },
    async liveTokens(roomId) {
      return [...tokens.values()].filter((t) => t.roomId === roomId && !t.revoked).map(copy);
    },
    async sealToken(hash, sealed) {
      const t = tokens.get(hash);
      if (!t || t.sealed !== null) return false;
      t.sealed = sealed;
      return true;
    },
    async putImage(roomId, image, limit) {
      const r = room(roomId);
      if (r.images.has(image.hash)) return 'exists';
      if (r.images.size >= limit) return 'full';
      r.images.set(image.hash, copy(image));
      return 'stored';
    },
    async getImage(hash) {
      for (const r of rooms.values()) {
        const image = r.images.get(hash);
        if (image) return copy(image);
      }
      return undefined;
    },
    async ping() {},
    async close() {},
  };
}
