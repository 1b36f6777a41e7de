import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { locales, sourceLocale } from '../../../contract/i18n/locales.ts';
import { notificationMessages } from '../../../contract/messages.ts';
import { type NotificationPage, notificationLimits } from '../../../contract/notifications.ts';
import { notices } from '../../../contract/texts/notices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notifications, userSettings } from '../../db/schema/index.ts';
import type { NotificationType } from '../../db/schema/notifications.ts';
import { rows } from '../../db/sql.ts';
import { inLocale, type Locale, translateText } from '../../i18n.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  enqueue,
  enqueueMail,
  enqueueMany,
  type MailJob,
  notificationMailStart,
} from '../../plugins/queue.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { authorize, notification } from '../../policy.ts';
import { countPublished, fanOutAfterCommit, publishAfterCommit } from '../realtime/bus.ts';
import {
  countUnread,
  findEmail,
  findNotificationOwner,
  hasPushSql,
  insertNotification,
  markAllRead,
  markRead,
  notificationKeyset,
  recipientOf,
  selectNotificationPage,
} from './queries.ts';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /** A text of the contract (translated by its words) or any text. */
  title: string;
  /** A text, or one made in the recipient's language: `(l) => inLocale(l, stockMessages).lowStock(…)`. */
  content: string | ((locale: Locale) => string);
  /** Target ids: listingId, conversationUserId, orderId, ticketId, or threadId (with replyId). */
  data?: Record<string, string>;
}

/**
 * Creates a notification inside the caller's transaction, so it exists exactly when the event does; the
 * live 'notification' event to the member's sockets is sent only once that transaction commits.
 */
export async function notify(
  tx: Tx | Db,
  input: NotifyInput,
  options: { mailNow?: Pick<MailJob, 'template' | 'data'> } = {},
) {
  // Written in the recipient's language (issue 41): their setting, else English; its mail reads the same row.
  const recipient = await recipientOf(tx, input.userId);
  const locale = recipient.locale ?? 'en';
  const row = await insertNotification(tx, {
    userId: input.userId,
    type: input.type,
    title: translateText(locale, input.title),
    content:
      typeof input.content === 'function' ? input.content(locale) : translateText(locale, input.content),
    data: input.data ?? {},
  });
  await publishAfterCommit(tx, {
    room: `user:${input.userId}`,
    event: 'notification',
    payload: { id: row.id },
  });
  // Mailed later if the member stays away (modules/mail): queued with the row, so a rollback drops both.
  // An event the member must hear of by mail whatever they do (a withdrawal decided) names its mail, sent at once.
  if (!options.mailNow)
    await enqueue(
      tx,
      'notification-mail',
      { notificationId: row.id },
      notificationMailStart(recipient.hasPush),
    );
  else {
    const to = await findEmail(tx, input.userId);
    if (to) await enqueueMail(tx, { ...options.mailNow, to, userId: input.userId });
  }
  return row;
}

/** A text as each language says it (`(l) => inLocale(l, group).key`), for a statement that writes to many members. */
export type Wording = (locale: Locale, ...args: string[]) => string;

/**
 * The language of the member `userId` names, as SQL: their setting, or null for none. A statement that writes a
 * member's row in their language reads it once per row (`lateral (select ${memberLocale(…)} as locale) ml`)
 * and hands `ml.locale` to every text of the row.
 */
export const memberLocale = (userId: SQL) =>
  sql`(select ${userSettings.locale} from ${userSettings} where ${userSettings.userId} = ${userId})`;

/**
 * A text in the language `locale` names (an SQL expression, usually memberLocale's; English for none), for a
 * statement that notifies many members at once (issue 41): `wording` is called once per language. `args` are
 * the row's own values (a title the statement reads), put where `wording` was handed their placeholders.
 */
export function inMembersLanguage(locale: SQL, wording: Wording, args: SQL[] = []): SQL {
  const { same, texts } = wordingTextsWithArgs(wording, args.length);
  return textsInMembersLanguage(locale, same, sql`${texts}`, args);
}

