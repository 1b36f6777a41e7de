import { sql } from 'drizzle-orm';
import { rows } from '../../db/sql.ts';
import { enqueueMail } from '../../plugins/queue.ts';
import { stampDigest } from '../me/queries.ts';
import type { MailDeps } from './service.ts';

/** Members considered per run; the rest wait for the next run (the job is periodic). */
const BATCH = 200;

export interface DigestData {
  unreadCount: number;
  unread: { title: string }[];
  threads: { title: string; replies: number; link: string }[];
  listings: { title: string; price: number; link: string }[];
  link: string;
}

/**
 * The digest job (issue 16, item 5). A member is due when their last visit (the newest session activity, or
 * sign-up if they have no session) and their last digest are both older than their period (1 day daily, 7
 * days weekly; 'off' never). Each due member's stamp and mail are one transaction, and the stamp is taken
 * with a condition, so a retried or repeated run never mails anyone twice within their period. A member
 * with nothing to say is stamped too, without a mail (so the job does not re-read them every run).
 */
export async function sendDigests(deps: Pick<MailDeps, 'db' | 'publicUrl'>) {
  const { db, publicUrl } = deps;
  const due = await rows<{ id: string; email: string; period: string }>(
    db,
    sql`select p.id, p.email, (case coalesce(s.digest, 'weekly') when 'daily' then '1 day' else '7 days' end) as period
      from profiles p left join user_settings s on s.user_id = p.id
      where not p.banned and coalesce(s.digest, 'weekly') <> 'off'
        and coalesce(s.last_digest_at, '-infinity') < now() - (case coalesce(s.digest, 'weekly') when 'daily' then interval '1 day' else interval '7 days' end)
        and coalesce((select max(x.updated_at) from sessions x where x.user_id = p.id), p.created_at)
          < now() - (case coalesce(s.digest, 'weekly') when 'daily' then interval '1 day' else interval '7 days' end)
      order by p.id
      limit ${BATCH}`,
  );
  if (due.length === 0) return { mailed: 0, quiet: 0 };

  // The week's busiest threads are the same for everyone: read once per run.
  const threads = (
    await rows<{ id: string; title: string; replies: number }>(
      db,
      sql`select t.id, t.title, count(*)::int as replies
        from forum_replies r join forum_threads t on t.id = r.thread_id
        where r.created_at > now() - interval '7 days'
        group by t.id, t.title
        order by replies desc, t.id
        limit 5`,
    )
  ).map((t) => ({ title: t.title, replies: t.replies, link: `${publicUrl}/forum/post/${t.id}` }));

  let mailed = 0;
  let quiet = 0;
  for (const member of due) {
    await db.transaction(async (tx) => {
      // The condition makes the stamp the claim: a member someone else stamped within the period is skipped.
      if (!(await stampDigest(tx, member.id, member.period))) return;
      const [unread] = await rows<{ count: number; titles: string[] | null }>(
        tx,
        sql`select count(*)::int as count,
            (select array_agg(title) from (select title from notifications
              where user_id = ${member.id} and not read order by created_at desc, id desc limit 5) latest) as titles
          from notifications where user_id = ${member.id} and not read`,
      );
      const listings = (
        await rows<{ id: string; title: string; price: number }>(
          tx,
          sql`select l.id, l.title, l.price::int as price
            from marketplace_listings l join user_followers f on f.following_id = l.user_id
            where f.follower_id = ${member.id} and l.status = 'active'
              and l.created_at > now() - ${member.period}::interval
            order by l.created_at desc, l.id desc
            limit 5`,
        )
      ).map((l) => ({ title: l.title, price: l.price, link: `${publicUrl}/marketplace/${l.id}` }));
      const unreadCount = unread?.count ?? 0;
      if (unreadCount === 0 && threads.length === 0 && listings.length === 0) {
        quiet++;
        return;
      }
      const data: DigestData = {
        unreadCount,
        unread: (unread?.titles ?? []).map((title) => ({ title })),
        threads,
        listings,
        link: `${publicUrl}/`,
      };
      await enqueueMail(tx, {
        to: member.email,
        template: 'digest',
        userId: member.id,
        data: { ...data, unsubscribe: 'digest' },
      });
      mailed++;
    });
  }
  return { mailed, quiet };
}
