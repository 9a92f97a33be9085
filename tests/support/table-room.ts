import { createRoom, type TestRoom } from './http-api.ts';
import { RecordingClient } from './recording-client.ts';
import type { ViewerKey } from './secret-audit.ts';
import type { ServerStack } from './server-stack.ts';

/** Which sockets to open in a room: one per seat index in `online`, the spectator's if asked; labels end in `suffix`. */
export type SocketChoice<O extends readonly number[], S extends boolean> = { online: O; spectator?: S; suffix?: string };

/** The connected sockets of one room: the GM's (`gm`), one per chosen seat (`p1`, `p2`, … by seat), the spectator's. */
export type TableSockets<P extends readonly RecordingClient[] = readonly RecordingClient[], S extends boolean = boolean> = {
  gm: RecordingClient;
  players: P;
  spectator: S extends true ? RecordingClient : undefined;
  /** Every socket above, in that order. */
  all: RecordingClient[];
  /** Every socket with the viewer its token stands for, as the test created it (not as the server named it). */
  byViewer: (readonly [ViewerKey, RecordingClient])[];
};

/** Opens and connects the chosen sockets to `room` on the stack's server; the stack closes them when the file ends. */
export async function tableSockets<const O extends readonly number[], S extends boolean = false>(
  stack: ServerStack,
  room: TestRoom,
  choice: SocketChoice<O, S>,
): Promise<TableSockets<{ [K in keyof O]: RecordingClient }, S>> {
  const open = (token: string, label: string) => new RecordingClient(stack.url, token, `${label}${choice.suffix ?? ''}`);
  const byViewer: (readonly [ViewerKey, RecordingClient])[] = [['gm', open(room.gmToken, 'gm')]];
  for (const i of choice.online) {
    const seat = room.seats[i];
    if (!seat) throw new Error(`no seat ${i} in ${room.roomId}`);
    byViewer.push([seat.seat, open(seat.token, `p${i + 1}`)]);
  }
  if (choice.spectator) byViewer.push(['spectator', open(room.spectatorToken, 'spectator')]);
  const all = byViewer.map(([, c]) => c);
  stack.sockets.push(...all);
  await Promise.all(all.map((c) => c.connect()));
  return {
    gm: all[0]!,
    players: all.slice(1, 1 + choice.online.length) as { [K in keyof O]: RecordingClient },
    spectator: (choice.spectator ? all.at(-1) : undefined) as S extends true ? RecordingClient : undefined,
    all,
    byViewer,
  };
}

/**
 * Creates a room (a free table unless `game` says otherwise) with a seat per name at the stack's server, and connects
 * the chosen sockets to it (see tableSockets).
 */
export async function tableRoom<const N extends readonly string[], const O extends readonly number[], S extends boolean = false>(
  stack: ServerStack,
  title: string,
  seatNames: N,
  choice: SocketChoice<O, S> & { game?: string },
): Promise<{ room: TestRoom; seats: { [K in keyof N]: string } } & TableSockets<{ [K in keyof O]: RecordingClient }, S>> {
  const room = await createRoom(stack.url, title, [...seatNames], choice.game);
  const seats = room.seats.map((s) => s.seat) as { [K in keyof N]: string };
  return { room, seats, ...(await tableSockets(stack, room, choice)) };
}

/** The sockets of one or more sets in a room, grouped by the viewer they stand for: what auditFrames takes. */
export function viewersOf(...tables: readonly Pick<TableSockets, 'byViewer'>[]): Map<ViewerKey, RecordingClient[]> {
  const viewers = new Map<ViewerKey, RecordingClient[]>();
  for (const [key, client] of tables.flatMap((t) => t.byViewer)) viewers.set(key, [...(viewers.get(key) ?? []), client]);
  return viewers;
}
