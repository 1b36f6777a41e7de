import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listListings } from '../modules/commerce/listings/queries/browse.ts';
import { findListing } from '../modules/commerce/listings/queries/detail.ts';
import { lockForPurchase, purchase } from '../modules/commerce/purchase/queries.ts';
import {
  findCounterpart,
  selectConversationPage,
  selectThreadPage,
  sendIfAllowed,
} from '../modules/direct-messages/queries.ts';
import { listCategories } from '../modules/forum/queries/categories.ts';
import { listReplies } from '../modules/forum/queries/replies.ts';
import { listThreadsInCategory } from '../modules/forum/queries/thread-lists.ts';
import { findThread } from '../modules/forum/queries/threads.ts';
import { findSellerFigures } from '../modules/reputation/queries.ts';
import { selectSearch } from '../modules/search/queries.ts';
import { selectPostPage } from '../modules/social/queries.ts';
import { createRateLimiter } from '../plugins/rate-limit.ts';
import { countStatements } from '../test/statement-counter.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import type { Db } from './client.ts';

/*
 * The SQL text of the hot statements, committed under server/db/sql-snapshots/ (immich's @GenerateSql idea):
 * a change to what a page view or a purchase sends to the database shows in review as a diff of plain SQL,
 * not only as a change to the Drizzle code that builds it. Each case calls the query function as a request
 * would and records every statement it sends (both drivers send the same text). The committed file must
 * match; `npm run sql:snapshots` rewrites the files (and removes a case's file when the case is gone).
 */

const DIR = path.resolve('server/db/sql-snapshots');
const WRITE = process.env.SQL_SNAPSHOTS === 'write';
const UPDATE_HINT =
  'If the change is intended, run `npm run sql:snapshots` and commit server/db/sql-snapshots/.';

const member = randomUUID();
const other = randomUUID();
const id = randomUUID();
const at = '2026-01-02T03:04:05.678901Z';

/** Each case: what it is, and the call a request makes (values are arbitrary: only the text is kept). */
const cases: Record<string, { about: string; run: (db: Db) => Promise<unknown> }> = {
  forum_categories_visitor: {
    about: 'the forum home: categories',
    run: (db) => listCategories(db, null),
  },
  forum_categories_member: {
    about: "the forum home: categories with the member's unread counts",
    run: (db) => listCategories(db, member),
  },
  forum_threads_in_category_member: {
    about: "a category's first page of threads, for a member",
    run: (db) => listThreadsInCategory(db, member, id, undefined, 20),
  },
  forum_threads_in_category_member_after: {
    about: "a category's next page of threads (pinned, activity, id cursor)",
    run: (db) => listThreadsInCategory(db, member, id, [false, at, id], 20),
  },
  forum_thread_visitor: {
    about: 'a thread page, for a visitor',
    run: (db) => findThread(db, id, null),
  },
  forum_thread_member: {
    about: "a thread page with the member's vote, watch and read position",
    run: (db) => findThread(db, id, member),
  },
  forum_replies_member: {
    about: "a thread's first page of replies, with the member's likes",
    run: (db) => listReplies(db, member, id, undefined, 20),
  },
  forum_replies_member_after: {
    about: "a thread's next page of replies",
    run: (db) => listReplies(db, member, id, [at, id], 20),
  },
  listing_page_newest: {
    about: 'the marketplace, newest first, no filter',
    run: (db) => listListings(db, { sort: 'newest', limit: 24 }),
  },
  listing_page_price_low_active_after: {
    about: 'the marketplace, active listings by price, next page',
    run: (db) =>
      listListings(db, { sort: 'price_low', status: 'active', after: [false, 100, id], limit: 24 }),
  },
  listing_word_search: {
    about: 'a marketplace search the word index answers (decision 031)',
    run: (db) => listListings(db, { sort: 'newest', q: 'aimbot', limit: 24 }),
  },
  listing_search: {
    about: 'a marketplace search of a short word: the trigram engine (decision 013)',
    run: (db) => listListings(db, { sort: 'newest', q: 'ab', limit: 24 }),
  },
  listing_by_id: {
    about: 'a listing detail page',
    run: (db) => findListing(db, id),
  },
  seller_figures: {
    about: "a seller's figures on their listing and profile",
    run: (db) => findSellerFigures(db, member),
  },
  social_post_page_member: {
    about: 'the feed, for a member',
    run: (db) => selectPostPage(db, { viewerId: member, limit: 20 }),
  },
  social_post_page_member_following: {
    about: 'the Following feed',
    run: (db) => selectPostPage(db, { viewerId: member, followingOnly: true, limit: 20 }),
  },
  dm_conversation_page: {
    about: "a member's conversations",
    run: (db) => selectConversationPage(db, member, undefined, 20),
  },
  dm_counterpart: {
    about: 'a conversation thread: the other member and the blocks between the two',
    run: (db) => findCounterpart(db, member, other),
  },
  dm_thread_page: {
    about: "a conversation thread's latest messages",
    run: (db) => selectThreadPage(db, member, other, undefined, 30),
  },
  dm_send: {
    about:
      'a direct message: the checks, the message, both conversation rows, the notification and the live events',
    run: (db) =>
      rolledBack(db, (tx) =>
        sendIfAllowed(tx, {
          senderId: member,
          recipientId: other,
          message: 'hello',
          namesContact: false,
          firstContact: { allowed: false, lockKey: `new-contact:${member}` },
          notification: {
            id,
            content: () => 'member: hello',
          },
        }),
      ),
  },
  search: {
    about: 'global search (words the index answers)',
    run: (db) => selectSearch(db, 'aimbot', 5),
  },
  rate_limit_hit: {
    about: 'one hit of a rate limit, on most writes (decision 004)',
    run: (db) => createRateLimiter(db, 1).hit('postPerUser', member),
  },
  lock_for_purchase: {
    about: "a purchase's first statement: the buyer's lock and the listing",
    run: (db) => rolledBack(db, (tx) => lockForPurchase(tx, id, member)),
  },
  purchase_link: {
    about: 'the sale of a listing with a content link, in one statement',
    run: (db) => rolledBack(db, (tx) => purchase(tx, purchaseInput(false))),
  },
  purchase_keys: {
    about: 'the sale of license keys, in one statement (stock taken at commit, migration 0018)',
    run: (db) => rolledBack(db, (tx) => purchase(tx, purchaseInput(true))),
  },
};

