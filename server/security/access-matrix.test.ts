import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnedResource } from '../plugins/access.ts';
import {
  type BuiltUser,
  buildComment,
  buildForumCategory,
  buildForumReply,
  buildForumThread,
  buildListing,
  buildNotification,
  buildPost,
  buildSignedInUser,
  buildTicket,
  buildUser,
  fundUser,
} from '../test/factories.ts';
import { buildTestApp, everyRouteEnv, type TestApp } from '../test/test-app.ts';
import { type ApiDocument, type Operation, readDocument, sample, sampleUrl } from './openapi.ts';

/**
 * The access matrix, generated from the OpenAPI document: every operation declares who may call it
 * (`x-access`, `x-owner`, written by `access()` from server/plugins/access.ts) and this suite proves the
 * declaration against the app. An operation without a declaration fails the suite, so a new endpoint
 * cannot slip through unchecked.
 *
 * Requests carry a valid sample body and query built from the operation's own schemas, so they pass
 * validation and reach the access check.
 */
let t: TestApp;
let doc: ApiDocument;
type SignedIn = BuiltUser & { cookie: string };
let owner: SignedIn;
let stranger: SignedIn;
let moderator: SignedIn;
let admin: SignedIn;

/** One resource of each kind an `x-owner` route can point at, owned by `user`; returns its id. */
const builders: Record<OwnedResource, (user: SignedIn) => Promise<string>> = {
  post: async (user) => (await buildPost(t, user.id)).id,
  comment: async (user) => (await buildComment(t, (await buildPost(t, user.id)).id, user.id)).id,
  forumThread: async (user) =>
    (await buildForumThread(t, { userId: user.id, categoryId: (await buildForumCategory(t)).id })).id,
  forumReply: async (user) => {
    const thread = await buildForumThread(t, {
      userId: (await buildUser(t)).id,
      categoryId: (await buildForumCategory(t)).id,
    });
    return (await buildForumReply(t, { userId: user.id, threadId: thread.id })).id;
  },
  ticket: async (user) => (await buildTicket(t, { userId: user.id })).id,
  notification: async (user) => (await buildNotification(t, user.id)).id,
  listing: async (user) => (await buildListing(t, { userId: user.id })).id,
  // Bought through the API, as a buyer does: the order is the buyer's.
  order: async (user) => {
    const listing = await buildListing(t, { userId: (await buildUser(t)).id, price: 10 });
    await fundUser(t, user.id, 100);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${listing.id}/purchase`,
      headers: { cookie: user.cookie },
      payload: { expectedPrice: listing.price },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  },
};

beforeAll(async () => {
  t = await buildTestApp({ env: everyRouteEnv });
  doc = await readDocument(t);
  owner = await buildSignedInUser(t);
  stranger = await buildSignedInUser(t);
  moderator = await buildSignedInUser(t, { role: 'moderator' });
  admin = await buildSignedInUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** Ending a session would sign the caller out for the rest of the suite: these run last or not at all. */
const endsSession = (op: Operation) => op.key === 'POST /api/auth/sign-out';

async function call(op: Operation, cookie: string | undefined, id?: string) {
  const body = op.body ? JSON.stringify(sample(doc, op.body)) : undefined;
  const res = await t.app.inject({
    method: op.method,
    url: sampleUrl(doc, op, id),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body,
  });
  return { status: res.statusCode, body: res.body.slice(0, 200) };
}

const guarded = () => doc.operations.filter((op) => op.access && op.access !== 'public');

describe('access matrix from the OpenAPI document', () => {
  it('every operation declares its access', () => {
    expect(doc.operations.length).toBeGreaterThan(60);
    const undeclared = doc.operations.filter((op) => !op.access).map((op) => op.key);
    expect(undeclared, 'spread ...access(level) from server/plugins/access.ts into these schemas').toEqual(
      [],
    );
    const ownerWithoutId = doc.operations.filter((op) => op.owner && op.pathParams.length === 0);
    expect(ownerWithoutId.map((op) => op.key)).toEqual([]);
    const counts: Record<string, number> = {};
    for (const op of doc.operations) counts[op.access ?? 'none'] = (counts[op.access ?? 'none'] ?? 0) + 1;
    console.log(`access matrix: ${doc.operations.length} operations`, counts);
  });

  it('every non-public operation answers 401 without a session', async () => {
    const failures: string[] = [];
    for (const op of guarded()) {
      const res = await call(op, undefined);
      if (res.status !== 401) failures.push(`${op.key}: ${res.status} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('every staff and admin operation answers 403 to a member', async () => {
    const failures: string[] = [];
    for (const op of guarded().filter((o) => o.access === 'staff' || o.access === 'admin')) {
      const res = await call(op, stranger.cookie);
      if (res.status !== 403) failures.push(`${op.key}: ${res.status} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('every admin-only operation answers 403 to a moderator', async () => {
    const failures: string[] = [];
    for (const op of guarded().filter((o) => o.access === 'admin')) {
      const res = await call(op, moderator.cookie);
      if (res.status !== 403) failures.push(`${op.key}: ${res.status} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('every per-owner resource answers 403 or 404 to another member, and not to its owner', async () => {
    const failures: string[] = [];
    const owned = guarded().filter((o) => o.owner);
    expect(owned.length).toBeGreaterThan(3);
    for (const op of owned) {
      const resource = op.owner as OwnedResource;
      const theirs = await builders[resource](owner);
      const res = await call(op, stranger.cookie, theirs);
      if (res.status !== 403 && res.status !== 404) {
        failures.push(`${op.key} by another member: ${res.status} ${res.body}`);
      }
      // The same request by the owner gets past the access check: the 403/404 above is about ownership.
      const mine = await call(op, owner.cookie, await builders[resource](owner));
      if ([401, 403, 404].includes(mine.status)) {
        failures.push(`${op.key} by its owner: ${mine.status} ${mine.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('staff and admin operations let the right role through (the 401/403 above are about the role)', async () => {
    const failures: string[] = [];
    for (const op of guarded()) {
      if (endsSession(op)) continue;
      const who = op.access === 'staff' ? moderator : op.access === 'admin' ? admin : stranger;
      const res = await call(op, who.cookie);
      if (res.status === 401 || (res.status === 403 && op.access !== 'member')) {
        failures.push(`${op.key} as ${who.role}: ${res.status} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // Public does not mean every call succeeds (two-factor/verify answers 401 without a pending sign-in),
  // but a visitor is never refused for a role.
  it('public operations never answer a visitor 403 or 5xx', async () => {
    const failures: string[] = [];
    for (const op of doc.operations.filter((o) => o.access === 'public')) {
      const res = await call(op, undefined);
      if (res.status === 403 || res.status >= 500) failures.push(`${op.key}: ${res.status} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});
