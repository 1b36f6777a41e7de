import type { ProofOfWork } from '../../contract/anti-bot.ts';
import type { AccessLevel } from '../../contract/routes/route.ts';
import type { RateRuleName } from './rate-limit.ts';

/**
 * The route contract: who may call a route and which rate limits count it, declared once in its `schema`
 * (spread `...access(...)`, which route files leave to `routesFor` in plugins/routes-for.ts), written into its
 * OpenAPI operation (`x-access`, `x-owner`, `x-rate-limit`) and enforced by the framework
 * (plugins/route-contract.ts) before the body is parsed or validated. Handlers read `request.viewer`; they
 * never look up the session or call a limiter themselves. The access-matrix suite
 * (server/security/access-matrix.test.ts) reads the declarations from /api/openapi.json and proves them.
 *
 * - `public`: anyone, signed in or not (`request.viewer` is the member or null).
 * - `member`: any signed-in member; a visitor gets 401.
 * - `staff`: moderators and admins; a member gets 403.
 * - `admin`: admins only; a moderator gets 403.
 * `owner` names the kind of resource the route's `:id` points at when only its owner (or staff) may use
 * it: another member gets 403 or 404 (the owning service decides, through server/policy.ts).
 */
export { type AccessLevel, accessLevels } from '../../contract/routes/route.ts';

export const ownedResources = [
  'post',
  'comment',
  'forumThread',
  'forumReply',
  'ticket',
  'notification',
  'listing',
  /** An order, owned by its buyer (its seller may see it too; any other member may not). */
  'order',
] as const;
export type OwnedResource = (typeof ownedResources)[number];

export interface AccessOptions {
  owner?: OwnedResource;
  /** Rate limits counted for every call that passes access and validation. */
  limit?: RateRuleName | RateRuleName[];
  /** The 401 text a visitor sees (the spec words some per action, "You must be logged in to …"). */
  unauthenticated?: string;
  /** The 403 text for a signed-in caller below the level. */
  forbidden?: string;
  /**
   * A solved ALTCHA challenge in the `X-Altcha` header (issue 36): on every call, or only on a `new` member's
   * first post. Checked after the rate limits, before the handler (modules/anti-bot).
   */
  proofOfWork?: ProofOfWork;
}

export interface AccessMeta {
  'x-access': AccessLevel;
  'x-owner'?: OwnedResource;
  'x-rate-limit'?: RateRuleName[];
  'x-unauthenticated'?: string;
  'x-forbidden'?: string;
  'x-proof-of-work'?: ProofOfWork;
}

export function access(level: AccessLevel, options: OwnedResource | AccessOptions = {}): AccessMeta {
  const o: AccessOptions = typeof options === 'string' ? { owner: options } : options;
  const meta: AccessMeta = { 'x-access': level };
  if (o.owner) meta['x-owner'] = o.owner;
  if (o.limit) meta['x-rate-limit'] = Array.isArray(o.limit) ? o.limit : [o.limit];
  if (o.unauthenticated) meta['x-unauthenticated'] = o.unauthenticated;
  if (o.forbidden) meta['x-forbidden'] = o.forbidden;
  if (o.proofOfWork) meta['x-proof-of-work'] = o.proofOfWork;
  return meta;
}
