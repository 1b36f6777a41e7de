import { and, eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import webpush, { WebPushError } from 'web-push';
import { pushMessages as m } from '../../../contract/messages.ts';
import type { PushKind, PushSubscriptionBody } from '../../../contract/push.ts';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedStatements } from '../../db/prepared.ts';
import { notifications, profiles, pushSubscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { enqueue, enqueueMany, type JobData } from '../../plugins/queue.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { isAllowedOutboundUrl, type publicHttpsAgent } from '../../security/outbound.ts';
import { notificationLink } from '../notifications/link.ts';
import { pushKindOf } from './kinds.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushDeps {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  publicUrl: string;
  allowPrivate: boolean;
  isOnline: (userId: string) => Promise<boolean>;
}

const device = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  kinds: pushSubscriptions.kinds,
  userAgent: pushSubscriptions.userAgent,
  createdAt: pushSubscriptions.createdAt,
};
const shown = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listDevices(db: Db, viewer: Viewer) {
  const rows = await db
    .select(device)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, viewer.id))
    .orderBy(pushSubscriptions.createdAt);
  return { items: rows.map(shown) };
}

/**
 * Turns push on for this device, or changes it: keyed by the endpoint, which belongs to whoever subscribed it
 * last (a shared computer signed in as someone else takes the device over). The endpoint must be a public
 * https push service: it is an address we will send requests to.
 */
export async function subscribe(
  db: Db,
  viewer: Viewer,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
  allowPrivate: boolean,
) {
  if (!isAllowedOutboundUrl(body.endpoint, allowPrivate))
    throw new AppError('UNPROCESSABLE', m.endpointRefused, { endpoint: m.endpointRefused });
  const kinds = [...new Set(body.kinds)];
  const values = {
    userId: viewer.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    kinds,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, failures: 0, createdAt: sql`now()` },
    })
    .returning(device);
  return shown(row!);
}

export async function setKinds(db: Db, viewer: Viewer, endpoint: string, kinds: PushKind[]) {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ kinds: [...new Set(kinds)] })
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, viewer.id)))
    .returning(device);
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return shown(row);
}

export async function unsubscribe(db: Db, viewer: Viewer, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, viewer.id)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', m.notFound);
}

/**
 * Named: every notification's delivery asks it, and unnamed it was planned at each call (0.18 ms of planning
 * for 0.02 ms of run, pg_stat_statements over `bench:realtime`'s direct messages).
 */
const pushWantedStatement = preparedStatements('push_wanted', (db: Db) =>
  db
    .select({ one: sql<number>`1` })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
    .where(eq(notifications.id, sql.placeholder('notificationId')))
    .limit(literalLimit(1)),
);

/**
 * Called as a notification's delivery starts (its mail job's first run): when its member has a device that
 * takes its kind, the push job is queued, once per notification (the job's id is the notification's).
 */
export async function offerPush(db: Db, notificationId: string) {
  const [wanted] = await pushWantedStatement(db, '').execute({ notificationId });
  if (wanted) await enqueue(db, 'notification-push', { notificationId }, { id: notificationId });
}

/**
 * A notification is pushed to its member's devices that take its kind when it is still unread and the
 * member has no open tab (the rule mail follows): one `push-send` job per device, each retried alone.
 */
export async function pushNotification(deps: PushDeps, job: Job<JobData['notification-push']>) {
  const [n] = await deps.db
    .select({
      userId: notifications.userId,
      type: notifications.type,
      read: notifications.read,
      banned: profiles.banned,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .where(eq(notifications.id, job.data.notificationId));
  if (!n || n.read || n.banned) return 'skipped';
  if (await deps.isOnline(n.userId)) return 'online';
  const kind = pushKindOf[n.type as keyof typeof pushKindOf];
  const devices = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, n.userId), sql`${kind} = any(${pushSubscriptions.kinds})`));
  await enqueueMany(
    deps.db,
    'push-send',
    devices.map((d) => ({ notificationId: job.data.notificationId, subscriptionId: d.id })),
  );
  return devices.length;
}

/** Push services answer these when the browser dropped the subscription: it will never work again. */
const GONE = new Set([404, 410]);

export async function sendPush(
  deps: PushDeps,
  agent: ReturnType<typeof publicHttpsAgent>,
  job: Job<JobData['push-send']>,
) {
  const { db } = deps;
  const [row] = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      title: notifications.title,
      content: notifications.content,
      type: notifications.type,
      data: notifications.data,
      read: notifications.read,
    })
    .from(pushSubscriptions)
    .innerJoin(notifications, eq(notifications.id, job.data.notificationId))
    .where(eq(pushSubscriptions.id, job.data.subscriptionId));
  if (!row || row.read) return 'skipped';
  const [url] = notificationLink(deps.publicUrl, row.type, row.data);
  const payload = JSON.stringify({
    title: row.title,
    body: row.content,
    url,
    tag: job.data.notificationId,
  });
  try {
    await webpush.sendNotification(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      {
        vapidDetails: {
          subject: deps.subject,
          publicKey: deps.vapid.publicKey,
          privateKey: deps.vapid.privateKey,
        },
        TTL: 24 * 3600,
        urgency: row.type === 'message_new' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
        timeout: 5000,
        agent,
      },
    );
  } catch (err) {
    if (err instanceof WebPushError && GONE.has(err.statusCode)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, job.data.subscriptionId));
      return 'gone';
    }
    await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, job.data.subscriptionId));
    throw err;
  }
  await db
    .update(pushSubscriptions)
    .set({ failures: 0, lastSentAt: sql`now()` })
    .where(eq(pushSubscriptions.id, job.data.subscriptionId));
  return 'sent';
}
