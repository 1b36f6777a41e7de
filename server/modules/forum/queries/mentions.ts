import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { forumMentions, profiles, userBlocks } from '../../../db/schema/index.ts';
import { rows, uuidArray } from '../../../db/sql.ts';

/* @mentions: the members named in a post, and whom it notifies. */

/** The members among `names` (lower-case usernames), as they spell their names: one profiles_username_key lookup. */
export async function findMembersByName(db: Db | Tx, names: string[]) {
  return db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(inArray(sql`lower(${profiles.username})`, names));
}

/**
 * Records whom a post notifies by @mention now, out of `candidates` (member ids in the post's order), in one
 * statement: never its author, nobody who blocked the author or whom the author blocked, nobody this post
 * already notified, and no more than `limit` over the post's life (edits included). The recorded ids.
 */
export async function recordMentions(
  tx: Tx,
  post: { threadId: string; replyId: string | null; authorId: string },
  candidates: string[],
  limit: number,
) {
  const author = sql`${post.authorId}::uuid`;
  const samePost = post.replyId
    ? sql`m.reply_id = ${post.replyId}::uuid`
    : sql`m.thread_id = ${post.threadId}::uuid and m.reply_id is null`;
  const found = await rows<{ user_id: string }>(
    tx,
    sql`insert into ${forumMentions} (thread_id, reply_id, user_id)
      select ${post.threadId}::uuid, ${post.replyId}::uuid, c.id
      from unnest(${uuidArray(candidates)}) with ordinality as c(id, ord)
      where c.id <> ${author}
        and not exists (select 1 from ${userBlocks} b where b.blocker_id = ${author} and b.blocked_id = c.id)
        and not exists (select 1 from ${userBlocks} b where b.blocker_id = c.id and b.blocked_id = ${author})
        and not exists (select 1 from ${forumMentions} m where ${samePost} and m.user_id = c.id)
      order by c.ord
      limit greatest(0, ${limit}::int - (select count(*)::int from ${forumMentions} m where ${samePost}))
      on conflict do nothing
      returning user_id`,
  );
  return found.map((r) => r.user_id);
}