/**
 * Where the `i`th of a wording's row values goes in its texts, until the statement puts the value there: a
 * letter, so none can be taken for a count's digits (countedInMembersLanguage).
 */
const argMark = (i: number) => `\u2063${String.fromCharCode(65 + i)}\u2063`;

/**
 * A wording's texts for inMembersLanguage's row values (`count` of them, marked where each goes): the value of
 * a placeholder for textsInMembersLanguage, in a statement built once (sql.ts shapedStatement).
 */
export const wordingTextsWithArgs = (wording: Wording, count: number) =>
  wordingTexts(wording, ...Array.from({ length: count }, (_, i) => argMark(i)));

/** inMembersLanguage from the texts wordingTextsWithArgs gave (`same` is part of a built statement's shape). */
export function textsInMembersLanguage(locale: SQL, same: boolean, texts: SQL, args: SQL[] = []): SQL {
  return args.reduce<SQL>(
    (acc, arg, i) => sql`replace(${acc}, ${argMark(i)}::text, ${arg})`,
    textInLanguage(locale, same, texts),
  );
}

/**
 * A wording's texts as one value, for a statement built once with a placeholder where they go (sql.ts
 * shapedStatement): the text itself when every language says it alike (`same`: a member's own words), else
 * each language's text as a jsonb object. `same` changes the statement's text, so it is part of its shape.
 */
export function wordingTexts(wording: Wording, ...args: string[]) {
  const texts = Object.fromEntries(locales.map((l) => [l, wording(l, ...args)]));
  const source = texts[sourceLocale]!;
  const same = locales.every((l) => texts[l] === source);
  return { same, texts: same ? source : JSON.stringify(texts) };
}

/** wordingTexts' value (`texts`: its parameter or placeholder) in the language `locale` names. */
export const textInLanguage = (locale: SQL, same: boolean, texts: SQL) =>
  same
    ? // A text every language says alike reads no language.
      sql`${texts}::text`
    : // One parameter for every language's text (a jsonb object read by the language); a language no longer
      // shipped reads English, as the catalogue does.
      sql`(select coalesce(v.texts ->> ${locale}, v.texts ->> ${sourceLocale}::text) from (values (${texts}::jsonb)) v(texts))`;

/** A text that counts, as each language says it: `(l, n, title) => inLocale(l, notices).newReplies(n, title)`. */
export type CountedWording = (locale: Locale, count: number, ...args: string[]) => string;

/**
 * Counts up to here are looked up as they are; a larger count as 100 plus its last two digits, which keeps the
 * plural category of every shipped language (they read n = 1, n % 10 and n % 100 of a whole number; es and
 * pt-BR's "many" for whole millions aside).
 */
const PLURAL_SPAN = 200;
const COUNT_MARK = '\u2063#\u2063';

/**
 * For each language, its plural category of each count below PLURAL_SPAN as one letter (`cats`), and per letter
 * the text with COUNT_MARK where the count goes (from a count of that category, so the grammar around it fits).
 */
function countedTexts(wording: CountedWording, argCount: number) {
  const marks = Array.from({ length: argCount }, (_, i) => argMark(i));
  return Object.fromEntries(
    locales.map((locale) => {
      const rules = new Intl.PluralRules(locale);
      const categories = Array.from({ length: PLURAL_SPAN }, (_, n) => rules.select(n));
      const letters = [...new Set(categories)];
      const texts = Object.fromEntries(
        letters.map((category, i) => {
          const sample = categories.lastIndexOf(category);
          const text = wording(locale, sample, ...marks).replace(
            new RegExp(`(?<!\\d)${sample}(?!\\d)`),
            COUNT_MARK,
          );
          return [String.fromCharCode(97 + i), text];
        }),
      );
      const cats = categories.map((c) => String.fromCharCode(97 + letters.indexOf(c))).join('');
      return [locale, { cats, ...texts }];
    }),
  );
}

