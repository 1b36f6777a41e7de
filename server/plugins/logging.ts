import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/** Where log lines go when not to stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

const CENSOR = '[redacted]';

/** Keys whose values are secrets wherever they appear in a logged object (one or two levels deep). */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'key',
  'code',
  'backupCodes',
  'secretAccessKey',
  'totpURI',
  'contentLink',
  'content_link',
  'cookie',
  'authorization',
  'set-cookie',
  'body',
  'text',
  'html',
];
const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((k) => [`["${k}"]`, `*["${k}"]`, `*.*["${k}"]`]),
  'req.headers',
  'res.headers',
];

/** The request as a log line shows it: never headers, body or query string (a token could ride in one). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  };
}

/**
 * Errors without what a failed query carried: Drizzle puts the statement's parameters (a password hash, a
 * content link) into its message after "params:", and a cause can repeat them.
 */
function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const scrub = (s: string | undefined) => s?.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: e.constructor?.name ?? 'Error',
    message: scrub(e.message),
    stack: scrub(e.stack),
    code: e.code,
    statusCode: e.statusCode,
    cause: e.cause === undefined ? undefined : serializeError(e.cause),
  };
}

function toWritable(destination: LogDestination): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      destination.write(chunk.toString());
      done();
    },
  });
}

/**
 * Fastify's logger: JSON lines in production, pino-pretty elsewhere, both with the same redaction. Secrets
 * are removed twice: serializers never take headers, bodies or query strings into a line, and `redact`
 * censors the keys above in anything a module logs by hand.
 */
export function loggerOptions(config: Config, destination?: LogDestination): FastifyServerOptions['logger'] {
  const stream = config.prettyLogs
    ? pretty({
        destination: destination ? toWritable(destination) : 1,
        sync: true,
        translateTime: 'HH:MM:ss.l',
        // The request line carries its details in the message; the objects would add lines of their own.
        ignore: 'pid,hostname,reqId,req,res,responseTime',
      })
    : destination;
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: serializeRequest as never,
      res: ((reply: FastifyReply) => ({ statusCode: reply.statusCode })) as never,
      err: serializeError as never,
    },
    ...(stream ? { stream } : {}),
  };
}

/** One line per request, written when the response is sent (Fastify's own two lines are turned off). */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${ms} ms`;
      request.log.info({ req: request, res: reply, responseTime: ms }, line);
    });
  },
  { name: 'request-log' },
);
