import type { Viewer } from '@veiltable/protocol';
import { getContext, setContext } from 'svelte';
import type { ConnectionStatus } from './socket-link.svelte.ts';
import type { Send } from './send.ts';
import type { Clock } from './server-clock.svelte.ts';
import type { Timeline } from '../ui/timeline/timeline.svelte.ts';
import type { CommitmentLedger } from './ledger/commitment-ledger.svelte.ts';

/**
 * The room a table is shown in, as every component below the room page reads it: reactive (each field reads the
 * connection's state), so a component that reads `room.view` redraws when the view changes.
 */
export interface Room<View = unknown, Command = unknown> {
  readonly id: string;
  /** The id of the game the room runs. */
  readonly game: string;
  readonly title: string;
  /** The room's view for this viewer; a table is only mounted once there is one. */
  readonly view: View;
  readonly viewer: Viewer;
  readonly status: ConnectionStatus;
  /** True while not online: what is shown may be out of date. */
  readonly stale: boolean;
  /** The connection's state in words while it is not online, kept in sight on a phone; null while online. */
  readonly notice: string | null;
  /** The server's clock as this device estimates it: deadlines count down on it. */
  readonly clock: Clock;
  /** How far behind the live table spectators are shown (ms, or one phase), as the room's last welcome said; 0 when live. */
  readonly spectatorDelay: number | 'phase';
  /** The room's game declares phases, so spectators may be put one phase behind. */
  readonly phased: boolean;
  /** This page's link token: the GM's tools present it to the HTTP API. */
  readonly token: string;
  readonly send: Send<Command>;
  /** This viewer's lines of the room's log, newest last. */
  readonly timeline: Timeline;
  /** The verdicts on reveals, each against the commitment this device saw while the answer was sealed. */
  readonly ledger: Pick<CommitmentLedger, 'verdictOf' | 'forged' | 'witnessedSeals'>;
  /** Set on the replay page: the table is drawn as it was at a step, and nothing on it acts or exports. */
  readonly replay?: true;
}

const ROOM: unique symbol = Symbol('room');

/** The context key, for tests that render a component inside a room of their own. */
export const ROOM_CONTEXT = ROOM;

/** Makes the room available to every component below (the room page calls it once). */
export function provideRoom(room: Room): void {
  setContext(ROOM, room);
}

/** The room this component is shown in, or null where it is drawn outside one (a preview, a component test). */
export function roomIfAny(): Room | null {
  return getContext<Room | undefined>(ROOM) ?? null;
}

/**
 * The room this component is shown in, typed as its game's: the room page mounts a game's table only in a room of
 * that game, so each game's `room.ts` names its own view and command types once.
 */
export function useRoom<View, Command>(): Room<View, Command> {
  const room = getContext<Room | undefined>(ROOM);
  if (!room) throw new Error('useRoom() outside a room page');
  return room as Room<View, Command>;
}
