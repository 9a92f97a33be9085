import type { AnyGame } from '@veiltable/engine';
import type { ServerMessage, Viewer } from '@veiltable/protocol';
import { diffJson } from '@veiltable/protocol';
import type { LogEntry } from '../db/store.ts';
import { linesFor } from './log-lines.ts';
import { viewerKey } from './viewer-key.ts';

/** One viewer's connections and the view they all hold, as of `seq`: what the next patch applies to. */
type Group = { viewer: Viewer; connections: Set<string>; seq: number; view: unknown };

type Update = Extract<ServerMessage, { type: 'update' }>;

/**
 * The room's connections grouped by viewer, each group with the last view it was sent. One view and one patch per
 * viewer per batch: after each batch every group's view is computed once, diffed against the one it holds, and
 * sent only when it changed (or when the batch committed a command of that viewer, whose ack it carries). So the
 * view a group holds always equals its viewer's view of the live state, and a connection joining it is welcomed
 * with that view and its seq, which the next patch applies to.
 */
export class ViewerGroups {
  private readonly game: AnyGame;
  private readonly groups = new Map<string, Group>();
  private readonly groupOf = new Map<string, string>();

  constructor(game: AnyGame) {
    this.game = game;
  }

  get connectionCount(): number {
    return this.groupOf.size;
  }

  has(connection: string): boolean {
    return this.groupOf.has(connection);
  }

  /** Adds a connection; its group's view (made now if it is the first) and the seq that view belongs to. */
  join(connection: string, viewer: Viewer, state: unknown, seq: number): { group: string; seq: number; view: unknown } {
    const key = viewerKey(viewer);
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { viewer, connections: new Set(), seq, view: this.game.view(state, viewer) }));
    group.connections.add(connection);
    this.groupOf.set(connection, key);
    return { group: key, seq: group.seq, view: group.view };
  }

  /** Removes a connection; a group left empty is forgotten with its view. Returns its group, if it had one. */
  leave(connection: string): string | undefined {
    const key = this.groupOf.get(connection);
    if (key === undefined) return undefined;
    this.groupOf.delete(connection);
    const group = this.groups.get(key)!;
    group.connections.delete(connection);
    if (group.connections.size === 0) this.groups.delete(key);
    return key;
  }

  /** Every connection with its viewer. */
  connections(): { id: string; viewer: Viewer }[] {
    const out: { id: string; viewer: Viewer }[] = [];
    for (const group of this.groups.values()) for (const id of group.connections) out.push({ id, viewer: group.viewer });
    return out;
  }

  /**
   * The update each group gets for the live `state` after the batch's `entries`: its patch (or whole view, when the
   * patch would replace the root), `acks` its viewer's commands committed in the batch, and the timeline lines its
   * viewer reads of the entries. Groups with none of these get nothing.
   */
  *updates(state: unknown, entries: readonly LogEntry[], acks: ReadonlyMap<string, { ref: string; seq: number }[]>): Generator<[string, Update]> {
    const seq = entries.at(-1)?.seq;
    if (seq === undefined) return;
    for (const [key, group] of this.groups) {
      const view = this.game.view(state, group.viewer);
      const ops = diffJson(group.view, view);
      const acked = acks.get(key);
      const lines = linesFor(entries, group.viewer);
      if (ops.length === 0 && !acked && lines.length === 0) continue;
      const msg: Update = { type: 'update', seq, ...(acked ? { acks: acked } : {}), ...(lines.length > 0 ? { lines } : {}) };
      if (ops.length > 0) {
        // A patch that replaces the whole view says nothing a view does not say more simply.
        if (ops.length === 1 && ops[0]!.path.length === 0) msg.view = view;
        else msg.patch = { base: group.seq, ops };
        group.view = view;
      }
      // Every update moves the group's view to its seq, patched or not (an unpatched view is the same at `seq`):
      // replicas follow the same rule (protocol view-replica.ts), and a connection joining later is welcomed there.
      group.seq = seq;
      yield [key, msg];
    }
  }
}
