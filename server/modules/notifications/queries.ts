import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { asKeyText, keyset } from '../../db/cursor.ts';
import { notifications, profiles, pushSubscriptions, userSettings } from '../../db/schema/index.ts';
import { insertRow, rowById } from '../../db/sql.ts';
import type { Locale } from '../../i18n.ts';

export function insertNotification(db: Db | Tx, values: typeof notifications.$inferInsert) {
  return insertRow(db, notifications, values);
}

/**
 * Whether the member `userId` (SQL) has a device to push to: their notification's mail job then starts at once,
 * to offer the push (plugins/queue.ts `notificationMailStart`).
 */
export const hasPushSql = (userId: SQL) =>
  sql<boolean>`exists(select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId})`;

/** What a notification for `userId` needs of its member: their language (null: none set), and `hasPushSql`. */
export async function recipientOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      locale: sql<Locale | null>`(select ${userSettings.locale} from ${userSettings} where ${userSettings.userId} = ${userId})`,
      hasPush: hasPushSql(sql`${userId}::uuid`),
    })
    .from(sql`(select) as one`);
  return row!;
}

/** Unread first, then newest first: notifications_user_read_created_idx (time and id DESC NULLS FIRST). */
export const notificationKeyset = keyset(
  { column: notifications.read, kind: 'bool', dir: 'asc' },
  { column: notifications.createdAt, kind: 'time', dir: 'desc', nulls: 'first' },
  { column: notifications.id, kind: 'uuid', dir: 'desc', nulls: 'first' },
);
/** Keyset position: read flag, created_at as PostgreSQL text (microseconds kept), id. */
export type NotificationKey = [boolean, string, string];

/**
 * One page of a member's notifications, unread first then newest first, in ONE statement: the unread count
 * rides along as a scalar subquery served by the (user_id, read, created_at) index.
 */
export function selectNotificationPage(
  db: Db,
  userId: string,
  opts: { unreadOnly: boolean; after?: NotificationKey; limit: number },
) {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (opts.unreadOnly) conditions.push(eq(notifications.read, false));
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      content: notifications.content,
      data: notifications.data,
      read: notifications.read,
      createdAt: notifications.createdAt,
      at: asKeyText(notifications.createdAt),
      unreadCount: sql<number>`(select count(*)::int from ${notifications} n2 where n2.user_id = ${userId}::uuid and n2.read = false)`,
    })
    .from(notifications)
    .where(and(...conditions, notificationKeyset.after(opts.after)))
    .orderBy(...notificationKeyset.orderBy)
    .limit(opts.limit);
}

export async function countUnread(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

export function findNotificationOwner(db: Db, id: string) {
  return rowById(db, notifications, { userId: notifications.userId }, id);
}

export async function markRead(db: Db, id: string) {
  await db.update(notifications).set({ read: true }).where(eq(notifications.id, id));
}

export async function markAllRead(db: Db, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Where a member's mail goes, or undefined for a member who is gone. */
export async function findEmail(tx: Db | Tx, userId: string) {
  const [row] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, userId));
  return row?.email;
}
