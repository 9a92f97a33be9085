import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure, sendFailure } from './http-error.ts';

const NOT_BUILT = 'Veiltable server is running, but the web client is not built. Run `pnpm build`, then restart.\n';

/** Paths the SPA fallback must never swallow: their misses are real 404s. */
const NOT_SPA = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built client and answers any other GET (e.g. `/r/<id>`) with index.html, so the client router takes over.
 * Without a build, `/` says how to make one.
 */
export function registerClientFiles(app: FastifyInstance, clientDir: string | undefined): void {
  const built = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (built) {
    void app.register(fastifyStatic, { root: clientDir, prefix: '/', wildcard: true, index: 'index.html' });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(NOT_BUILT));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (built && request.method === 'GET' && !NOT_SPA.test(path)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendFailure(reply, failure(404, 'NOT_FOUND', `no route ${request.method} ${path}`));
  });
}
