import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildForumCategory,
  buildForumThread,
  buildListing,
  buildSignedInUser,
  fundUser,
} from './test/factories.ts';
import { buildTestApp, type TestApp } from './test/test-app.ts';

/** Detail responses say what the caller may do (server/policy.ts), so the web never re-derives the rules. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('listing abilities', () => {
  it('answer for the visitor, the seller, another member, staff, and after the sale', async () => {
    const seller = await buildSignedInUser(t);
    const member = await buildSignedInUser(t);
    const moderator = await buildSignedInUser(t, { role: 'moderator' });
    const listing = await buildListing(t, { userId: seller.id, price: 40 });
    const url = `/api/v1/listings/${listing.id}`;
    const none = {
      buy: false,
      edit: false,
      delete: false,
      report: false,
      watch: false,
      setDetection: false,
      feedback: false,
    };
    expect((await get(url)).abilities).toEqual(none);
    expect((await get(url, seller.cookie)).abilities).toEqual({
      ...none,
      edit: true,
      delete: true,
      setDetection: true,
    });
    expect((await get(url, member.cookie)).abilities).toEqual({
      ...none,
      buy: true,
      report: true,
      watch: true,
    });
    expect((await get(url, moderator.cookie)).abilities).toEqual({
      buy: true,
      edit: true,
      delete: true,
      report: true,
      watch: true,
      setDetection: true,
      feedback: false,
    });

    await fundUser(t, member.id, 100);
    const bought = await t.app.inject({
      method: 'POST',
      url: `${url}/purchase`,
      headers: { cookie: member.cookie },
      payload: { expectedPrice: 40 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // Sold: the detection status still changes (buyers are alerted), feedback waits for the release.
    expect((await get(url, member.cookie)).abilities).toEqual({ ...none, report: true, watch: true });
    expect((await get(url, seller.cookie)).abilities).toEqual({ ...none, setDetection: true });
    expect((await get(url, moderator.cookie)).abilities).toEqual({
      ...none,
      report: true,
      watch: true,
      setDetection: true,
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${bought.json().id}/confirm`,
      headers: { cookie: member.cookie },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await get(url, member.cookie)).abilities).toEqual({
      ...none,
      report: true,
      watch: true,
      feedback: true,
    });
  });

  it('only cheat listings can be watched or have a detection status', async () => {
    const seller = await buildSignedInUser(t);
    const member = await buildSignedInUser(t);
    const listing = await buildListing(t, { userId: seller.id, type: 'item' });
    const url = `/api/v1/listings/${listing.id}`;
    expect((await get(url, member.cookie)).abilities).toMatchObject({ watch: false, setDetection: false });
    expect((await get(url, seller.cookie)).abilities).toMatchObject({ watch: false, setDetection: false });
  });
});

describe('forum thread abilities', () => {
  it('let the author and staff edit and delete, members reply, and only staff moderate', async () => {
    const author = await buildSignedInUser(t);
    const member = await buildSignedInUser(t);
    const admin = await buildSignedInUser(t, { role: 'admin' });
    const category = await buildForumCategory(t);
    const thread = await buildForumThread(t, { userId: author.id, categoryId: category.id });
    const url = `/api/v1/forum/threads/${thread.id}`;
    const moderation = { pin: false, lock: false, move: false, revisions: false };
    expect((await get(url)).abilities).toEqual({ edit: false, delete: false, reply: false, ...moderation });
    expect((await get(url, member.cookie)).abilities).toEqual({
      edit: false,
      delete: false,
      reply: true,
      ...moderation,
    });
    expect((await get(url, author.cookie)).abilities).toEqual({
      edit: true,
      delete: true,
      reply: true,
      ...moderation,
    });
    expect((await get(url, admin.cookie)).abilities).toEqual({
      edit: true,
      delete: true,
      reply: true,
      pin: true,
      lock: true,
      move: true,
      revisions: true,
    });
  });
});
