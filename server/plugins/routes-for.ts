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
  response: Record<number, ZodType>;
  /** The route's `config` (e.g. `notShed`), as `app.get` takes it. */
  config?: object;
}

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The shapes the type provider reads, as `app.get(url, { schema }, handler)` would have them. */
type Shapes<S> = Pick<S, Extract<keyof S, 'params' | 'headers' | 'querystring' | 'body' | 'response'>>;

type Handler<S extends RouteSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Shapes<S>,
  ZodTypeProvider
>;

/** Only the keys that are set, so the schema holds what a hand-written one would. */
const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** `const route = routesFor(app, { tags: ['forum'] })`, then `route.get(url, spec, handler)`. */
export function routesFor(app: ZodApp, defaults: { tags: string[] }) {
  const declare =
    (method: 'get' | 'post' | 'put' | 'patch' | 'delete') =>
    <S extends RouteSpec>(url: string, spec: S, handler: Handler<S>) => {
      const {
        access: level,
        owner,
        limit,
        unauthenticated,
        forbidden,
        tags = defaults.tags,
        summary,
        description,
        consumes,
        querystring,
        params,
        headers,
        body,
        response,
        ...options
      } = spec;
      const schema = {
        ...access(level, { owner, limit, unauthenticated, forbidden }),
        tags,
        summary,
        ...defined({ description, consumes, querystring, params, headers, body }),
        response,
      };
      app[method](url, { ...options, schema }, handler as RouteHandlerMethod);
    };
  return {
    get: declare('get'),
    post: declare('post'),
    put: declare('put'),
    patch: declare('patch'),
    delete: declare('delete'),
  };
}
