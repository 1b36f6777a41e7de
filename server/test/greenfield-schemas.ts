import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * BTCPay's Greenfield API as published (server/test/btcpay-greenfield/, copied from the BTCPay Server
 * repository: its README says from where and when), read as data so the loopback server (btcpay-server.ts) validates what we send and its
 * tests check what it answers against the real shapes. A small checker of the OpenAPI 3.0 subset the
 * templates use: $ref, allOf (merged), anyOf, nullable, type, enum, the decimal and int32 formats, required,
 * and additionalProperties: false.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is untyped here
export type Schema = Record<string, any>;

export const greenfieldDir = path.resolve(import.meta.dirname, 'btcpay-greenfield');

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function loadGreenfield() {
  const schemas: Record<string, Schema> = {};
  const webhooks: Record<string, Schema> = {};
  const requests: Record<string, Schema> = {};
  for (const file of readdirSync(greenfieldDir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(path.join(greenfieldDir, file), 'utf8'));
    Object.assign(schemas, doc.components?.schemas ?? {});
    for (const operations of Object.values((doc.paths ?? {}) as Record<string, Record<string, Schema>>))
      for (const op of Object.values(operations)) {
        // A path's `parameters` is a list: it has no requestBody.
        const body = op?.requestBody?.content?.['application/json']?.schema;
        if (body && typeof op.operationId === 'string') requests[op.operationId] = body;
      }
    for (const [type, hook] of Object.entries((doc['x-webhooks'] ?? {}) as Record<string, Schema>)) {
      const ref = hook.post?.requestBody?.content?.['application/json']?.schema;
      if (ref) webhooks[type] = ref;
    }
  }

  const resolve = (s: Schema | undefined): Schema => {
    let out = s ?? {};
    for (let i = 0; i < 20 && typeof out.$ref === 'string'; i++) {
      const name = out.$ref.split('/').pop() as string;
      if (!schemas[name]) throw new Error(`Greenfield schema ${name} not found`);
      out = { ...schemas[name], ...Object.fromEntries(Object.entries(out).filter(([k]) => k !== '$ref')) };
    }
    return out;
  };

  /** One schema with its allOf parts merged: the union of their properties, closed if any part is. */
  const flatten = (input: Schema | undefined): Schema => {
    const s = resolve(input);
    if (!s.allOf) return s;
    const out: Schema = { ...s, properties: { ...(s.properties ?? {}) }, required: [...(s.required ?? [])] };
    delete out.allOf;
    for (const part of s.allOf as Schema[]) {
      const f = flatten(part);
      Object.assign(out.properties, f.properties ?? {});
      out.required.push(...(f.required ?? []));
      out.type ??= f.type;
      out.format ??= f.format;
      out.enum ??= f.enum;
      out.items ??= f.items;
      out.anyOf ??= f.anyOf;
      if (f.nullable) out.nullable = true;
      if (f.additionalProperties === false) out.additionalProperties = false;
    }
    return out;
  };

  const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

  /** What is wrong with `value` as `schema` (nothing: an empty list). */
  const check = (schema: Schema | string, value: unknown, at = '$'): string[] => {
    const s = flatten(typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema);
    if (value === null) return s.nullable || s.type === undefined ? [] : [`${at}: null where not nullable`];
    if (value === undefined) return [`${at}: missing`];
    const errors: string[] = [];
    const type = s.type ?? (s.properties ? 'object' : undefined);
    switch (type) {
      case 'string':
        if (typeof value !== 'string') return [`${at}: ${typeOf(value)} where a string is expected`];
        if (s.format === 'decimal' && !/^-?\d+(\.\d+)?$/.test(value))
          errors.push(`${at}: not a decimal string`);
        break;
      case 'number':
      case 'integer':
        if (typeof value !== 'number' || !Number.isFinite(value))
          return [`${at}: ${typeOf(value)} where a number is expected`];
        if ((type === 'integer' || s.format === 'int32' || s.format === 'int64') && !Number.isInteger(value))
          errors.push(`${at}: not an integer`);
        break;
      case 'boolean':
        if (typeof value !== 'boolean') return [`${at}: ${typeOf(value)} where a boolean is expected`];
        break;
      case 'array':
        if (!Array.isArray(value)) return [`${at}: ${typeOf(value)} where an array is expected`];
        value.forEach((item, i) => {
          errors.push(...check(s.items ?? {}, item, `${at}[${i}]`));
        });
        break;
      case 'object': {
        if (!isObject(value)) return [`${at}: ${typeOf(value)} where an object is expected`];
        const props = (s.properties ?? {}) as Record<string, Schema>;
        for (const key of s.required ?? []) if (!(key in value)) errors.push(`${at}.${key}: required`);
        for (const [key, v] of Object.entries(value)) {
          if (props[key]) errors.push(...check(props[key], v, `${at}.${key}`));
          else if (s.additionalProperties === false) errors.push(`${at}.${key}: not in the schema`);
          else if (isObject(s.additionalProperties))
            errors.push(...check(s.additionalProperties, v, `${at}.${key}`));
        }
        break;
      }
    }
    if (s.enum && !(s.enum as unknown[]).includes(value))
      errors.push(`${at}: ${JSON.stringify(value)} not in ${s.enum}`);
    if (s.anyOf && isObject(value)) {
      const fits = (s.anyOf as Schema[]).some(
        (option) => check({ type: 'object', ...option }, value, at).length === 0,
      );
      if (!fits) errors.push(`${at}: matches none of its anyOf shapes`);
    }
    return errors;
  };

  return {
    /** A named schema, allOf merged. */
    schema: (name: string) => flatten({ $ref: `#/components/schemas/${name}` }),
    /** Any schema with its $ref resolved and allOf merged. */
    flatten,
    /** The request body schema of each webhook event type (x-webhooks). */
    webhooks,
    /** The request body schema of each operation, by operationId (some are declared inline, not named). */
    requests,
    check,
  };
}
export type Greenfield = ReturnType<typeof loadGreenfield>;
