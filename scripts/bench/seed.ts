import { PgDialect } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../server/modules/auth/password-hash.ts';
import { derivedConversations } from '../../server/modules/direct-messages/queries.ts';

/**
 * The benchmark's data set, written with set-based SQL (generate_series), the same on PostgreSQL and PGlite.
 * Everything is derived from the row number, so two runs at the same scale produce the same rows (ids are
 * md5-based UUIDs, times are fixed offsets from one base time).
 */
export interface BenchCounts {
  users: number;
  listings: number;
  posts: number;
  comments: number;
  likes: number;
  messages: number;
  /** Forum threads, all in one category (the thread list's worst case); none when unset. */
  threads?: number;
  /** Members with a password (users 1..members): they sign in, buy, read their feed and thread. */
  members: number;
}

export const FULL_COUNTS: BenchCounts = {
  users: 10_000,
  listings: 100_000,
  posts: 100_000,
  comments: 300_000,
  likes: 300_000,
  messages: 1_000_000,
  threads: 10_000,
  /** One buyer per autocannon connection: purchases by one member queue on that member's balance. */
  members: 50,
};

export function scaled(scale: number): BenchCounts {
  const n = (v: number, min: number) => Math.max(min, Math.round(v * scale));
  return {
    users: n(FULL_COUNTS.users, 100),
    listings: n(FULL_COUNTS.listings, 500),
    posts: n(FULL_COUNTS.posts, 200),
    comments: n(FULL_COUNTS.comments, 600),
    likes: n(FULL_COUNTS.likes, 600),
    messages: n(FULL_COUNTS.messages, 2_000),
    threads: n(FULL_COUNTS.threads ?? 0, 200),
    members: FULL_COUNTS.members,
  };
}

export const BENCH_PASSWORD = 'bench-password-1';
export const BASE_TIME = "timestamptz '2026-01-01 00:00:00+00'";
/** Searched in the marketplace: one listing in a thousand has it in its title. */
export const RARE_WORD = 'Legendary';
/** Searched too: one listing title in eight names this product (PRODUCTS below). */
export const COMMON_WORD = 'Aimbot';
/** The forum category holding every bench thread. */
export const BIG_CATEGORY = 'Bench Category';

/** Ids are md5 hashes shaped as version-4 UUIDs (the API validates the version and variant digits). */
const userId = (i: number) =>
  `overlay(overlay(md5('bench-user-${i}') placing '4' from 13) placing '8' from 17)::uuid`;
const uid = (expr: string) =>
  `overlay(overlay(md5('bench-user-' || (${expr})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/** Runs one statement (a pg client, or PGlite through Drizzle). */
export type Exec = (sql: string) => Promise<unknown>;
export interface Runner {
  exec: Exec;
  rows<T>(sql: string): Promise<T[]>;
}

/**
 * A bulk insert is several times faster with the table's plain indexes built afterwards (one sort each) than
 * maintained row by row: drop them, insert, then recreate them from their own definitions.
 */
export async function withIndexesDeferred(db: Runner, tables: string | string[], fn: () => Promise<unknown>) {
  const names = (Array.isArray(tables) ? tables : [tables]).map((t) => `'${t}'`).join(', ');
  const indexes = await db.rows<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.tablename in (${names}) and i.schemaname = 'public'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        and i.indexdef not like 'CREATE UNIQUE%'`,
  );
  for (const ix of indexes) await db.exec(`drop index "${ix.name}"`);
  try {
    await fn();
  } finally {
    for (const ix of indexes) await db.exec(ix.def);
  }
}

const GAMES =
  "array['Valorant','Counter-Strike 2','Apex Legends','Fortnite','Rust','Escape from Tarkov','PUBG','Call of Duty','Overwatch 2','Rainbow Six']";
const PRODUCTS = "array['Aimbot','ESP','Wallhack','Radar','Triggerbot','Spoofer','Skin changer','Config']";
const TYPES = "array['cheat','account','item','other']";

