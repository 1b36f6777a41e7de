import { getCookies } from 'better-auth/cookies';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AccessLevel, AccessMeta } from './access.ts';

/**
 * What /api/openapi.json adds to the routes' own declarations so outside tools accept it (issue 40, decision
 * 044): a name for every operation, the session cookie as a security scheme and each operation's requirement
 * from its `access()`. Everything is derived; a route file declares nothing more. The document is linted with
 * Redocly's recommended rules in server/security/openapi-lint.test.ts.
 */

/** The security scheme every signed-in operation names (`components.securitySchemes.session`). */
export const sessionScheme = 'session';

/**
 * The operation's name, from its method and path: `/api/v1` (or `/api`) dropped, every segment and path
 * parameter in camel case after the lower-case method. `POST /api/v1/listings/:id/purchase` →
 * `postListingsIdPurchase`, `GET /api/auth/sso/:provider` → `getAuthSsoProvider`. Renaming a path renames its
 * operation only; two routes that would share a name are refused when the document is built.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v1)?(?=\/|$)/, '')
    .split(/[/\-_.:{}]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

const requirementWords: Record<AccessLevel, string> = {
  public: 'Open to anyone; a session cookie, if sent, signs the caller in.',
  member: 'Needs a signed-in member (the session cookie).',
  staff: "Needs a moderator's or an admin's session.",
  admin: "Needs an admin's session.",
};

/**
 * `security` from the access level: a public operation takes the session but does not need it (`{}` is the
 * OpenAPI way to say "or nothing"); every other level needs it. The role above member is not a scope of the
 * cookie, so it is said in words (and in `x-access`).
 */
export function securityFor(level: AccessLevel): Record<string, string[]>[] {
  return level === 'public' ? [{}, { [sessionScheme]: [] }] : [{ [sessionScheme]: [] }];
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** zod's transform, then the operation's name, security and the words of its access level. */
export function transformOperation(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Partial<AccessMeta> & Record<string, unknown>;
  if (schema.hide) return out;
  const level = schema['x-access'];
  const method = String([input.route.method].flat()[0]);
  const described = [schema.description, level && requirementWords[level]].filter(Boolean).join('\n\n');
  return {
    ...out,
    schema: {
      ...schema,
      operationId: operationIdFor(method, input.url),
      ...(level ? { security: securityFor(level), description: described } : {}),
    },
  };
}

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];
type Paths = Record<string, Record<string, { operationId?: string }>>;

/** The session cookie as an OpenAPI security scheme (`components.securitySchemes`, named {@link sessionScheme}). */
export function sessionSecurityScheme(secureCookies: boolean) {
  return {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: getCookies({ advanced: { useSecureCookies: secureCookies } }).sessionToken.name,
    description:
      'The session cookie that signing in sets (better-auth; `__Secure-` prefixed when the site is served over ' +
      'HTTPS).',
  };
}

/** zod's component schemas; refuses a document where two operations share a name. */
export function transformDocument(input: TransformObjectInput): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input);
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries((document.paths ?? {}) as Paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const id = operation.operationId;
      if (!id) continue;
      const other = seen.get(id);
      if (other) throw new Error(`operationId ${id} names both ${other} and ${method.toUpperCase()} ${path}`);
      seen.set(id, `${method.toUpperCase()} ${path}`);
    }
  }
  return document;
}
