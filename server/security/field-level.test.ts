import { eq, inArray, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles } from '../db/schema/index.ts';
import { altchaFor } from '../test/altcha.ts';
import { type BuiltUser, buildSignedInUser, buildUser } from '../test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';
import { type ApiDocument, fillPath, type Operation, readDocument, sample, sampleQuery } from './openapi.ts';

/**
 * Field-level authorization over every write operation in the OpenAPI document: a member sends the
 * fields only staff or the system may set (role, balance, credits, banned, verified flags) and fields
 * that point at another member (ids, that member's email and username), with every path id set to the
 * other member. Afterwards the database says the member's privileges are what they were, the other
 * member's account is untouched, and accounts created along the way (sign-up) got no privileges either.
 */
let t: TestApp;
let doc: ApiDocument;
let me: BuiltUser & { cookie: string };
let other: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  doc = await readDocument(t);
  me = await buildSignedInUser(t);
  other = await buildUser(t, { balance: 500, credits: 700 });
});
afterAll(() => t.close());

const privileged = () => ({
  role: 'admin',
  balance: 1_000_000,
  credits: 1_000_000,
  banned: true,
  emailVerified: true,
  twoFactorEnabled: true,
  isAdmin: true,
  isStaff: true,
  vouches: 999,
  ratingTotal: 999,
  rankId: other.id,
  id: other.id,
  userId: other.id,
  authorId: other.id,
  sellerId: other.id,
  ownerId: other.id,
});

const privilegesOf = async (id: string) => {
  const [row] = await t.db
    .select({
      role: profiles.role,
      banned: profiles.banned,
      balance: profiles.balance,
      credits: profiles.credits,
      emailVerified: profiles.emailVerified,
      twoFactorEnabled: profiles.twoFactorEnabled,
      vouches: profiles.vouches,
      ratingTotal: profiles.ratingTotal,
      rankId: profiles.rankId,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
};
const accountOf = async (id: string) => {
  const [row] = await t.db
    .select({
      username: profiles.username,
      email: profiles.email,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      password: accounts.password,
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.userId, profiles.id))
    .where(eq(profiles.id, id));
  return { ...row, ...(await privilegesOf(id)) };
};

// Signing out would end the member's session before the sweep is over.
const skip = (op: Operation) => op.key === 'POST /api/auth/sign-out';

describe('field-level authorization on every write operation', () => {
  it('a member sets no privilege of their own and no field of another member', async () => {
    const writes = doc.operations.filter((op) => op.method !== 'GET' && !skip(op));
    expect(writes.length).toBeGreaterThan(40);
    const myBefore = await privilegesOf(me.id);
    const otherBefore = await accountOf(other.id);
    const existing = (await t.db.select({ id: profiles.id }).from(profiles)).map((r) => r.id);
    let sent = 0;
    let accepted = 0;

    for (const op of writes) {
      const valid = op.body ? (sample(doc, op.body) as Record<string, unknown>) : undefined;
      // Valid body plus the forbidden fields; once more with other's email and username in it.
      const bodies = valid
        ? [
            { ...valid, ...privileged() },
            { ...valid, ...privileged(), email: other.email, username: other.username },
          ]
        : [undefined];
      for (const body of bodies) {
        const res = await t.app.inject({
          method: op.method,
          url: fillPath(op.path, other.id) + sampleQuery(doc, op),
          headers: {
            cookie: me.cookie,
            ...(body ? { 'content-type': 'application/json' } : {}),
            // Sign-up proves it is no bot (issue 36), so its privileged fields are really tried.
            ...(await altchaFor(t.app, op.path)),
          },
          payload: body ? JSON.stringify(body) : undefined,
        });
        sent++;
        if (res.statusCode < 300) accepted++;
        expect(res.statusCode, `${op.key}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    console.log(`field-level: ${sent} requests over ${writes.length} write operations, ${accepted} accepted`);
    // The samples are valid: a good share of the requests did their work, so the checks below mean something.
    expect(accepted).toBeGreaterThan(10);

    // My privileges: unchanged (a member's own money may only go down by spending it; nothing was bought).
    expect(await privilegesOf(me.id)).toEqual(myBefore);
    // The other member: not a single account field changed.
    expect(await accountOf(other.id)).toEqual(otherBefore);
    // Anyone created along the way (sign-up with role/balance/credits in the body) is a plain member.
    const created = await t.db
      .select({
        role: profiles.role,
        banned: profiles.banned,
        balance: profiles.balance,
        credits: profiles.credits,
      })
      .from(profiles)
      .where(not(inArray(profiles.id, existing)));
    expect(created.length, 'sign-up with privileged fields created an account').toBeGreaterThan(0);
    for (const row of created) {
      expect(row.role).toBe('user');
      expect(row.banned).toBe(false);
      expect(row.balance).toBe(0);
      expect(row.credits).toBeLessThan(1_000_000);
    }
  });

  it('PATCH /me with privileged fields next to a real change changes only the allowed field', async () => {
    const bio = 'Only the bio may change here.';
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: me.cookie },
      payload: { bio, ...privileged() },
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    const after = await accountOf(me.id);
    expect(after.role).toBe('user');
    expect(after.banned).toBe(false);
    expect(after.balance).toBe(0);
    expect(after.credits).toBe(0);
    if (res.statusCode === 200) expect(after.bio).toBe(bio);
    expect(await accountOf(other.id)).toMatchObject({ role: 'user', balance: 500, credits: 700 });
  });
});
