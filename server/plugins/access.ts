/**
 * Who may call a route, written into its OpenAPI operation as `x-access` (and `x-owner` for a resource
 * that belongs to one member). The checks themselves stay in the services; this is the declaration the
 * access-matrix suite (server/security/access-matrix.test.ts) reads from /api/openapi.json and proves
 * against the running app, so every route must carry one: spread `...access(...)` into its `schema`.
 *
 * - `public`: anyone, signed in or not.
 * - `member`: any signed-in member; a visitor gets 401.
 * - `staff`: moderators and admins; a member gets 403.
 * - `admin`: admins only; a moderator gets 403.
 * `owner` names the kind of resource the route's `:id` points at when only its owner (or staff) may use
 * it: another member gets 403 or 404.
 */
export const accessLevels = ['public', 'member', 'staff', 'admin'] as const;
export type AccessLevel = (typeof accessLevels)[number];

export const ownedResources = [
  'post',
  'comment',
  'forumThread',
  'ticket',
  'notification',
  'listing',
  /** An order, owned by its buyer (its seller may see it too; any other member may not). */
  'order',
] as const;
export type OwnedResource = (typeof ownedResources)[number];

export interface AccessMeta {
  'x-access': AccessLevel;
  'x-owner'?: OwnedResource;
}

export function access(level: AccessLevel, owner?: OwnedResource): AccessMeta {
  return owner ? { 'x-access': level, 'x-owner': owner } : { 'x-access': level };
}
