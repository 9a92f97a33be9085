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

/**
 * Security headers on every response (helmet): a Content-Security-Policy the built client passes — its index.html
 * has no inline script or style, everything is a same-origin file (tests/support/browser.ts fails a browser test
 * on any CSP violation) — no embedding in frames, no referrer (room links carry their token in the fragment, and
 * a path is still the room), nosniff.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  void app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
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
