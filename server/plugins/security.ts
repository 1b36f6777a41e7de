import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { messages } from '../../contract/messages.ts';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers with a strict CSP (no inline script), and cross-site request protection:
 * a state-changing request from a browser must come from one of our origins.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { trustedOrigins: string[]; secure: boolean }) => {
    const trusted = new Set(opts.trustedOrigins);
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React's style attributes and the toast library's injected styles need inline styles; scripts never.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Images come from our own origin only (uploads under /media, avatars): a third party never learns a
          // member's address from an image in a page. data: and blob: are local previews.
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Our own origin and its WebSocket twin only: `ws:`/`wss:` let a page open a socket to any host.
          connectSrc: ["'self'", ...socketOrigins(opts.trustedOrigins)],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: opts.secure,
      crossOriginEmbedderPolicy: false,
    });

    // One hook that decides at once (no promise per request, issue 38). The headers go on the raw response, as
    // helmet sets them: a route's own value (an upload's stricter CSP) still wins, and a route that writes the
    // raw response itself (the drawn pages) sends them too.
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      if (!SAFE_METHODS.has(request.method)) {
        const site = request.headers['sec-fetch-site'];
        const origin = request.headers.origin;
        const foreignOrigin = origin !== undefined && !trusted.has(origin);
        // Answered here: the request goes no further (a callback hook that sends does not call done).
        if (site === 'cross-site' || foreignOrigin) {
          reply.status(403).send(errorBody('CROSS_SITE', messages.crossSite));
          return;
        }
      }
      done();
    });
  },
  { name: 'security' },
);

/**
 * The headers helmet sets for these options, worked out once: they depend on nothing in the request.
 * `@fastify/helmet` built a new helmet middleware for every request, parsing the CSP each time (2 % of a
 * read's CPU in issue 38's profile of the feed).
 */
function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** ws(s)://host of each trusted origin ('self' covers them in CSP 3; older engines need them spelled out). */
function socketOrigins(origins: string[]) {
  return origins.map((origin) => origin.replace(/^http/, 'ws'));
}
