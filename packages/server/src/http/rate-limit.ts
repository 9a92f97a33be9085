import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Registers @fastify/rate-limit for the routes that ask for it (`config.rateLimit`), counting per client address.
 * Nothing else is limited here: sockets have their own limits.
 */
export function registerRateLimit(app: FastifyInstance): void {
  void app.register(rateLimit, {
    global: false,
    // Thrown, so the app's error handler answers it in the API's { error, message } shape (429 RATE_LIMITED).
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`too many requests; try again in ${context.after}`), { statusCode: context.statusCode }),
  });
}

/** The route option that limits a route to `max` requests a minute per client address. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
