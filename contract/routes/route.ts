import { z } from 'zod';

/**
 * The route table (issue 40): each endpoint is written once, here, as `{ method, path, access, summary,
 * params?, query?, headers?, body?, response, success? }` built from the contract's zod schemas. The server
 * registers an entry with its handler (`route.on(listingRoutes.purchase, { limit }, handler)`,
 * server/plugins/routes-for.ts), so its schema block, access() and OpenAPI operation come from the entry; the
 * web calls it through the client generated from the same table (`api.listings.purchase({ id }, body)`,
 * web/lib/api-routes.gen.ts), typed from the entry without the zod schemas in the browser's bundle. A renamed
 * path parameter or field breaks the typecheck on both sides (scripts/route-table-breaks-both.test.ts).
 *
 * Who may call is the entry's `access` level; what only the server knows (the rate rules, the owned resource,
 * the 401/403 texts, body limits, hooks) stays with the handler.
 */
export const accessLevels = ['public', 'member', 'staff', 'admin'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** A CSV download's body (the server sends it with its file name; the web links to it). */
export const csvText = z.string().describe('text/csv');

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where an entry is served when not under `/api/v1`: the sign-ins under `/api/auth`, the health check under `/api`. */
export type RoutePrefix = '/api' | '/api/auth';

/** A response that is not JSON: `{ description, content: { 'image/webp': { schema: z.file() } } }`. */
export interface ContentResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export interface RouteEntry {
  method: RouteMethod;
  /** Fastify's pattern, `/listings/:id/purchase`: each `:name` is a key of `params`. */
  path: string;
  /**
   * The mount `path` is under when not `/api/v1`: the server registers the entry only in a plugin with that
   * prefix, and the web calls `${prefix}${path}`.
   */
  prefix?: RoutePrefix;
  access: AccessLevel;
  summary: string;
  description?: string;
  /** The OpenAPI tags, when not the group's (the server's `routesFor` defaults). */
  tags?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** A body that is not JSON (`['multipart/form-data']`): the web sends it with `upload()`, not the client. */
  consumes?: readonly string[];
  /** A JSON body's shape per status (successes and the route's own refusals), or raw bytes' media types. */
  response: Readonly<Record<number, z.ZodType | ContentResponse>>;
  /** The status a success answers with when it is not 200 (the handler's value is sent with it). */
  success?: 201 | 204;
}

/** A group of entries: `{ list: {...}, purchase: {...} }`, written `as const satisfies RouteGroup`. */
export type RouteGroup = Record<string, RouteEntry>;

/**
 * What the web's path table holds for an entry: `POST /listings/:id/purchase body`, or with its prefix, `GET
 * /api/auth/get-session` (the client's `api()` takes a path under `/api/` as it is and puts any other under
 * `/api/v1`).
 */
export type EndpointOf<E extends RouteEntry> = `${E['method']} ${E extends { prefix: RoutePrefix }
  ? E['prefix']
  : ''}${E['path']}${E extends { body: z.ZodType }
  ? ' body'
  : E extends { query: z.ZodType }
    ? ' query'
    : ''}`;

export type EndpointTable<G extends RouteGroup> = { [K in keyof G]: EndpointOf<G[K]> };

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** The body a success carries: the union of the 2xx JSON shapes (204: nothing). */
export type SuccessOf<E extends RouteEntry> = {
  [S in keyof E['response']]: S extends 200 | 201 | 202
    ? E['response'][S] extends z.ZodType
      ? z.output<E['response'][S]>
      : Blob
    : S extends 204
      ? undefined
      : never;
}[keyof E['response']];

/** Per call: an abort signal and extra headers (`Idempotency-Key`). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type ParamsArg<E> = E extends { params: z.ZodType } ? [params: Input<E['params']>] : [];
type InputArg<E> = E extends { body: z.ZodType }
  ? [body: Input<E['body']>]
  : E extends { query: z.ZodType }
    ? Partial<Input<E['query']>> extends Input<E['query']>
      ? [query?: Input<E['query']>]
      : [query: Input<E['query']>]
    : [];

/** `(params?, body | query?, options?) => Promise<success body>`, from the entry. */
export type CallOf<E extends RouteEntry> = (
  ...args: [...ParamsArg<E>, ...InputArg<E>, options?: CallOptions]
) => Promise<SuccessOf<E>>;

export type ClientOf<G extends RouteGroup> = { [K in keyof G]: CallOf<G[K]> };
