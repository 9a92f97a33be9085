import type { AnyGame } from '@veiltable/engine';
import { callOfT } from '@veiltable/engine/games/call-of-t';
import { dungeon2d6 } from '@veiltable/engine/games/dungeon-2d6';
import { freeTable } from '@veiltable/engine/games/free-table';
import { grailWar } from '@veiltable/engine/games/grail-war';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Store } from './db/store.ts';
import { registerClientFiles } from './http/client-files.ts';
import { installErrorHandlers } from './http/http-error.ts';
import { registerApiRoutes } from './http/routes.ts';
import { RoomRegistry } from './rooms/room-registry.ts';
import { attachSocketServer } from './socket/socket-server.ts';

export type AppOptions = {
  store: Store;
  /** Base of the links handed out; a function when the port is known only after listen. */
  publicUrl: string | (() => string);
  /** The built client (packages/client/dist); served with an SPA fallback when it holds an index.html. */
  clientDir?: string;
  logger?: boolean;
  /** Rule sets rooms may run, by id. */
  games?: Record<string, AnyGame>;
  snapshotEvery?: number;
};

export type App = { app: FastifyInstance; io: Server; rooms: RoomRegistry };

/** Largest JSON body the API accepts; every request body is a few short strings. */
const BODY_LIMIT = 16 * 1024;

/** The whole server, wired but not listening: HTTP tests use app.inject(), socket tests listen on port 0. */
export function buildApp(opts: AppOptions): App {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: BODY_LIMIT });
  const publicUrl = typeof opts.publicUrl === 'function' ? opts.publicUrl : () => opts.publicUrl as string;
  const rooms = new RoomRegistry({
    store: opts.store,
    games: opts.games ?? { 'free-table': freeTable, 'dungeon-2d6': dungeon2d6, 'call-of-t': callOfT, 'grail-war': grailWar },
    ...(opts.snapshotEvery ? { snapshotEvery: opts.snapshotEvery } : {}),
  });

  installErrorHandlers(app);
  registerApiRoutes(app, { store: opts.store, rooms, publicUrl });
  registerClientFiles(app, opts.clientDir);

  const io = attachSocketServer(app.server, { store: opts.store, rooms });
  // Open sockets would keep the HTTP server from closing; drop them first, then store every room's live state.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    await rooms.close();
  });
  return { app, io, rooms };
}
