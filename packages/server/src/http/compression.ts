import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip, as the request accepts, for every HTTP answer of 1 kB or more: the client's page and the JSON API
 * (hashed assets usually go out precompressed at build time instead, see http/client-files.ts). Socket.IO answers
 * its own requests on the raw server before Fastify sees them, so its frames are never touched here.
 */
export function registerCompression(app: FastifyInstance): void {
  void app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
