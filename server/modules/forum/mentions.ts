import { sql } from 'drizzle-orm';
import { forumMentionNotifyLimit } from '../../../contract/forum.ts';
import { notices as n } from '../../../contract/texts/notices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { forumThreads, notifications } from '../../db/schema/index.ts';
import { uuidArray } from '../../db/sql.ts';
import { inLocale } from '../../i18n.ts';
import { countedInMembersLanguage, memberLocale, notifyManyGrouped } from '../notifications/service.ts';
import { findMentions, type MentionedMember, renderMarkdown } from './markdown.ts';
import { findMembersByName, recordMentions } from './queries/mentions.ts';

/** A thread's or reply's Markdown cooked, and the members it addresses with @mentions (outside quotes). */
export interface CookedPost {
  contentHtml: string;
  addressed: MentionedMember[];
}

/**
 * Cooks Markdown with its @mentions resolved: names that are members become links to their profiles. One
 * lookup for every name in the text, none when it names nobody.
 */
export async function cook(db: Db | Tx, source: string): Promise<CookedPost> {
  const mentions = findMentions(source);
  const found = mentions.names.length ? await findMembersByName(db, mentions.names) : [];
  const members = new Map(found.map((m) => [m.username.toLowerCase(), m]));
  return {
    contentHtml: renderMarkdown(source, members),
    addressed: mentions.addressed.flatMap((name) => members.get(name) ?? []),
  };
}

/**
 * Notifies the members a post addresses (bell, live, and mail by their settings, through notifyManyGrouped), in the
 * writing transaction: once per member and post over all its edits, never the author, never across a block
 * either way, at most forumMentionNotifyLimit per post (the first names in the text). Only the author's own
 * writing mentions: a moderator's edit of someone's post notifies nobody in the author's name.
 */
export async function notifyMentions(
  tx: Tx,
  post: { threadId: string; replyId: string | null; author: { id: string; username: string } },
  addressed: MentionedMember[],
) {
  if (addressed.length === 0) return;
  const notified = await recordMentions(
    tx,
    { threadId: post.threadId, replyId: post.replyId, authorId: post.author.id },
    addressed.map((m) => m.id),
    forumMentionNotifyLimit,
  );
  if (notified.length === 0) return;
  const data = post.replyId
    ? { threadId: post.threadId, replyId: post.replyId }
    : { threadId: post.threadId };
  const title = sql`(select ${forumThreads.title} from ${forumThreads} where ${forumThreads.id} = ${post.threadId}::uuid)`;
  // One unread notice per member and thread (issue 36: twenty mentions were twenty notices and mails): a
  // mention while one is unread counts in it ("3 mentions in …") and leads to the newest post.
  const count = sql`(coalesce((${notifications}.data ->> 'count')::int, 1) + 1)`;
  await notifyManyGrouped(
    tx,
    sql`select u.id as user_id, ${memberLocale(sql`u.id`)} as locale, ${title} as content, ${JSON.stringify(data)}::jsonb as data
      from unnest(${uuidArray(notified)}) as u(id)`,
    'forum_mention',
    (l) => inLocale(l, n).mentionedTitle(post.author.username),
    sql`on conflict (user_id, (data ->> 'threadId')) where type = 'forum_mention' and read = false
      do update set title = excluded.title,
        content = ${countedInMembersLanguage(
          memberLocale(sql`${notifications}.user_id`),
          (l, c, thread) => inLocale(l, n).mentions(c, thread),
          count,
          [title],
        )},
        data = excluded.data || jsonb_build_object('count', ${count}::text),
        created_at = now()`,
  );
}
