/**
 * The peer: boardgame.io's own server (Koa + Socket.IO, default in-memory storage) running the sealed game.
 * Bound to loopback; prints "peer listening on <url>" when ready.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sealedGame } from './sealed-game.ts';

type Listen = (port: number, ...rest: unknown[]) => unknown;
type BgioServer = {
  app: { listen: Listen; callback(): (req: IncomingMessage, res: ServerResponse) => void };
  run(config: { port: number }): Promise<{ appServer: Server }>;
};

const require = createRequire(import.meta.url);
const { Server: BgioServerOf, Origins } = require('boardgame.io/server') as {
  Server: (opts: { games: unknown[]; origins: unknown[] }) => BgioServer;
  Origins: { LOCALHOST: RegExp };
};

const server = BgioServerOf({ games: [sealedGame], origins: [Origins.LOCALHOST] });
// run() listens on every interface; keep the benchmark on loopback.
const listen = server.app.listen.bind(server.app);
server.app.listen = (port: number, ...rest: unknown[]) => listen(port, '127.0.0.1', ...rest);
const { appServer } = await server.run({ port: 0 });
// boardgame.io's Socket.IO transport made the HTTP server from the Koa app before run() added the Lobby API,
// and koa-compose >= 4.2 copies the middleware list when the handler is made, so the routes would answer 404.
// Keep Socket.IO's own handler for its path and give everything else a handler made now.
const socketIoHandlers = appServer.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
const koa = server.app.callback();
appServer.removeAllListeners('request');
appServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
  if (req.url?.startsWith('/socket.io/')) for (const h of socketIoHandlers) h.call(appServer, req, res);
  else koa(req, res);
});
console.log(`peer listening on http://127.0.0.1:${(appServer.address() as AddressInfo).port}`);
