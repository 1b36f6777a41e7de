import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { errorResponse } from '../../contract/errors.ts';
import { isStaff } from '../../contract/limits.ts';
import { messages } from '../../contract/messages.ts';
import { networkOf } from '../modules/sessions/user-agent.ts';
import type { AccessMeta } from './access.ts';
import { AppError } from './errors.ts';
import {
  type RateLimiter,
  type RateRuleName,
  type RateState,
  rateLimitHeaders,
  rateRules,
} from './rate-limit.ts';

type Hooks<T> = T | T[] | undefined;
const asArray = <T>(h: Hooks<T>): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

function rateKey(rule: RateRuleName, request: FastifyRequest): string {
  const by = rateRules[rule].by;
  if (by === 'viewer') return request.viewer?.id ?? `ip:${request.ip}`;
  if (by === 'ip') return request.ip;
  if (by === 'network') return networkOf(request.ip);
  const email = String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();
  return by === 'email' ? email : `${email}|${request.ip}`;
}

/** PostgreSQL text cannot hold NUL, and no person types one: such input is junk, refused as 400. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return false;
  for (const [key, v] of Object.entries(value))
    if (key.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

// Hooks that usually decide at once take a callback: an async hook costs a promise and a turn of the microtask
// queue on every request (issue 38).
const refuseNul: preValidationHookHandler = (request, _reply, done) => {
  if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body))
    return done(new AppError('VALIDATION', messages.badRequest));
  done();
};

/**
 * The error answers a route's contract implies, so route files declare only their success and any
 * route-specific refusal (409, 413, 422): 400 for bad input (every route refuses a NUL), 401 unless
 * public, 403 for a role, an owner or a declared refusal, 404 for a resource named in the path, 429 for a
 * rate limit. Declared here, they are in the OpenAPI document and their bodies are serialized like any other.
 */
function impliedErrors(meta: Partial<AccessMeta>, schema: { params?: unknown }): number[] {
  const level = meta['x-access'];
  const codes = [400];
  if (level !== 'public') codes.push(401);
  if (level === 'staff' || level === 'admin' || meta['x-owner'] || meta['x-forbidden']) codes.push(403);
  if (schema.params) codes.push(404);
  if (meta['x-rate-limit']?.length) codes.push(429);
  return codes;
}

/**
 * Turns each route's declared contract (`access()` in its schema) into enforcement, in one place:
 * - onRequest, before the body is parsed or validated: looks up the session (one statement, only when a
 *   cookie came), sets `request.viewer`, and refuses a visitor (401) or a caller below the level (403), so a
 *   stranger never learns a route's schema from its 400s;
 * - preValidation: refuses a NUL character anywhere in the params, query or body (400, never a 500);
 * - preHandler, after validation: counts the declared rate limits and reports the tightest in the
 *   `RateLimit-*` headers (a full window answers 429 with `Retry-After`).
 * A route without a declaration is refused at start-up, except the framework's own (docs, static files).
 * The error statuses the declaration implies are added to the route's responses ({@link impliedErrors}).
 */
export const routeContractPlugin = fp(
  async (app: FastifyInstance, { limiter }: { limiter: RateLimiter }) => {
    app.decorateRequest('viewer', null);

    app.addHook('onRoute', (route) => {
      const meta = route.schema as Partial<AccessMeta> | undefined;
      const level = meta?.['x-access'];
      if (!level) {
        if (route.url.startsWith('/api/v1') || route.url.startsWith('/api/auth'))
          throw new Error(`${route.method} ${route.url} declares no access()`);
        return;
      }
      const schema = route.schema as { params?: unknown; response?: Record<number, unknown> };
      schema.response = {
        ...Object.fromEntries(impliedErrors(meta, schema).map((code) => [code, errorResponse])),
        ...schema.response,
      };
      const unauthenticated = meta['x-unauthenticated'] ?? messages.unauthenticated;
      const forbidden = meta['x-forbidden'] ?? messages.forbidden;
      // What a member's own request answers (balances, keys, messages, sessions) is theirs alone: no cache
      // keeps it. A visitor's answer to a public route stays cacheable. Sign-in and its kin set sessions.
      const authRoute = route.url.startsWith('/api/auth');
      const admit = (request: FastifyRequest, reply: FastifyReply, viewer: FastifyRequest['viewer']) => {
        request.viewer = viewer;
        if (level !== 'public' || viewer || authRoute) reply.header('cache-control', 'no-store');
        if (level === 'public') return undefined;
        if (!viewer) return new AppError('UNAUTHENTICATED', unauthenticated);
        if ((level === 'staff' && !isStaff(viewer.role)) || (level === 'admin' && viewer.role !== 'admin'))
          return new AppError('FORBIDDEN', forbidden);
        return undefined;
      };
      // Without a cookie there is no session to look up: decided at once.
      const authorize: onRequestHookHandler = (request, reply, done) => {
        if (!request.headers.cookie) return done(admit(request, reply, null));
        app.sessionViewer(request.headers).then((viewer) => done(admit(request, reply, viewer)), done);
      };
      route.onRequest = [authorize, ...asArray(route.onRequest)];
      route.preValidation = [refuseNul, ...asArray(route.preValidation)];

      // A declared proof of work is checked after the limits have counted the call (a flood of bad solutions
      // still hits them), before the handler.
      const pow = meta['x-proof-of-work'];
      const proofOfWork: preHandlerHookHandler[] = pow
        ? [async (request: FastifyRequest) => app.proofOfWork(request, pow)]
        : [];
      const rules = meta['x-rate-limit'] ?? [];
      if (rules.length === 0) {
        if (proofOfWork.length) route.preHandler = [...proofOfWork, ...asArray(route.preHandler)];
        return;
      }
      const count: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
        let tightest: RateState | null = null;
        for (const rule of rules) {
          const state = await limiter.hit(rule, rateKey(rule, request));
          if (state && (!tightest || state.remaining < tightest.remaining)) tightest = state;
        }
        if (tightest) reply.headers(rateLimitHeaders(tightest));
      };
      route.preHandler = [count, ...proofOfWork, ...asArray(route.preHandler)];
    });
  },
  { name: 'route-contract' },
);
