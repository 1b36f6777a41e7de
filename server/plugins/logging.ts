import { Writable } from 'node:stream';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * Each request's logger (Fastify's `request.log`, the parent's child with the request's id), made only when
 * the request logs something its level lets through. Pino builds a child's bindings and runs the redaction
 * over them at once: 11–13 µs of a 40 µs request in issue 38's measure, paid by every request though most log
 * nothing at the levels production runs. The request line does not need it (requestLogPlugin).
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  parent,
  bindings,
  options,
) => new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;

/** The logger lazyChildLogger hands out: its methods on the prototype, so a request allocates one object. */
class LazyChild {
  private made: FastifyBaseLogger | undefined;
  private readonly parent: FastifyBaseLogger;
  private readonly bindings: Bindings;
  private readonly options: ChildOptions;
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
  }
  private real() {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
  private log(level: Level, args: unknown[]) {
    if (this.made || isEnabled(this.parent, this.options, level))
      (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
  get level() {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}
  child(more: Bindings, moreOptions?: ChildOptions) {
    return this.real().child(more, moreOptions);
  }
}

/** Whether `level` gets through: the child's own level when given, else the parent's (pino's check). */
function isEnabled(parent: FastifyBaseLogger, options: { level?: string }, level: Level) {
  if (options.level) return LEVELS.indexOf(level) <= LEVELS.indexOf(options.level as Level);
  const check = (parent as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled;
  // A logger without the check (Fastify's own when logging is off) decides in its methods.
  return check ? check.call(parent, level) : true;
}

/**
 * One line per request, written when the response is sent (Fastify's own two lines are turned off): through
 * the app's logger with the request's id, as the request's own logger would write it, without making that.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    const label = app.initialConfig.requestIdLogLabel ?? 'reqId';
    app.addHook('onResponse', (request, reply, done) => {
      if (isEnabled(app.log, {}, 'info')) {
        const ms = Math.round(reply.elapsedTime * 10) / 10;
        const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${ms} ms`;
        app.log.info({ [label]: request.id, req: request, res: reply, responseTime: ms }, line);
      }
      done();
    });
  },
  { name: 'request-log' },
);
