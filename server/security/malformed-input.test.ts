import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';
import {
  type ApiDocument,
  databaseSnapshot,
  fillPath,
  type JsonSchema,
  type Operation,
  readDocument,
  sample,
  sampleUrl,
} from './openapi.ts';

/**
 * Property-based malformed input, generated from each operation's own schemas in the OpenAPI document:
 * wrong types, strings past their maximum, negative and fractional numbers, values outside an enum,
 * malformed ids and cursors, unknown fields, broken JSON and a 10 MB body. Every answer is a 4xx in the
 * error shape, never a 5xx, and the database is unchanged after each operation's run (every table's
 * row count and checksum, rate-limit counters aside). Sent by an admin, so nothing stops at the access
 * checks. Fixed seed, few runs per operation: the whole file stays well under a minute.
 */
const SEED = 20_261_121;
const RUNS = { body: 16, query: 6, id: 6 };
const TEN_MB = `{"content":"${'x'.repeat(10 * 1024 * 1024)}"}`;

let t: TestApp;
let doc: ApiDocument;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  doc = await readDocument(t);
  cookie = (await buildSignedInUser(t, { role: 'admin' })).cookie;
});
afterAll(() => t.close());

// Ending the admin's own session would turn every later request into a plain 401.
const skip = (op: Operation) => op.key === 'POST /api/auth/sign-out';

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The JSON types a schema accepts (unknown = anything). */
function kinds(schema: JsonSchema | undefined): Set<Kind> | 'any' {
  const s = doc.resolve(schema);
  if (s.const !== undefined || s.enum) {
    return new Set((s.enum ?? [s.const]).map((v: unknown) => (v === null ? 'null' : typeof v) as Kind));
  }
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (options) {
    const out = new Set<Kind>();
    for (const o of options) {
      const k = kinds(o);
      if (k === 'any') return 'any';
      for (const x of k) out.add(x);
    }
    return out;
  }
  if (!s.type) return 'any';
  const out = new Set<Kind>([s.type].flat());
  if (out.has('integer')) out.add('number');
  return out;
}

const junkString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("' or '1'='1", '<script>alert(1)</script>', '%00', '../../etc/passwd', '\u0000'),
);

/** Values the schema certainly rejects, or null when it accepts anything. */
function badValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> | null {
  const s = doc.resolve(schema);
  const accepted = kinds(s);
  if (accepted === 'any') return null;
  const options: fc.Arbitrary<unknown>[] = [];
  // Wrong types.
  if (!accepted.has('string')) options.push(junkString);
  if (!accepted.has('number')) options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true })));
  if (!accepted.has('boolean')) options.push(fc.boolean());
  if (!accepted.has('null')) options.push(fc.constant(null));
  if (!accepted.has('array')) options.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (!accepted.has('object')) options.push(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer()));
  const single = !s.anyOf && !s.oneOf;
  if (single && s.enum) {
    options.push(junkString.filter((v) => !s.enum.includes(v)));
  }
  if (single && s.type === 'string') {
    if (s.maxLength !== undefined) {
      // Past the maximum, up to a huge string.
      options.push(
        fc
          .integer({ min: s.maxLength + 1, max: Math.max(s.maxLength + 1, 200_000) })
          .map((n) => 'x'.repeat(n)),
      );
    }
    if (s.minLength) options.push(fc.constant('x'.repeat(s.minLength - 1)));
    if (s.format === 'uuid') options.push(junkString.filter((v) => !/^[0-9a-f-]{36}$/i.test(v)));
    if (s.format === 'email') options.push(fc.constantFrom('not-an-email', '@', 'a@'));
  }
  if (single && (s.type === 'integer' || s.type === 'number')) {
    if (s.type === 'integer') options.push(fc.integer({ min: 1, max: 1000 }).map((n) => n + 0.5));
    if (s.minimum !== undefined) options.push(fc.integer({ min: 1, max: 1e6 }).map((n) => s.minimum - n));
    if (s.maximum !== undefined) options.push(fc.integer({ min: 1, max: 1e6 }).map((n) => s.maximum + n));
  }
  return options.length ? fc.oneof(...options) : null;
}

