import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../db/sql.ts';
import { type AccessLevel, accessLevels, type OwnedResource } from '../plugins/access.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * The security suites walk the API from its OpenAPI document (as server/bad-input.test.ts does), so a
 * new endpoint is covered the day it is added. This file reads the document and builds requests from
 * its schemas: a valid sample (to get past validation to the access checks) and the operation's
 * declared access (`x-access`, `x-owner`: server/plugins/access.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is untyped here
export type JsonSchema = Record<string, any>;

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /api/v1/posts/{id} */
  path: string;
  key: string;
  access: AccessLevel | undefined;
  owner: OwnedResource | undefined;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body schema, if the operation takes a JSON body. */
  body: JsonSchema | undefined;
  /** The operation takes a non-JSON body (a multipart upload). */
  otherBody: boolean;
  /** The statuses the document lists for it. */
  responses: string[];
  rateLimited: boolean;
}

export interface ApiDocument {
  operations: Operation[];
  resolve: (schema: JsonSchema | undefined) => JsonSchema;
}

export async function readDocument(t: TestApp): Promise<ApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<string, Record<string, JsonSchema>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    let s = schema ?? {};
    for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
      const name = s.$ref.split('/').pop() as string;
      s = doc.components?.schemas?.[name] ?? {};
    }
    return s;
  };
  const operations: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Operation['method'];
      const params = (op.parameters ?? []) as JsonSchema[];
      const content = (op.requestBody?.content ?? {}) as Record<string, JsonSchema>;
      const access = op['x-access'];
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        access: accessLevels.includes(access) ? access : undefined,
        owner: op['x-owner'],
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: resolve(p.schema) })),
        body: content['application/json'] ? resolve(content['application/json'].schema) : undefined,
        otherBody: Object.keys(content).some((c) => c !== 'application/json'),
        responses: Object.keys(op.responses ?? {}),
        rateLimited: Boolean(op['x-rate-limit']?.length),
      });
    }
  }
  return { operations, resolve };
}

/** The path with every `{param}` replaced (the same value, or per-name values). */
export function fillPath(path: string, values: string | Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(typeof values === 'string' ? values : (values[name] ?? randomUUID())),
  );
}

const sampleText = 'Sample text for a security test, long enough for every minimum. ';

/** A value the schema accepts (best effort: refinements zod keeps to itself are guessed from names). */
export function sample(doc: ApiDocument, schema: JsonSchema | undefined, name = ''): unknown {
  const s = doc.resolve(schema);
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (s[key]) {
      const option = (s[key] as JsonSchema[]).find((o) => doc.resolve(o).type !== 'null') ?? s[key][0];
      return sample(doc, option, name);
    }
  }
  if (s.allOf) return Object.assign({}, ...(s.allOf as JsonSchema[]).map((o) => sample(doc, o, name)));
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
        out[key] = sample(doc, prop, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(doc, s.items, name));
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(s, name);
    default:
      return null;
  }
}

function sampleString(s: JsonSchema, name: string): string {
  const fitLength = (v: string) => {
    const min = s.minLength ?? 0;
    let out = v;
    while (out.length < min) out += sampleText;
    return out.slice(0, s.maxLength ?? out.length);
  };
  switch (s.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `sample-${randomUUID().slice(0, 8)}@example.com`;
    case 'uri':
    case 'url':
      return 'https://example.com/sample';
    case 'date-time':
      return new Date().toISOString();
  }
  if (/url|link/i.test(name)) return 'https://example.com/sample';
  if (/email/i.test(name)) return `sample-${randomUUID().slice(0, 8)}@example.com`;
  if (/password/i.test(name)) return fitLength('Sample-password-9');
  if (/username/i.test(name)) return `sample_${randomUUID().slice(0, 8)}`;
  if (/^(code|token)$/i.test(name) && s.pattern) return fitLength('123456');
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    for (const candidate of ['abcdef', '123456', 'sample_name', 'abc-def', 'ABCDEF']) {
      const v = fitLength(candidate);
      if (re.test(v)) return v;
    }
  }
  return fitLength(name ? `${sampleText}` : 'sample');
}

/** The operation's URL with valid path parameters (or `id` in every one) and required query. */
export function sampleUrl(doc: ApiDocument, op: Operation, id?: string): string {
  const values = Object.fromEntries(
    op.pathParams.map((p) => [p.name, id ?? String(sample(doc, p.schema, p.name))]),
  );
  return fillPath(op.path, values) + sampleQuery(doc, op);
}

/** A valid query string for the operation (required parameters only). */
export function sampleQuery(doc: ApiDocument, op: Operation): string {
  const parts = op.query
    .filter((q) => q.required)
    .map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(String(sample(doc, q.schema, q.name)))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Every table's row count and content checksum in one statement (rate-limit counters excluded). */
export async function databaseSnapshot(t: TestApp, exclude: string[] = ['rate_limits']) {
  const run = <T>(text: string): Promise<T[]> => rows<T>(t.db, sql.raw(text));
  const tables = await run<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts = tables
    .filter((r) => !exclude.includes(r.name))
    .map(
      (r) =>
        `select '${r.name}' as name, count(*)::int as rows, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as sum from "${r.name}" x`,
    );
  const counts = await run<{ name: string; rows: number; sum: string }>(parts.join(' union all '));
  return Object.fromEntries(counts.map((r) => [r.name, `${r.rows}:${r.sum}`]));
}