export async function seedUsers(exec: Exec, c: BenchCounts) {
  await exec(`
    insert into profiles (id, username, email, email_verified, bio, created_at, updated_at)
    select ${uid('i')}, 'member' || lpad(i::text, 5, '0'), 'member' || i || '@bench.test', true,
           'Bench member number ' || i, ${BASE_TIME} + i * interval '1 minute', ${BASE_TIME}
    from generate_series(1, ${c.users}) i`);
  const hash = await hashPassword(BENCH_PASSWORD);
  await exec(`
    insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select overlay(overlay(md5('bench-account-' || i) placing '4' from 13) placing '8' from 17)::uuid, ${uid('i')}::text, 'credential', ${uid('i')}, '${hash}', ${BASE_TIME}, ${BASE_TIME}
    from generate_series(1, ${c.members}) i`);
  // Every user follows ten others (the feed's following tab and its "following author" flag).
  await exec(`
    insert into user_followers (follower_id, following_id, created_at)
    select ${uid('u')}, ${uid(`((u - 1 + k * 97) % ${c.users}) + 1`)}, ${BASE_TIME}
    from generate_series(1, ${c.users}) u, generate_series(1, 10) k
    where ((u - 1 + k * 97) % ${c.users}) + 1 <> u
    on conflict do nothing`);
}

/** `seedListings` with the indexes of the listings and of their words (the insert trigger fills
 * listing_words, decision 031) built after the load. */
export function seedListingsDeferred(db: Runner, c: BenchCounts, from: number, to: number) {
  return withIndexesDeferred(db, ['marketplace_listings', 'listing_words', 'search_words'], () =>
    seedListings(db.exec, c, from, to),
  );
}

/** Listings `from`..`to` (1-based). Members never sell, so every active listing is buyable by them. */
export async function seedListings(exec: Exec, c: BenchCounts, from: number, to: number) {
  const sellers = c.users - c.members;
  await exec(`
    insert into marketplace_listings (id, user_id, title, description, price, image_url, game, type, features,
      requirements, detection_status, content_link, status, sold_to, sold_at, created_at, updated_at)
    select overlay(overlay(md5('bench-listing-' || i) placing '4' from 13) placing '8' from 17)::uuid,
      ${uid(`${c.members} + 1 + ((i - 1) % ${sellers})`)},
      (${PRODUCTS})[1 + i % 8] || ' for ' || (${GAMES})[1 + (i / 8) % 10]
        || case when i % 1000 = 7 then ' ${RARE_WORD}' else '' end || ' #' || i,
      'Undetected build, updated weekly, instant delivery. Lot ' || i || '. ' || (${GAMES})[1 + (i / 8) % 10],
      1 + (i * 37) % 5000,
      case when i % 3 = 0 then 'https://images.example.com/l/' || i || '.png' end,
      (${GAMES})[1 + (i / 8) % 10],
      (${TYPES})[1 + i % 4],
      'Feature list ' || i, 'Windows 10 or 11',
      case when i % 4 = 0 then (array['unknown','undetected','detected'])[1 + i % 3] else 'unknown' end,
      'https://content.example.com/' || md5('content-' || i),
      case when i % 10 = 0 then 'sold' else 'active' end,
      case when i % 10 = 0 then ${uid(`1 + (i * 7) % ${c.users}`)} end,
      case when i % 10 = 0 then ${BASE_TIME} + i * interval '10 seconds' + interval '1 day' end,
      ${BASE_TIME} + i * interval '10 seconds', ${BASE_TIME} + i * interval '10 seconds'
    from generate_series(${from}, ${to}) i`);
}

export async function seedSocial(exec: Exec, c: BenchCounts) {
  await exec(`
    insert into social_posts (id, user_id, content, created_at)
    select overlay(overlay(md5('bench-post-' || i) placing '4' from 13) placing '8' from 17)::uuid, ${uid(`1 + (i * 13) % ${c.users}`)},
      'Post ' || i || ': ' || (${PRODUCTS})[1 + i % 8] || ' results on ' || (${GAMES})[1 + i % 10] || ' today.',
      ${BASE_TIME} + i * interval '30 seconds'
    from generate_series(1, ${c.posts}) i`);
  await exec(`
    insert into social_comments (id, post_id, user_id, content, created_at)
    select overlay(overlay(md5('bench-comment-' || i) placing '4' from 13) placing '8' from 17)::uuid, overlay(overlay(md5('bench-post-' || (1 + (i - 1) % ${c.posts})) placing '4' from 13) placing '8' from 17)::uuid,
      ${uid(`1 + (i * 17) % ${c.users}`)}, 'Comment ' || i || ', nice one.',
      ${BASE_TIME} + (1 + (i - 1) % ${c.posts}) * interval '30 seconds' + (1 + (i - 1) / ${c.posts}) * interval '1 minute'
    from generate_series(1, ${c.comments}) i`);
  await exec(`
    insert into post_likes (post_id, user_id, created_at)
    select overlay(overlay(md5('bench-post-' || (1 + (i - 1) % ${c.posts})) placing '4' from 13) placing '8' from 17)::uuid,
      ${uid(`1 + (((i - 1) % ${c.posts}) * 31 + ((i - 1) / ${c.posts}) * 2503) % ${c.users}`)}, ${BASE_TIME}
    from generate_series(1, ${c.likes}) i
    on conflict do nothing`);
  // The counters the service keeps in the row, set from the rows just written.
  await exec(`
    update social_posts p set like_count = l.n
    from (select post_id, count(*)::int n from post_likes group by post_id) l where l.post_id = p.id`);
  await exec(`
    update social_posts p set comment_count = l.n
    from (select post_id, count(*)::int n from social_comments group by post_id) l where l.post_id = p.id`);
}