/** A query-string value the parameter certainly rejects (query values arrive as strings). */
function badQueryValue(schema: JsonSchema): fc.Arbitrary<string> | null {
  const s = doc.resolve(schema);
  if (s.enum) return junkString.filter((v) => v !== '' && !s.enum.includes(v));
  if (s.type === 'integer' || s.type === 'number') {
    return fc.oneof(
      fc.constantFrom('abc', '1e400', 'NaN', '--1'),
      fc.integer({ min: 1, max: 1e6 }).map((n) => String(-n - (s.type === 'integer' ? 0.5 : 0))),
    );
  }
  if (s.type === 'string') {
    const options: fc.Arbitrary<string>[] = [];
    if (s.maxLength !== undefined) {
      options.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 5000 }).map((n) => 'y'.repeat(n)));
    }
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      options.push(junkString.filter((v) => v !== '' && !re.test(v)));
    }
    if (s.format === 'uuid') options.push(junkString.filter((v) => v !== '' && !/^[0-9a-f-]{36}$/i.test(v)));
    return options.length ? fc.oneof(...options) : null;
  }
  return null;
}

const unknownFields = fc.dictionary(
  fc.constantFrom(
    'role',
    'balance',
    'credits',
    'banned',
    'isAdmin',
    'userId',
    '__proto__',
    'constructor',
    'zz',
  ),
  fc.oneof(fc.integer(), fc.constant('admin'), fc.constant(true)),
);

function bodyArbitrary(op: Operation): fc.Arbitrary<{ raw: string; what: string }> {
  const schema = doc.resolve(op.body);
  const valid = sample(doc, schema) as Record<string, unknown>;
  const props = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .map(([name, prop]) => ({ name, bad: badValue(prop) }))
    .filter((p): p is { name: string; bad: fc.Arbitrary<unknown> } => p.bad !== null);
  const options: fc.Arbitrary<{ raw: string; what: string }>[] = [
    // Broken JSON: a valid body cut short.
    fc
      .integer({ min: 1, max: Math.max(1, JSON.stringify(valid).length - 1) })
      .map((n) => ({ raw: JSON.stringify(valid).slice(0, n), what: 'broken JSON' })),
  ];
  const topLevel = badValue(schema);
  if (topLevel) options.push(topLevel.map((v) => ({ raw: JSON.stringify(v), what: 'wrong top-level type' })));
  if (props.length) {
    options.push(
      fc.tuple(fc.constantFrom(...props), unknownFields).chain(([prop, extra]) =>
        prop.bad.map((v) => ({
          raw: JSON.stringify({ ...extra, ...valid, [prop.name]: v }),
          what: `bad ${prop.name}`,
        })),
      ),
    );
  }
  return fc.oneof(...options);
}