const purchaseInput = (keyed: boolean) => ({
  orderId: id,
  notificationId: randomUUID(),
  listingId: randomUUID(),
  buyerId: member,
  buyerName: 'buyer',
  expectedPrice: 100,
  units: 1,
  fee: 5,
  protectionHours: 72,
  idempotencyKey: null,
  keyed,
});

class RollBack extends Error {}

/** Runs `fn` in a transaction that is then rolled back: the statement's text is what the case keeps. */
async function rolledBack(
  db: Db,
  fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>,
) {
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw new RollBack();
    })
    .catch((err) => {
      if (!(err instanceof RollBack)) throw err;
    });
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Drizzle writes a statement on one line: a line per clause makes a review's diff point at the clause. */
const readable = (statement: string) =>
  statement
    .trim()
    .split('\n')
    .map((line) =>
      line.length <= 120
        ? line
        : line.replace(
            / (from|where|inner join|left join|cross join|order by|group by|limit|returning|on conflict|values|set) /g,
            '\n$1 ',
          ),
    )
    .join('\n');

const snapshotOf = (name: string, about: string, statements: string[]) =>
  `-- ${name}: ${about}\n-- Written by \`npm run sql:snapshots\` (server/db/sql-snapshots.test.ts); do not edit.\n\n${statements
    .map((s) => `${readable(s)};`)
    .join('\n\n')}\n`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('committed SQL of the hot statements', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, async () => {
      const { statements } = await countStatements(t.database, () => c.run(t.db));
      const sent = statements.filter((s) => !TRANSACTION_CONTROL.test(s));
      expect(sent.length, `${name} sent no statement`).toBeGreaterThan(0);
      const actual = snapshotOf(name, c.about, sent);
      const file = path.join(DIR, `${name}.sql`);
      if (WRITE) {
        mkdirSync(DIR, { recursive: true });
        writeFileSync(file, actual);
        return;
      }
      let committed: string | undefined;
      try {
        committed = readFileSync(file, 'utf8');
      } catch {
        committed = undefined;
      }
      expect(committed, `${name}: no committed snapshot at ${file}. ${UPDATE_HINT}`).toBeDefined();
      expect(actual, `${name}: the SQL differs from its committed snapshot ${file}. ${UPDATE_HINT}`).toBe(
        committed,
      );
    });
  }

  it('has a case for every committed snapshot', () => {
    const stale = readdirSync(DIR).filter((f) => f.endsWith('.sql') && !(f.slice(0, -4) in cases));
    if (WRITE) for (const f of stale) rmSync(path.join(DIR, f));
    else expect(stale, `snapshots without a case. ${UPDATE_HINT}`).toEqual([]);
  });
});
