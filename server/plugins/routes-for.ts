import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { RouteEntry } from '../../contract/routes/route.ts';
import { type AccessLevel, type AccessOptions, access } from './access.ts';

/**
 * One route in a few lines: its access (`access`, plus `owner`, `limit`, `unauthenticated`, `forbidden` as in
 * `access()`), its OpenAPI words, its zod shapes and any route option (`config`, `bodyLimit`, hooks), then the
 * handler. Every route file used to spell the same `{ schema: { ...access(), tags, summary, … } }` block out;
 * this builds exactly that block, so the route contract (plugins/route-contract.ts) and the OpenAPI document
 * see what they saw before, and `request.params/query/body` and the reply stay typed from the shapes.
 */
interface RouteSpec extends AccessOptions, Omit<RouteShorthandOptions, 'schema' | 'config'> {
  access: AccessLevel;
  /** The plugin's tags unless given. */
  tags?: string[];
  summary: string;
  description?: string;
  consumes?: string[];
  params?: ZodType;
  headers?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** A JSON body's shape per status, or (raw bytes: an image) its media types as OpenAPI lists them. */
  response: Record<number, ZodType | ContentResponse>;
  /** The route's `config` (e.g. `notShed`), as `app.get` takes it. */
  config?: object;
  /**
   * The status a success answers with when it is not 200: the handler returns the created item (201) or
   * nothing (204) and the reply is sent with that status, as `reply.status(201).send(item)` would.
   */
  success?: 201 | 204;
}

/** A response that is not JSON: `{ description, content: { 'image/webp': { schema: z.file() } } }`. */
interface ContentResponse {
  description: string;
  content: Record<string, { schema: ZodType }>;
}

/**
 * What every route of a `routesFor` shares: its tags, and what a group of routes repeats (the access options,
 * the `params` of the resource they all act on).
 */
interface RouteDefaults extends AccessOptions {
  tags: string[];
  access?: AccessLevel;
  params?: ZodType;
}

/** A route's own spec: `access` may be left to the defaults when they name one. */
type SpecFor<D extends RouteDefaults> = D extends { access: AccessLevel }
  ? Omit<RouteSpec, 'access'> & { access?: AccessLevel }
  : RouteSpec;

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The shapes the type provider reads, as `app.get(url, { schema }, handler)` would have them. */
type Shapes<S> = Pick<S, Extract<keyof S, 'params' | 'headers' | 'querystring' | 'body' | 'response'>>;

type Handler<S> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Shapes<S>,
  ZodTypeProvider
>;

/** What the server adds to a route table entry: access options, body limit, `config`, hooks. */
type ServerOptions = AccessOptions & Omit<RouteShorthandOptions, 'schema' | 'config'> & { config?: object };

/** A table entry's zod shapes under the names the type provider reads (`query` is its `querystring`). */
type EntryShapes<E extends RouteEntry> = Pick<
  E,
  Extract<keyof E, 'params' | 'headers' | 'body' | 'response'>
> &
  (E extends { query: infer Q } ? { querystring: Q } : unknown);

/** The spec as the route sees it: the defaults' `params` unless it names its own. */
type WithDefaults<D, S> = S extends { params: ZodType } ? S : S & Pick<D, Extract<keyof D, 'params'>>;

/** Only the keys that are set, so the schema holds what a hand-written one would. */
const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** Answers with `status`, whatever the handler returned (204: no body), unless the handler sent the reply. */
const answeringWith = (status: 201 | 204, handler: RouteHandlerMethod): RouteHandlerMethod =>
  async function (this: FastifyInstance, request, reply) {
    const value = await handler.call(this, request, reply);
    return reply.sent ? reply : reply.status(status).send(status === 204 ? null : value);
  };

/**
 * `const route = routesFor(app, { tags: ['forum'] })`, then `route.get(url, spec, handler)`. Defaults may carry
 * the access options a group of routes shares (`{ tags, access: 'staff', forbidden }`); a spec overrides them.
 */
export function routesFor<const D extends RouteDefaults>(app: ZodApp, defaults: D) {
  const declare =
    (method: 'get' | 'post' | 'put' | 'patch' | 'delete') =>
    <S extends SpecFor<D>>(url: string, spec: S, handler: Handler<WithDefaults<D, S>>) => {
      const {
        access: level = defaults.access,
        owner = defaults.owner,
        limit = defaults.limit,
        unauthenticated = defaults.unauthenticated,
        forbidden = defaults.forbidden,
        proofOfWork = defaults.proofOfWork,
        tags = defaults.tags,
        success,
        summary,
        description,
        consumes,
        querystring,
        params = defaults.params,
        headers,
        body,
        response,
        ...options
      } = spec;
      if (!level) throw new Error(`${method.toUpperCase()} ${url} declares no access`);
      const schema = {
        ...access(level, { owner, limit, unauthenticated, forbidden, proofOfWork }),
        tags,
        summary,
        ...defined({ description, consumes, querystring, params, headers, body }),
        response,
      };
      const handle = handler as RouteHandlerMethod;
      app[method](url, { ...options, schema }, success ? answeringWith(success, handle) : handle);
    };
  return {
    /**
     * A route of the table in contract/routes/ (`route.on(listingRoutes.purchase, { limit }, handler)`): its
     * method, path, access, words and shapes come from the entry, the server-only options from the second
     * argument; the schema built is the one `route.post(path, spec, handler)` would build.
     */
    on: <E extends RouteEntry>(entry: E, options: ServerOptions, handler: Handler<EntryShapes<E>>) => {
      const { method, path, prefix = '/api/v1', query, tags, ...shapes } = entry;
      // The web calls the entry under its prefix: served anywhere else, every call would be a 404.
      if (app.prefix !== prefix)
        throw new Error(`${method} ${prefix}${path} is registered under ${app.prefix || '/'}`);
      const lower = method.toLowerCase() as Lowercase<typeof method>;
      const spec = { ...shapes, querystring: query, tags: tags && [...tags], ...options };
      (declare(lower) as (url: string, spec: RouteSpec, handler: RouteHandlerMethod) => void)(
        path,
        spec as RouteSpec,
        handler as RouteHandlerMethod,
      );
    },
    get: declare('get'),
    post: declare('post'),
    put: declare('put'),
    patch: declare('patch'),
    delete: declare('delete'),
  };
}
