import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { BAD_TEXT, findBadText } from '@veiltable/protocol';
import { isStoreUnavailable } from '../db/store.ts';

/** Status codes this API answers errors with. */
export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** Seconds a client is asked to wait before retrying during a database outage. */
export const RETRY_AFTER_SECONDS = 5;

/** A refusal, in the `{ error: CODE, message }` shape of the protocol's `httpError`. */
export type HttpFailure = { status: HttpStatus; error: string; message: string };

export const failure = (status: HttpStatus, error: string, message: string): HttpFailure => ({ status, error, message });

/** The database is out: a 503 the client may retry, told apart from a bug (500 INTERNAL). */
export const storeUnavailable = (): HttpFailure => failure(503, 'STORE_UNAVAILABLE', 'the database is not answering; try again shortly');

/** Sends a refusal. */
export function sendFailure(reply: FastifyReply, f: HttpFailure): FastifyReply {
  if (f.status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(f.status).send({ error: f.error, message: f.message });
}

/** Turns Fastify's own errors (bad JSON body, oversized body, unknown route) into the same `{ error, message }` shape. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError, request, reply) => {
    if (isStoreUnavailable(e)) {
      request.log.warn({ err: e }, 'database unavailable');
      return sendFailure(reply, storeUnavailable());
    }
    const status = e.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: e }, 'request failed');
      return sendFailure(reply, failure(500, 'INTERNAL', 'internal error'));
    }
    if (status === 429) return sendFailure(reply, failure(429, 'RATE_LIMITED', e.message));
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e instanceof SyntaxError) {
      return sendFailure(reply, failure(400, 'BAD_JSON', 'the body is not valid JSON'));
    }
    if (status === 413) return sendFailure(reply, failure(413, 'TOO_LARGE', 'the body is too large'));
    return sendFailure(reply, failure(400, 'BAD_REQUEST', e.message));
  });
}

/** A body that failed its schema: BAD_TEXT when text was unstorable (NUL, a lone surrogate), else BAD_SHAPE. */
export function shapeFailure(issues: Parameters<typeof findBadText>[0]): HttpFailure {
  return failure(400, findBadText(issues) ? BAD_TEXT : 'BAD_SHAPE', describeIssues(issues));
}

/** A short human summary of a zod error, for the `message` field. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ')
    .slice(0, 300);
}
