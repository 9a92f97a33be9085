import type { FastifyInstance } from 'fastify';
import pTimeout from 'p-timeout';
import type { Store } from '../db/store.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';

/** A health check answers quickly or not at all: an orchestrator's probe has its own short timeout. */
const PING_TIMEOUT_MS = 2_000;

/**
 * GET /api/health: 200 when the database answers a query now, 503 when it does not (so a load balancer or
 * orchestrator stops sending players to a server that cannot store their commands), with what the registry can
 * tell cheaply about the rooms. Never cached.
 */
export function registerHealth(app: FastifyInstance, deps: { store: Store; rooms: RoomRegistry }): void {
  app.get('/api/health', async (request, reply) => {
    const rooms = deps.rooms.stats();
    try {
      await pTimeout(deps.store.ping(), { milliseconds: PING_TIMEOUT_MS });
    } catch (e) {
      // The reason goes to the log only: a public probe need not learn the database's address.
      request.log.warn({ err: e }, 'health check: the database does not answer');
      return reply.code(503).send({ ok: false, error: 'STORE_UNAVAILABLE', database: 'unavailable', rooms });
    }
    return reply.send({ ok: true, database: 'ok', rooms });
  });
}