/**
 * inMembersLanguage for a text with a count that only the statement knows (a grouped notice counting on in
 * its `on conflict` update): the plural form is chosen in SQL by the member's language.
 */
export function countedInMembersLanguage(
  locale: SQL,
  wording: CountedWording,
  count: SQL,
  args: SQL[] = [],
): SQL {
  const texts = JSON.stringify(countedTexts(wording, args.length));
  // The language's forms (English for none or one no longer shipped), the count's plural letter, its text.
  const key = sql`(case when c.n < ${PLURAL_SPAN} then c.n else 100 + c.n % 100 end)`;
  const text = sql`(select replace(c.own ->> substr(c.own ->> 'cats', ${key} + 1, 1), ${COUNT_MARK}::text, c.n::text)
    from (select coalesce(v.texts -> ${locale}, v.texts -> ${sourceLocale}::text) as own, (${count})::int as n
      from (values (${texts}::jsonb)) v(texts)) c)`;
  return args.reduce<SQL>((acc, arg, i) => sql`replace(${acc}, ${argMark(i)}::text, ${arg})`, text);
}

/**
 * The body of a CTE that inserts one notification per row of `rows` (a query with `user_id`, their `locale`
 * as memberLocale reads it, `content` and a jsonb `data`) and returns each new row's `user_id` and `id`: for a caller that notifies inside a statement
 * of its own (the purchase). Pair it with `fanOutAfterCommit` over that CTE for the live events. `id` names
 * the notification of a one-row `rows`, for a caller that enqueues its mail before the statement.
 */
export function insertNotificationsSql(
  rows: SQL,
  type: NotificationType,
  title: Wording,
  id?: string | Placeholder,
): SQL {
  return sql`insert into ${notifications} (id, user_id, type, title, content, data)
    select ${id ? sql`${id}::uuid` : sql`gen_random_uuid()`}, r.user_id, ${type}, ${inMembersLanguage(sql`r.locale`, title)}, r.content, r.data
    from (${rows}) r
    returning user_id, id`;
}

/**
 * The body of a CTE that marks a member's unread reply notification of a thread read, when `when` holds over
 * `from`, and returns its id: for the forum's read position, which moves the position and clears the
 * notification in one statement (forum/watch.ts markRead). The notifications table stays this module's.
 */
export function markThreadRepliesReadSql(userId: string, threadId: string, from: SQL, when: SQL): SQL {
  return sql`update ${notifications} n set read = true
    from ${from}
    where n.user_id = ${userId}::uuid and n.type = 'forum_reply' and n.read = false
      and n.data ->> 'threadId' = ${threadId}::text and ${when}
    returning n.id`;
}

/**
 * notifyManyGrouped's `onConflict` for forum replies: one unread notification per member and thread (the
 * partial unique index on the thread id of unread `forum_reply` rows), which counts one more reply ("3 new
 * replies in …") and moves to the top.
 */
export function unreadRepliesGroup(threadTitle: string): SQL {
  const count = sql`((${notifications}.data ->> 'count')::int + 1)`;
  return sql`on conflict (user_id, (data ->> 'threadId')) where type = 'forum_reply' and read = false
        do update set
          content = ${countedInMembersLanguage(
            memberLocale(sql`${notifications}.user_id`),
            (l, n, thread) => inLocale(l, notices).newReplies(n, thread),
            count,
            [sql`${threadTitle}::text`],
          )},
          data = ${notifications}.data || jsonb_build_object('count', ((${notifications}.data ->> 'count')::int + 1)::text),
          created_at = now()`;
}

/**
 * Up to this many new notifications have their mail jobs queued with their rows. A fan-out's members hear of it
 * only at its commit, and 1,000 jobs in the transaction were 22–39 ms of a 66–93 ms fan-out to 1,000 followers
 * (bench:realtime): a larger one queues one job, in the transaction, whose worker queues theirs.
 */
export const MAIL_JOBS_WITH_THE_ROWS = 50;

