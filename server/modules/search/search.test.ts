import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../contract/search.ts';
import { profiles } from '../../db/schema/index.ts';
import {
  buildCheat,
  buildForumCategory,
  buildForumThread,
  buildListing,
  buildUser,
} from '../../test/factories.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { selectSearch } from './queries.ts';

let t: TestApp;
let tag: string;
beforeAll(async () => {
  t = await buildTestApp();
  tag = `zq${randomUUID().slice(0, 6)}`;
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};

describe('GET /api/v1/search', () => {
  it('is public and answers nothing for an empty or one-character query', async () => {
    expect(await search('')).toEqual({ cheats: [], users: [], listings: [], threads: [] });
    expect(await search('a')).toEqual({ cheats: [], users: [], listings: [], threads: [] });
  });

  it('finds forum threads by title or body, title matches first: candidates, then one ranked statement for every kind', async () => {
    const author = await buildUser(t);
    const category = await buildForumCategory(t);
    const word = `fq${randomUUID().slice(0, 6)}`;
    const byBody = await buildForumThread(t, {
      userId: author.id,
      categoryId: category.id,
      title: 'Detection report',
      content: `The **${word}** loader got flagged`,
    });
    const byTitle = await buildForumThread(t, {
      userId: author.id,
      categoryId: category.id,
      title: `${word} setup guide`,
      replyCount: 2,
    });
    await buildForumThread(t, { userId: author.id, categoryId: category.id, title: 'Unrelated thread' });
    const { result, statements } = await countStatements(t.database, () => search(word.toUpperCase()));
    const searching = statements.filter((s) => /forum_threads/.test(s));
    // The candidates planned for the words (the indexed words, members' and threads' substring matches), then
    // the ranking of every kind, which keeps its generic plan (decision 078).
    expect(searching).toHaveLength(2);
    expect(searching[0]).toMatch(/search_words/);
    expect(searching[0]).not.toMatch(/cheats/);
    expect(searching[1]).toMatch(/cheats/);
    expect(result.threads).toEqual([
      { id: byTitle.id, title: `${word} setup guide`, replyCount: 2 },
      { id: byBody.id, title: 'Detection report', replyCount: 0 },
    ]);
  });

  it('400 for an over-long query', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?q=${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
  });

  it('finds up to 3 cheats, 3 members and 3 active listings, exact then prefix matches first', async () => {
    const seller = await buildUser(t);
    // Exact, prefix and contains matches, inserted in the opposite order.
    await buildCheat(t, { title: `The ${tag} pack` });
    await buildCheat(t, { title: `Another ${tag} thing` });
    const prefixCheat = await buildCheat(t, { title: `${tag} Aimbot`, status: 'detected' });
    const exactCheat = await buildCheat(t, { title: tag });
    const exactUser = await buildUser(t, { username: tag });
    const prefixUser = await buildUser(t, { username: `${tag}_x` });
    await buildUser(t, { username: `a_${tag}` });
    await buildUser(t, { username: `b_${tag}` });
    await buildUser(t, { username: `c_${tag}`.slice(0, 20) });
    const banned = await buildUser(t, { username: `d_${tag}` });
    await t.db.update(profiles).set({ banned: true }).where(eq(profiles.id, banned.id));
    const activeListing = await buildListing(t, { userId: seller.id, title: `${tag} listing` });
    await buildListing(t, { userId: seller.id, title: `Sold ${tag} listing`, status: 'sold' });

    const { result, statements } = await countStatements(t.database, () => search(tag.toUpperCase()));
    expect(statements.filter((s) => /cheats/.test(s))).toHaveLength(1);
    const r = result;
    expect(r.cheats).toHaveLength(3);
    expect(r.cheats.slice(0, 2).map((c) => c.id)).toEqual([exactCheat.id, prefixCheat.id]);
    expect(r.cheats[1]).toEqual({ id: prefixCheat.id, title: `${tag} Aimbot`, status: 'detected' });
    expect(r.users).toHaveLength(3);
    expect(r.users.slice(0, 2).map((u) => u.id)).toEqual([exactUser.id, prefixUser.id]);
    expect(r.users.map((u) => u.id)).not.toContain(banned.id);
    expect(r.users[0]).toEqual({ id: exactUser.id, username: tag, avatarUrl: null });
    expect(r.listings).toEqual([{ id: activeListing.id, title: `${tag} listing`, price: 100 }]);
  });

  it('takes listing candidates from the word index, with the answer the trigram indexes give', async () => {
    const seller = await buildUser(t);
    const word = `wq${randomUUID().slice(0, 6)}`;
    const made = [];
    // More title matches than the candidates ranked (20), in words of their own, first or inside a word.
    for (let i = 0; i < 26; i++) {
      const title = i % 3 === 0 ? `${word} Spoofer ${i}` : `Pack x${word}${i % 2 ? 'y' : ''} ${i}`;
      made.push(await buildListing(t, { userId: seller.id, title }));
    }
    await buildListing(t, { userId: seller.id, title: 'Described only', description: `Has ${word} inside.` });
    await buildListing(t, { userId: seller.id, title: `Sold ${word}`, status: 'sold' });

    const { result, statements } = await countStatements(t.database, () => search(word.toUpperCase()));
    const reads = statements.filter((s) => /search_words|listing_words/.test(s));
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatch(/from "search_words"/);
    expect(reads[1]).toMatch(/from "listing_words"/);
    expect(reads[1]).toMatch(/cheats/);
    expect(result.listings).toHaveLength(3);
    for (const limit of [3, 20]) {
      const byWords = await selectSearch(t.db, word, limit);
      const byTrigrams = await selectSearch(t.db, word, limit, { wordIndex: false });
      expect(byWords.listings).toEqual(byTrigrams.listings);
      expect(byWords.listings).toHaveLength(limit);
      const shown = new Set(made.map((l) => l.id));
      expect(byWords.listings.every((l) => shown.has(l.id))).toBe(true);
    }
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await search('%%')).toEqual({ cheats: [], users: [], listings: [], threads: [] });
  });
});
