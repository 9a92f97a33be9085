import type { ServerMessage } from '@veiltable/protocol';
import { diffJson } from '@veiltable/protocol';

type Update = Extract<ServerMessage, { type: 'update' }>;

/** The view a socket last received whole or patched, and the seq it belongs to: what its next patch applies to. */
type Base = { seq: number; view: unknown };

/**
 * The patched form of each room message, shared by every socket: sockets of one viewer that hold the same base
 * view get the same message object, so the Outbox encodes it once for all of them. The room hands a message to
 * all its sockets within one turn, so entries are dropped at the end of the turn: an entry holds a base view, which
 * must not outlive the sockets that moved on from it.
 */
export class PatchCache {
  private readonly turn = new Map<ServerMessage, { base: Base; out: Update }>();

  /** `msg` (an update with a view) with its view replaced by the ops from `base.view` to it. */
  patched(msg: Update, base: Base): Update {
    const hit = this.turn.get(msg);
    if (hit && hit.base.view === base.view && hit.base.seq === base.seq) return hit.out;
    const { view, ...rest } = msg;
    const ops = diffJson(base.view, view);
    // A patch that replaces the whole view says nothing a view does not say more simply.
    const replacesAll = ops.length === 1 && ops[0]!.path.length === 0;
    const out: Update = replacesAll ? msg : { ...rest, patch: { base: base.seq, ops } };
    if (this.turn.size === 0) queueMicrotask(() => this.turn.clear());
    this.turn.set(msg, { base, out });
    return out;
  }
}

/**
 * One socket's side of view patching. The room hands every connection whole views; this remembers the last one
 * the socket received (from `welcome` or a view-bearing `update`) and turns each later update's view into a patch
 * against it. A patch is computed from two outputs of the game's `view` for this socket's viewer only, so it holds
 * nothing that viewer's view did not; it relies on views never being changed after they are made (the Game
 * contract: state is never changed in place, and views are only serialized).
 */
export class SocketViews {
  private readonly cache: PatchCache;
  private base: Base | undefined;

  constructor(cache: PatchCache) {
    this.cache = cache;
  }

  /** The message to write for one the room sent to this socket. */
  outgoing(msg: ServerMessage): ServerMessage {
    if (msg.type === 'welcome') {
      this.base = { seq: msg.seq, view: msg.view };
      return msg;
    }
    if (msg.type !== 'update' || msg.view === undefined) return msg;
    const base = this.base;
    this.base = { seq: msg.seq, view: msg.view };
    return base ? this.cache.patched(msg, base) : msg;
  }
}