/**
 * Direct messages: each member writes to the ten members after them; one in a hundred goes to the
 * thread between members 1 and 2, which the benchmark reads (a long thread, paged).
 */
export async function seedMessages(exec: Exec, c: BenchCounts) {
  await exec(`
    insert into direct_messages (id, sender_id, recipient_id, message, read, created_at)
    select overlay(overlay(md5('bench-dm-' || i) placing '4' from 13) placing '8' from 17)::uuid, ${uid('s')}, ${uid('r')}, 'Message ' || i || ' about the trade', true,
      ${BASE_TIME} + i * interval '1 second'
    from (
      select i,
        case when i % 100 = 0 then 1 + (i / 100) % 2 else 1 + (i - 1) % ${c.users} end as s,
        case when i % 100 = 0 then 2 - (i / 100) % 2
             else 1 + ((i - 1) % ${c.users} + 1 + ((i - 1) / ${c.users}) % 10) % ${c.users} end as r
      from generate_series(1, ${c.messages}) i
    ) g
    where s <> r`);
  // The conversation list's rows, derived by the same query the app's tests check its upkeep against.
  const derived = new PgDialect().sqlToQuery(derivedConversations()).sql;
  await exec(`insert into conversations (owner_id, other_id, last_message_id, last_at, unread) ${derived}`);
}

/** The thread with {@link BIG_THREAD_REPLIES} replies (the thread page's case). */
export const BIG_THREAD = `overlay(overlay(md5('bench-thread-1') placing '4' from 13) placing '8' from 17)::uuid`;
export const BIG_THREAD_REPLIES = 1000;
/** How many threads member 1 watches (the category list's unread counts); half have unread replies. */
export const WATCHED_THREADS = 200;

/**
 * Threads in one category, each with its own last-activity time (the list's sort key), watched by their
 * authors; thread 1 has a thousand replies with likes, read half-way by member 1, who watches two hundred
 * threads, half of them with replies they have not read.
 */
