import type { AnyGame } from '@veiltable/engine';
import type { Viewer } from '@veiltable/protocol';
import type { LogEntry } from '../db/store.ts';
import { ViewerGroups } from './viewer-groups.ts';

const SPECTATOR: Viewer = { role: 'spectator' };

/** The port group of delayed spectators: never the live spectators' group, so no live update can reach them. */
export const DELAYED_GROUP = 'spectator:delayed';

/**
 * The spectators a room shows behind the live table, by time (DelayedFeed) or by phase (PhaseFeed): the state they
 * are shown, at its seq, and their connections. How the shown state moves on is each feed's own.
 */
export abstract class SpectatorFeed {
  protected readonly groups: ViewerGroups;
  /** The spectators' state, at seq `at`. */
  protected state: unknown;
  protected at: number;

  protected constructor(game: AnyGame, state: unknown, seq: number) {
    this.groups = new ViewerGroups(game);
    this.state = state;
    this.at = seq;
  }

  /** The seq of the state the delayed spectators are shown. */
  get seq(): number {
    return this.at;
  }

  get connectionCount(): number {
    return this.groups.connectionCount;
  }

  has(connection: string): boolean {
    return this.groups.has(connection);
  }

  connections(): string[] {
    return this.groups.connections().map((c) => c.id);
  }

  /** Adds a delayed spectator; the view and seq its welcome carries. */
  join(connection: string): { seq: number; view: unknown } {
    const joined = this.groups.join(connection, SPECTATOR, this.state, this.at);
    return { seq: joined.seq, view: joined.view };
  }

  /** Removes a connection; true when it was a delayed spectator. */
  leave(connection: string): boolean {
    return this.groups.leave(connection) !== undefined;
  }

  /** Entries the room just committed, in seq order. */
  abstract committed(entries: readonly LogEntry[]): void;

  /** The feed sends nothing more. */
  abstract close(): void;
}
