import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A Host header fit to be echoed into a header value: a name or address and a port, nothing else. */
const HOST_SHAPE = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/**
 * The page's socket connects back to the host it was loaded from. CSP3 lets 'self' match ws: and wss: on that
 * host, but older browsers do not, so both are named (from the request's Host, whichever name the page used).
 */
function socketOrigins(req: IncomingMessage): string {
  const host = req.headers.host;
  return typeof host === 'string' && HOST_SHAPE.test(host) ? `ws://${host} wss://${host}` : '';
}

/** The inline parts of the client's index.html (its loading placeholder), by their CSP hashes. */
export type InlineHashes = { scripts: readonly string[]; styles: readonly string[] };

/**
 * Security headers on every response (helmet): a Content-Security-Policy the built client passes — everything is a
 * same-origin file but index.html's own loading placeholder, whose style and script are allowed by their hashes,
 * and nothing else inline is (tests/support/browser.ts fails a browser test on any CSP violation) — no embedding
 * in frames, no referrer (room links carry their token in the fragment, and a path is still the room), nosniff.
 */
export function registerSecurityHeaders(app: FastifyInstance, inline: InlineHashes): void {
  void app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline.scripts],
        styleSrc: ["'self'", ...inline.styles],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", socketOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // X-Frame-Options for browsers that predate frame-ancestors.
    frameguard: { action: 'deny' },
  });
}