export async function seedForum(exec: Exec, c: BenchCounts) {
  const threads = c.threads ?? 0;
  await exec(`insert into forum_categories (name, description, position, thread_count)
    values ('${BIG_CATEGORY}', 'Every benchmark thread', 100, ${threads}) on conflict do nothing`);
  await exec(`
    insert into forum_threads (id, category_id, user_id, last_poster_id, title, content, content_html,
      last_activity_at, created_at)
    select overlay(overlay(md5('bench-thread-' || i) placing '4' from 13) placing '8' from 17)::uuid,
      (select id from forum_categories where name = '${BIG_CATEGORY}'), ${uid(`1 + (i * 11) % ${c.users}`)},
      ${uid(`1 + (i * 11) % ${c.users}`)},
      -- The game is picked by a hash, not i % 10: sorted as text ("Thread 1087", "Thread 1088", …), evenly
      -- spaced histogram bounds fell on one game, so PostgreSQL judged every other game's name absent.
      'Thread ' || i || ' about ' || (${GAMES})[1 + abs(hashtext('bench-thread-game-' || i)) % 10],
      'Opening post of thread ' || i,
      '<p>Opening post of thread ' || i || '</p>',
      ${BASE_TIME} + i * interval '1 minute', ${BASE_TIME} + i * interval '1 minute'
    from generate_series(1, ${threads}) i`);
  if (threads === 0) return;
  await exec(`
    insert into forum_replies (id, thread_id, user_id, content, content_html, like_count, created_at)
    select overlay(overlay(md5('bench-reply-' || k) placing '4' from 13) placing '8' from 17)::uuid,
      ${BIG_THREAD}, ${uid(`1 + (k * 7) % ${c.users}`)}, 'Reply ' || k || ' with a few words of text',
      '<p>Reply ' || k || ' with a few words of text</p>', 3,
      ${BASE_TIME} + interval '1 minute' + k * interval '1 second'
    from generate_series(1, ${BIG_THREAD_REPLIES}) k`);
  await exec(`
    insert into forum_reply_likes (reply_id, user_id)
    select r.id, ${uid(`1 + (r.n * 13 + l) % ${c.users}`)}
    from (select id, row_number() over (order by created_at) as n from forum_replies
      where thread_id = ${BIG_THREAD}) r, generate_series(0, 2) l
    on conflict do nothing`);
  await exec(`
    update forum_threads set reply_count = ${BIG_THREAD_REPLIES}, last_poster_id = ${uid(`1 + (${BIG_THREAD_REPLIES} * 7) % ${c.users}`)},
      last_activity_at = ${BASE_TIME} + interval '1 minute' + ${BIG_THREAD_REPLIES} * interval '1 second'
    where id = ${BIG_THREAD}`);
  await exec(`
    insert into forum_thread_users (user_id, thread_id, watching, last_read_at)
    select user_id, id, true, last_activity_at from forum_threads`);
  await exec(`
    insert into forum_thread_users (user_id, thread_id, watching, last_read_at)
    select ${userId(1)}, overlay(overlay(md5('bench-thread-' || i) placing '4' from 13) placing '8' from 17)::uuid,
      true, ${BASE_TIME} + i * interval '1 minute' - (i % 2) * interval '30 seconds'
    from generate_series(2, ${WATCHED_THREADS}) i
    on conflict (user_id, thread_id) do update set last_read_at = excluded.last_read_at`);
  await exec(`
    insert into forum_thread_users (user_id, thread_id, watching, last_read_at, last_read_reply_id)
    select ${userId(1)}, ${BIG_THREAD}, true, created_at, id from forum_replies
    where thread_id = ${BIG_THREAD} order by created_at, id offset ${BIG_THREAD_REPLIES / 2 - 1} limit 1
    on conflict (user_id, thread_id) do update
      set last_read_at = excluded.last_read_at, last_read_reply_id = excluded.last_read_reply_id`);
}

/** Credits for the members (the buyers), as wallet grants so the ledger agrees with the balances. */
export async function fundMembers(exec: Exec, c: BenchCounts, amount: number) {
  await exec(`
    update profiles set credits = credits + ${amount}
    where id in (select ${uid('i')} from generate_series(1, ${c.members}) i)`);
  await exec(`
    insert into ledger_entries (transfer_id, account, user_id, currency, amount, kind, description)
    select overlay(overlay(md5('bench-grant-' || i) placing '4' from 13) placing '8' from 17)::uuid, leg.account, case when leg.account = 'user' then ${uid('i')} end,
      'credits', leg.amount, 'grant', 'Benchmark funds'
    from generate_series(1, ${c.members}) i,
      (values ('grants', -${amount}), ('user', ${amount})) as leg(account, amount)`);
}

export async function seedAll(db: Runner, c: BenchCounts, log: (msg: string) => void) {
  const exec = db.exec;
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    log(`  seeded ${name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(`${c.users} users`, () => seedUsers(exec, c));
  await step(`${c.listings} listings`, () => seedListingsDeferred(db, c, 1, c.listings));
  await step(`${c.posts} posts, ${c.comments} comments, ${c.likes} likes`, () =>
    withIndexesDeferred(db, 'social_comments', () => seedSocial(exec, c)),
  );
  await step(`${c.messages} messages`, () =>
    withIndexesDeferred(db, 'direct_messages', () => seedMessages(exec, c)),
  );
  await step(`${c.threads} forum threads in one category`, () =>
    withIndexesDeferred(db, 'forum_threads', () => seedForum(exec, c)),
  );
  await step('member credits', () => fundMembers(exec, c, 50_000_000));
  // VACUUM too: rows inserted under a GIN index wait in its pending list, which makes the planner price
  // the trigram indexes as a production database (autovacuum) would not.
  await step('vacuum analyze', () => exec('vacuum analyze'));
  // The load's dirty pages written now rather than by the checkpointer during the first measurements.
  await step('checkpoint', () => exec('checkpoint'));
}