/** Each new notification's mail, queued to go out if its member stays away (modules/mail). */
function mailLater(tx: Tx, inserted: { id: string; has_push: boolean }[]) {
  if (inserted.length > MAIL_JOBS_WITH_THE_ROWS)
    return enqueue(tx, 'notification-mails', { notificationIds: inserted.map((r) => r.id) });
  const pushed = new Set(inserted.filter((r) => r.has_push).map((r) => r.id));
  return enqueueMany(
    tx,
    'notification-mail',
    inserted.map((r) => ({ notificationId: r.id })),
    undefined,
    (d) => notificationMailStart(pushed.has(d.notificationId)),
  );
}

/**
 * Notifies every member `recipients` selects (with `user_id`, `locale`, `content`, `data`) in one statement, in the caller's
 * transaction; each gets the live event after commit, however many they are.
 */
export async function notifyMany(tx: Tx, recipients: SQL, type: NotificationType, title: Wording) {
  const inserted = await rows<{ id: string; has_push: boolean }>(
    tx,
    sql`with inserted as (${insertNotificationsSql(recipients, type, title)}),
      live as (${fanOutAfterCommit(sql`inserted`, 'notification')})
      select i.id, ${hasPushSql(sql`i.user_id`)} as has_push from inserted i, (select count(*) from live) l`,
  );
  countPublished();
  await mailLater(tx, inserted);
}

/**
 * Notifies every member `recipients` selects (with `user_id`, `locale`, `content`, `data`, one row per member) where a
 * member's unread notification of the kind is kept one per group (issue 36: floods grouped like forum
 * replies): `onConflict` names the group's unique index (`on conflict (…) where … do update set …`, the
 * existing row as `notifications`, the new one as `excluded`). Each member gets the live event; a mail is
 * queued only for a notification made new, since the grouped one already has its mail waiting (sent once its
 * member is away, with what it says by then), so a flood makes one mail per group, not one per event.
 */
export async function notifyManyGrouped(
  tx: Tx,
  recipients: SQL,
  type: NotificationType,
  title: Wording,
  onConflict: SQL,
) {
  const inserted = await rows<{ id: string; has_push: boolean }>(
    tx,
    sql`with upserted as (
        insert into ${notifications} (user_id, type, title, content, data)
        select r.user_id, ${type}, ${inMembersLanguage(sql`r.locale`, title)}, r.content, r.data
        from (${recipients}) r
        ${onConflict}
        returning user_id, id, (xmax = 0) as inserted
      ), live as (${fanOutAfterCommit(sql`upserted`, 'notification')})
      select u.id, ${hasPushSql(sql`u.user_id`)} as has_push from upserted u, (select count(*) from live) l
      where u.inserted`,
  );
  countPublished();
  await mailLater(tx, inserted);
}

export async function listNotifications(
  db: Db,
  viewer: Viewer,
  query: { filter: 'unread' | 'all'; cursor?: string },
): Promise<NotificationPage> {
  const after = notificationKeyset.decode(query.cursor);
  const size = notificationLimits.pageSize;
  const rows = await selectNotificationPage(db, viewer.id, {
    unreadOnly: query.filter === 'unread',
    after,
    limit: notificationKeyset.limit(size),
  });
  return {
    ...notificationKeyset.page(
      rows,
      size,
      (r) => [r.read, r.at, r.id],
      (r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        content: r.content,
        data: r.data,
        read: r.read,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    // An empty page carries no count; then it is asked for (only then).
    unreadCount: rows[0]?.unreadCount ?? (await countUnread(db, viewer.id)),
  };
}

/** Only the owner may mark a notification; anyone else learns nothing (404). */
export async function readNotification(db: Db, viewer: Viewer, id: string) {
  const row = await findNotificationOwner(db, id);
  if (!row) throw new AppError('NOT_FOUND', notificationMessages.notFound);
  authorize(viewer, 'read', notification(row));
  await markRead(db, id);
}

export async function readAllNotifications(db: Db, viewer: Viewer) {
  return { updated: await markAllRead(db, viewer.id) };
}
