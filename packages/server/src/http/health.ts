import type { FastifyInstance } from 'fastify';
import pTimeout from 'p-timeout';
import type { Store } from '../db/store.ts';
import type { RoomRegistry } from '../rooms/room-registry.ts';

/** A health check answers quickly or not at all: an orchestrator's probe has its own short timeout. */
const PING_TIMEOUT_MS = 2_000;
/**
 * A room task running longer than this has stopped moving: every store call has a deadline (8 s) well below it,
 * so only a fault that nothing times out gets here, and the room's players get no answers meanwhile.
 */
export const STALLED_MS = 30_000;

/**
 * GET /api/health: 200 when the database answers a query now and no room's queue has stopped moving, 503 when either
 * fails (so a load balancer or orchestrator stops sending players to a server that cannot answer them), with what
 * the registry can tell cheaply about the rooms. Never cached.
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
    if (rooms.stalledMs > STALLED_MS) {
      request.log.error({ stalledMs: rooms.stalledMs }, 'health check: a room queue has stopped moving');
      return reply.code(503).send({ ok: false, error: 'ROOM_STALLED', database: 'ok', rooms });
    }
    return reply.send({ ok: true, database: 'ok', rooms });
  });
}
