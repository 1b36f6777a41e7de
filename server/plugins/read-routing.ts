import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import type { Database } from '../db/client.ts';
import { parseLsn, type ReadContext, readContext } from '../db/replicas.ts';

/** The cookie that carries a member's last write position (the primary's WAL), read by every instance. */
export const WRITE_POSITION_COOKIE = 'cm_wal';
/** Longer than any lag a replica is used with (DATABASE_READ_MAX_LAG_MS); after it, any healthy one will do. */
const WRITE_POSITION_MAX_AGE_SECONDS = 600;

/** The furthest write position among the request's cookies (a client may send an older one beside it). */
function writePosition(header: string | undefined): bigint {
  let furthest = 0n;
  for (const c of header?.split(';') ?? []) {
    const [name, value] = c.trim().split('=');
    if (name !== WRITE_POSITION_COOKIE) continue;
    const lsn = parseLsn(value);
    if (lsn > furthest) furthest = lsn;
  }
  return furthest;
}

/**
 * Which database a request reads from (db/replicas.ts), when replicas are configured. A GET or HEAD reads from
 * a replica that has replayed the member's last write (the cookie); every other request stays on the primary,
 * and a member's successful write hands them the primary's position, so their next reads see what they just wrote on
 * any instance. Lag and reads per replica are metrics.
 */
export const readRoutingPlugin = fp<{ database: Database; secureCookies: boolean }>(
  async (app: FastifyInstance, { database, secureCookies }) => {
    const replicas = database.replicas;
    if (!replicas) return;
    app.addHook('onRequest', (request, _reply, done) => {
      const reading = request.method === 'GET' || request.method === 'HEAD';
      const ctx: ReadContext = reading
        ? { primary: false, minLsn: writePosition(request.headers.cookie) }
        : { primary: true, minLsn: 0n };
      // The rest of the request runs inside this context (how @fastify/request-context does it).
      readContext.run(ctx, done);
    });
    // A callback hook: a read passes at once, without a promise per response (issue 38).
    app.addHook('onSend', (request, reply, payload, done) => {
      const reading = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
      // A member's write: a refused request wrote nothing, and a visitor has nothing of their own to read back
      // (a sign-in's new session is read on the primary: the session lookup is prepared there).
      if (reading || !request.viewer || reply.statusCode >= 400) return done(null, payload);
      replicas
        .writePosition()
        .catch(() => null)
        .then((position) => {
          if (position)
            reply.header(
              'set-cookie',
              `${WRITE_POSITION_COOKIE}=${position}; Path=/; Max-Age=${WRITE_POSITION_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secureCookies ? '; Secure' : ''}`,
            );
          done(null, payload);
        });
    });

    const registry = app.metrics.registry;
    new Gauge({
      name: 'cm_db_replica_lag_ms',
      help: 'How far each read replica is behind the primary (ms); +Inf when it cannot be reached',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const r of replicas.stats()) this.set({ replica: r.name }, r.lagMs);
      },
    });
    new Gauge({
      name: 'cm_db_replica_healthy',
      help: 'Whether each read replica is taking reads (1) or left out: down or too far behind (0)',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const r of replicas.stats()) this.set({ replica: r.name }, r.healthy ? 1 : 0);
      },
    });
    let seen = new Map<string, number>();
    new Counter({
      name: 'cm_db_replica_requests_total',
      help: 'Requests whose reads each read replica served',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        const now = new Map(replicas.stats().map((r) => [r.name, r.requests]));
        for (const [name, n] of now)
          if (n > (seen.get(name) ?? 0)) this.inc({ replica: name }, n - (seen.get(name) ?? 0));
        seen = now;
      },
    });
  },
  { name: 'read-routing', dependencies: ['metrics'] },
);
