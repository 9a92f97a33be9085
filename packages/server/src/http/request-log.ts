import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that could carry a link token, should a client ever put one there. */
const SECRET_QUERY = new Set(['t', 'token']);

/** The URL with every token-like query parameter blanked. Links carry tokens in the fragment, which no server sees. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY.has(key.toLowerCase())) {
      params.set(key, 'redacted');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * Fields pino blanks wherever a log line holds them: auth headers, and any token field one level or two down
 * (a logged body or error). The request serializer below already logs no headers or bodies; these catch what a
 * later log call might add.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'token',
  '*.token',
  '*.*.token',
  'gmToken',
  '*.gmToken',
];

/** Fastify's logger (pino, one JSON line per request) at `level`, with tokens and auth headers redacted. */
export function requestLogger(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
