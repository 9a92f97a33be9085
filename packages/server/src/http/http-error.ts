import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** Status codes this API answers errors with. */
export type HttpStatus = 400 | 401 | 403 | 404 | 413 | 500;

/** A refusal, in the `{ error: CODE, message }` shape of the protocol's `httpError`. */
export type HttpFailure = { status: HttpStatus; error: string; message: string };

export const failure = (status: HttpStatus, error: string, message: string): HttpFailure => ({ status, error, message });

/** Sends a refusal. */
export function sendFailure(reply: FastifyReply, f: HttpFailure): FastifyReply {
  return reply.code(f.status).send({ error: f.error, message: f.message });
}

/** Turns Fastify's own errors (bad JSON body, oversized body, unknown route) into the same `{ error, message }` shape. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError, request, reply) => {
    const status = e.statusCode ?? 500;
    if (status >= 500) {
      console.error(`${request.method} ${request.url} failed`, e);
      return sendFailure(reply, failure(500, 'INTERNAL', 'internal error'));
    }
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e instanceof SyntaxError) {
      return sendFailure(reply, failure(400, 'BAD_JSON', 'the body is not valid JSON'));
    }
    if (status === 413) return sendFailure(reply, failure(413, 'TOO_LARGE', 'the body is too large'));
    return sendFailure(reply, failure(400, 'BAD_REQUEST', e.message));
  });
}

/** A short human summary of a zod error, for the `message` field. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ')
    .slice(0, 300);
}
