import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { GENERIC_PLANS } from '../../server/db/client.ts';
import { runPrepared } from '../../server/db/prepared-read.ts';

/**
 * The references, as a child process of the benchmark (like the app):
 * - `/ceiling/<name>`: replays the SQL statements the app sent for one request of that endpoint (captured by
 *   run.ts), through `pg` on one pooled connection, behind a bare node:http server; the body is every
 *   statement's rows as JSON, so it carries all the app read, as the app's response must (it carried the last
 *   statement's alone before: a listing's detail answered with its seller's score).
 *   Every statement goes as a named prepared statement, parsed and planned once per connection, through the
 *   app's own reader (server/db/prepared-read.ts: its result described once, then bound and executed): the
 *   best the driver offers, and what the app itself does for every named statement, so the ratio measures the
 *   app's own overhead and not the protocol (issue 38). A statement the app sent on a connection that keeps generic
 *   plans (decision 078) is replayed on such a connection.
 * - `/ceiling-pg/<name>`: the same statements named through pg's own Query (the result described again at every
 *   call), the named ceiling before the app had its reader; and `/ceiling-unnamed/<name>`: unnamed (parsed and
 *   planned on every call), the ceiling as it was before that. Both printed beside the named one.
 * - `/old-feed`: the feed as the spec's client built it: one read of the posts (author joined, newest first,
 *   one page), then for every post its like count, whether I liked it, whether I follow its author and its
 *   comments oldest first (four queries per post, per post in parallel as the client's Promise.all did).
 */
export interface Statement {
  text: string;
  values?: unknown[];
  rowMode?: 'array';
  /** The name the app gave it (a prepared statement of its own), when it gave one. */
  name?: string;
  /** Sent on one of the app's connections that keep generic plans (decision 078): replayed named on one too. */
  generic?: boolean;
}
export interface CeilingPlan {
  routes: Record<string, Statement[]>;
  oldFeed: { viewerId: string; pageSize: number };
}

const plan = JSON.parse(readFileSync(process.env.CEILING_PLAN!, 'utf8')) as CeilingPlan;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});
const genericPlans = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
  options: GENERIC_PLANS,
});

/** One name per statement text: pg prepares a name once per connection and refuses it for another text. */
const names = new Map<string, string>();
const nameOf = (text: string) => {
  const known = names.get(text);
  if (known) return known;
  const name = `ceiling_${names.size}`;
  names.set(text, name);
  return name;
};

/** How a replay sends its statements: the app's reader, pg's own Query named, or unnamed. */
type Protocol = 'reader' | 'pg' | 'unnamed';

async function replay(statements: Statement[], protocol: Protocol) {
  const client = await pool.connect();
  try {
    const rows: unknown[][] = [];
    for (const { name: _, generic, ...s } of statements) {
      const on = generic ? genericPlans : client;
      rows.push(
        (protocol === 'reader'
          ? await runPrepared(on, s.text, nameOf(s.text), s.values ?? [], s.rowMode === 'array')
          : protocol === 'pg'
            ? await on.query({ ...s, name: `pg_${nameOf(s.text)}` })
            : await client.query(s)
        ).rows,
      );
    }
    return rows;
  } finally {
    client.release();
  }
}

async function oldFeed() {
  const me = plan.oldFeed.viewerId;
  const { rows: posts } = await pool.query(
    `select p.id, p.content, p.image_url, p.created_at, p.user_id,
            u.id as author_id, u.username, u.avatar_url, u.role
       from social_posts p join profiles u on u.id = p.user_id
      order by p.created_at desc limit $1`,
    [plan.oldFeed.pageSize],
  );
  return Promise.all(
    posts.map(async (post) => {
      const [likes, liked, following, comments] = await Promise.all([
        pool.query('select count(*)::int as n from post_likes where post_id = $1', [post.id]),
        pool.query('select 1 from post_likes where post_id = $1 and user_id = $2', [post.id, me]),
        pool.query('select 1 from user_followers where follower_id = $1 and following_id = $2', [
          me,
          post.user_id,
        ]),
        pool.query(
          `select c.id, c.content, c.created_at, u.username, u.avatar_url
             from social_comments c join profiles u on u.id = c.user_id
            where c.post_id = $1 order by c.created_at`,
          [post.id],
        ),
      ]);
      return {
        ...post,
        likeCount: likes.rows[0].n,
        likedByMe: liked.rowCount! > 0,
        followingAuthor: following.rowCount! > 0,
        comments: comments.rows,
      };
    }),
  );
}

const PROTOCOLS: Record<string, Protocol> = {
  ceiling: 'reader',
  'ceiling-pg': 'pg',
  'ceiling-unnamed': 'unnamed',
};

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url!, 'http://x');
    let body: unknown;
    if (url.pathname === '/old-feed') body = await oldFeed();
    else if (url.pathname.startsWith('/ceiling')) {
      const [, kind, route] = url.pathname.split('/');
      const statements = plan.routes[route!];
      const protocol = PROTOCOLS[kind!];
      if (!statements || !protocol) {
        res.writeHead(404).end();
        return;
      }
      body = await replay(statements, protocol);
    } else {
      res.writeHead(url.pathname === '/ready' ? 200 : 404).end();
      return;
    }
    const json = JSON.stringify(body);
    // Framed by its length, as the app frames its answers: without it node:http sends the body chunked, which
    // costs the client parsing the chunks and made this reference 2-10 % slower than the same replay behind
    // Fastify (issue 38, decision 084).
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) })
      .end(json);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void Promise.all([pool.end(), genericPlans.end()]).then(() => process.exit(0));
});
