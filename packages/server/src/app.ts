import type { AnyGame } from '@veiltable/engine';
import { games } from '@veiltable/engine/games';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Store } from './db/store.ts';
import { registerClientFiles } from './http/client-files.ts';
import { readClientPage } from './http/client-page.ts';
import { registerCompression } from './http/compression.ts';
import { installErrorHandlers } from './http/http-error.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { requestLogger } from './http/request-log.ts';
import { registerApiRoutes } from './http/routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { RoomRegistry } from './rooms/room-registry.ts';
import { socketPort } from './socket/socket-port.ts';
import { createSocketServer, serveSockets } from './socket/socket-server.ts';

export type AppOptions = {
  store: Store;
  /** Base of the links handed out; a function when the port is known only after listen. */
  publicUrl: string | (() => string);
  /** The built client (packages/client/dist); served with an SPA fallback when it holds an index.html. */
  clientDir?: string;
  /** Turns on the request log (pino) at this level, tokens redacted; without it nothing is logged. */
  logLevel?: string;
  /** Rule sets rooms may run, by id (the registry's games unless given). */
  games?: Readonly<Record<string, AnyGame>>;
  snapshotEvery?: number;
  /** Rooms one client address may create per minute (default 10). */
  roomsPerMinute?: number;
  /** Portraits one client address may upload per minute (default 30). */
  uploadsPerMinute?: number;
  /** Unload rooms idle this long (see RoomRegistry); without it rooms stay loaded. */
  roomIdleMs?: number;
  /** The registry's clock (ms since the epoch): how long rooms were idle or their queues busy; tests move it. */
  now?: () => number;
};

export type App = { app: FastifyInstance; io: Server; rooms: RoomRegistry };

/** Largest JSON body the API accepts; every request body is a few short strings. */
const BODY_LIMIT = 16 * 1024;

/** The whole server, wired but not listening: HTTP tests use app.inject(), socket tests listen on port 0. */
export function buildApp(opts: AppOptions): App {
  const app = Fastify({ logger: opts.logLevel ? requestLogger(opts.logLevel) : false, bodyLimit: BODY_LIMIT });
  const publicUrl = typeof opts.publicUrl === 'function' ? opts.publicUrl : () => opts.publicUrl as string;
  const io = createSocketServer(app.server);
  const rooms = new RoomRegistry({
    store: opts.store,
    games: opts.games ?? games,
    port: (roomId) => socketPort(io, roomId),
    ...(opts.snapshotEvery ? { snapshotEvery: opts.snapshotEvery } : {}),
    ...(opts.roomIdleMs ? { idleMs: opts.roomIdleMs } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });

  const page = readClientPage(opts.clientDir);

  installErrorHandlers(app);
  // Plugins load in order: headers, limits and compression are in place before the routes they apply to.
  registerSecurityHeaders(app, { scripts: page?.scriptHashes ?? [], styles: page?.styleHashes ?? [] });
  registerRateLimit(app);
  registerCompression(app);
  void app.register(async (api) =>
    registerApiRoutes(api, { store: opts.store, rooms, publicUrl, roomsPerMinute: opts.roomsPerMinute ?? 10, uploadsPerMinute: opts.uploadsPerMinute ?? 30 }),
  );
  registerClientFiles(app, page, opts.store);

  serveSockets(io, { store: opts.store, rooms });
  // Open sockets would keep the HTTP server from closing; drop them first, then store every room's live state.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    await rooms.close();
  });
  return { app, io, rooms };
}
