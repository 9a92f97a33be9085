import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Store } from '../db/store.ts';
import { isRoomId } from '../rooms/room-registry.ts';
import { GENERIC_META, renderPage, roomMeta, type ClientPage, type PageMeta } from './client-page.ts';
import { failure, sendFailure } from './http-error.ts';

const NOT_BUILT = 'Veiltable server is running, but the web client is not built. Run `pnpm build`, then restart.\n';

/**
 * Paths the SPA fallback must never swallow: their misses are real 404s (a page of an older release asking for an
 * asset the new build no longer has must not get HTML for a script).
 */
const NOT_SPA = /^\/(api|socket\.io|assets)(\/|$)/;
const ROOM_PAGE = /^\/r\/([^/]+)\/?$/;

/** Vite names every file under assets/ by a hash of its content: a file there never changes, a new build adds others. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything else (index.html above all) is checked with the server on every use, so a new release shows at once. */
const REVALIDATE = 'no-cache';


/** The preview of a room page: the room's title when the store knows the room, the generic text otherwise. */
async function metaFor(path: string, store: Store): Promise<PageMeta> {
  const roomId = ROOM_PAGE.exec(path)?.[1];
  if (roomId === undefined || !isRoomId(roomId)) return GENERIC_META;
  try {
    const room = await store.getRoom(roomId);
    return room ? roomMeta(room.title) : GENERIC_META;
  } catch {
    // An outage must not cost the page: it loads, and the socket reports the outage.
    return GENERIC_META;
  }
}

/**
 * Serves the built client: hashed assets cached for good, precompressed where the build wrote `.br` / `.gz`; any
 * other GET (e.g. `/r/<id>`) gets index.html with the room's preview tags, so the client router takes over. The
 * link's token is in the fragment, which no request carries. Without a build, `/` says how to make one.
 */
export function registerClientFiles(app: FastifyInstance, page: ClientPage | undefined, store: Store): void {
  if (page) {
    const assets = join(page.dir, 'assets') + sep;
    void app.register(fastifyStatic, {
      root: page.dir,
      prefix: '/',
      wildcard: true,
      // index.html is rendered (below), never sent as the file.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
    // The home page is rendered like any other page; @fastify/static would refuse the directory. A plugin, as the
    // API's routes are, so it is declared once compression is in place.
    void app.register(async (pages) => {
      pages.get('/', async (_request, reply) => sendPage(reply, renderPage(page.template, GENERIC_META)));
    });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(NOT_BUILT));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (page && request.method === 'GET' && !NOT_SPA.test(path)) return sendPage(reply, renderPage(page.template, await metaFor(path, store)));
    return sendFailure(reply, failure(404, 'NOT_FOUND', `no route ${request.method} ${path}`));
  });
}

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  // Compressed or not by the request's Accept-Encoding: a shared cache must keep one copy per encoding.
  return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding').send(html);
}