async function send(op: Operation, url: string, raw?: string) {
  const res = await t.app.inject({
    method: op.method,
    url,
    headers: { cookie, ...(raw !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: raw,
  });
  let message: unknown;
  try {
    message = res.json().error?.message;
  } catch {
    message = undefined; // not JSON: not the error shape
  }
  const ok = res.statusCode >= 400 && res.statusCode < 500 && typeof message === 'string' && message !== '';
  return { ok, status: res.statusCode, body: res.body.slice(0, 160) };
}

/** Runs a property with the fixed seed; returns a failure line instead of throwing. */
async function check<T>(
  label: string,
  arb: fc.Arbitrary<T>,
  runs: number,
  run: (v: T) => Promise<string | null>,
) {
  let failure: string | null = null;
  await fc
    .assert(
      fc.asyncProperty(arb, async (v) => {
        const problem = await run(v);
        if (problem) failure ??= `${label}: ${problem}`;
        return problem === null;
      }),
      { seed: SEED, numRuns: runs, endOnFailure: true },
    )
    .catch((err: unknown) => {
      // A property that threw (rather than returned false) is a failure too.
      failure ??= `${label}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
    });
  return failure;
}

describe('malformed input on every operation', () => {
  it('answers a 4xx in the error shape, never a 5xx, and leaves the database unchanged', async () => {
    const ops = doc.operations.filter((op) => !skip(op));
    expect(ops.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let requests = 0;
    expect(Object.keys(await databaseSnapshot(t)).length).toBeGreaterThan(15);
    for (const op of ops) {
      const before = await databaseSnapshot(t);
      const validUrl = sampleUrl(doc, op);
      const validBody = op.body ? JSON.stringify(sample(doc, op.body)) : undefined;

      if (op.body) {
        const f = await check(`${op.key} body`, bodyArbitrary(op), RUNS.body, async ({ raw, what }) => {
          requests++;
          const r = await send(op, validUrl, raw);
          return r.ok ? null : `${what} ${raw.slice(0, 80)} → ${r.status} ${r.body}`;
        });
        if (f) failures.push(f);
        requests++;
        const big = await send(op, validUrl, TEN_MB);
        if (!big.ok) failures.push(`${op.key} 10 MB body → ${big.status} ${big.body}`);
      }

      const queries = op.query
        .map((q) => ({ name: q.name, bad: badQueryValue(q.schema) }))
        .filter((q): q is { name: string; bad: fc.Arbitrary<string> } => q.bad !== null);
      if (queries.length) {
        const arb = fc.constantFrom(...queries).chain((q) => q.bad.map((v) => ({ name: q.name, v })));
        const f = await check(`${op.key} query`, arb, RUNS.query, async ({ name, v }) => {
          requests++;
          const base = fillPath(
            op.path,
            Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(doc, p.schema, p.name))])),
          );
          const r = await send(op, `${base}?${name}=${encodeURIComponent(v)}`, validBody);
          return r.ok ? null : `${name}=${v.slice(0, 60)} → ${r.status} ${r.body}`;
        });
        if (f) failures.push(f);
      }

      const ids = op.pathParams
        .map((p) => ({ name: p.name, bad: badQueryValue(p.schema) }))
        .filter((p): p is { name: string; bad: fc.Arbitrary<string> } => p.bad !== null);
      if (ids.length) {
        const arb = fc.constantFrom(...ids).chain((p) => p.bad.map((v) => ({ name: p.name, v })));
        const f = await check(`${op.key} id`, arb, RUNS.id, async ({ name, v }) => {
          requests++;
          const url = fillPath(op.path, { [name]: v });
          const r = await send(op, url, validBody);
          // A malformed id may not match the route at all (e.g. an empty segment): a 404 is right then.
          return r.ok ? null : `${name}=${v.slice(0, 60)} → ${r.status} ${r.body}`;
        });
        if (f) failures.push(f);
      }

      const after = await databaseSnapshot(t);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) failures.push(`${op.key} changed ${changed.join(', ')}`);
    }
    console.log(`malformed input: ${requests} requests over ${ops.length} operations`);
    expect(failures).toEqual([]);
  }, 120_000);
});

/*
 * Well-shaped cursors with wrong values: base64url JSON arrays in each keyset shape the lists use
 * ([time, id], [flag, time, id], [flag, price, id]) with one value wrong at a time — a time PostgreSQL
 * cannot read, an id that is no uuid, a number out of its column's range. Each must be refused before it
 * reaches a cast in SQL: 400 (or 404 where the list's owner in the path does not exist), never a 5xx.
 */
describe('well-shaped cursors with wrong values on every list', () => {
  const good = {
    time: '2026-01-01 00:00:00+00',
    uuid: '6f1c7a52-3c7e-4b8a-9d1e-2f4a5b6c7d8e',
    bool: false,
    int: 5,
  };
  const bad: Record<keyof typeof good, unknown[]> = {
    time: [
      'not-a-time',
      '2026-02-30 10:00:00+00',
      '2026-13-01 00:00:00+00',
      '2026-01-01 25:00:00+00',
      '2026-01-01 00:00:00+99',
      '0000-01-01 00:00:00+00',
      12,
      null,
    ],
    uuid: ['not-a-uuid', '6f1c7a52-3c7e-4b8a-9d1e-2f4a5b6c7d8g', 5],
    bool: ['true', 1],
    int: [1e12, 1.5, '12'],
  };
  const shapes: (keyof typeof good)[][] = [
    ['time', 'uuid'],
    ['bool', 'time', 'uuid'],
    ['bool', 'int', 'uuid'],
  ];
  const cursors = shapes.flatMap((shape) =>
    shape.flatMap((kind, i) =>
      bad[kind].map((value) => {
        const key = shape.map((k, j) => (j === i ? value : good[k]));
        return { what: JSON.stringify(key), cursor: Buffer.from(JSON.stringify(key)).toString('base64url') };
      }),
    ),
  );

  it('answers 400 for each, never a 5xx', async () => {
    const lists = doc.operations.filter(
      (op) => op.method === 'GET' && op.query.some((q) => q.name === 'cursor'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    for (const op of lists) {
      const url = sampleUrl(doc, op);
      for (const { what, cursor } of cursors) {
        const r = await send(op, `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`);
        const allowed = r.status === 400 || (r.status === 404 && op.pathParams.length > 0);
        if (!r.ok || !allowed) failures.push(`${op.key} cursor ${what} → ${r.status} ${r.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
