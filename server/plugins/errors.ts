import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { type ErrorBody, type ErrorCode, errorStatus } from '../../contract/errors.ts';
import type { Locale } from '../../contract/i18n/locales.ts';
import { messages } from '../../contract/messages.ts';
import { negotiateLocale, translateText } from '../i18n.ts';

/** The one error type services throw; the handler below turns it into the API's error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  /** Response headers the error carries (Retry-After on a 429). */
  readonly headers?: Record<string, string>;
  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

/** The row a service looked up, or a 404 with `message` when there is none. */
export function orNotFound<T>(row: T, message: string): NonNullable<T> {
  if (!row) throw new AppError('NOT_FOUND', message);
  return row;
}

/** First message per field, keyed by its dotted path (the form shows one message per field). */
export function fieldsFromIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: ZodError): AppError {
  const fields = fieldsFromIssues(error.issues);
  return new AppError('VALIDATION', error.issues[0]?.message ?? messages.badRequest, fields);
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

const DB_DOWN_MESSAGES = [
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
];

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown; body?: { cause?: unknown } };
  if (e?.code && DB_DOWN_CODES.has(e.code)) return true;
  if (e?.message?.includes('timeout exceeded when trying to connect')) return true;
  // node-postgres: the server stopped answering (query_timeout), or dropped the connection mid-query.
  if (e?.message && DB_DOWN_MESSAGES.some((m) => e.message!.startsWith(m))) return true;
  if (e?.cause && isDatabaseUnavailable(e.cause)) return true;
  // better-auth's APIError keeps the failure that caused it in its body (a session lookup that failed).
  return e?.body?.cause ? isDatabaseUnavailable(e.body.cause) : false;
}

/**
 * Errors Fastify raises before routing (a malformed URL, an id longer than maxParamLength), which skip the
 * error handler: given to Fastify as `frameworkErrors` so they too answer in the API's error shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(errorBody('BAD_REQUEST', messages.badRequest));
}

/** A member's saved language (issue 41), null when they follow their browser. */
export type LocaleOf = (userId: string) => Promise<Locale | null>;

/** The caller's language: the signed-in member's setting, else their browser's Accept-Language, else English. */
export async function requestLocale(request: FastifyRequest, localeOf?: LocaleOf): Promise<Locale> {
  const viewer = (request as { viewer?: { id: string } | null }).viewer;
  const saved = viewer && localeOf ? await localeOf(viewer.id).catch(() => null) : null;
  return saved ?? negotiateLocale(request.headers['accept-language']);
}

/** The error body in the caller's language: the message and each field's message; the code never changes. */
function localized(body: ErrorBody, locale: Locale): ErrorBody {
  if (locale === 'en') return body;
  const { code, message, fields } = body.error;
  const translated = fields
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateText(locale, v)]))
    : undefined;
  return errorBody(code, translateText(locale, message), translated);
}

export const errorsPlugin = fp(async (app: FastifyInstance, { localeOf }: { localeOf?: LocaleOf } = {}) => {
  // Every error body the handler below sends goes out in the caller's language (issue 41).
  // A callback hook: every other payload passes at once, without a promise per response (issue 38).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || !('error' in payload))
      return done(null, payload);
    requestLocale(request, localeOf).then(
      (locale) => done(null, localized(payload as ErrorBody, locale)),
      (err: Error) => done(err),
    );
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? messages.badRequest;
      }
      return reply
        .status(400)
        .send(errorBody('VALIDATION', err.validation[0]?.message ?? messages.badRequest, fields));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', messages.payloadTooLarge));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED', messages.rateLimited));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).send(errorBody('UNAVAILABLE', messages.unavailable));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): keep the status, hide internals.
      return reply.status(err.statusCode).send(errorBody('BAD_REQUEST', messages.badRequest));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', messages.internal));
  });
});
