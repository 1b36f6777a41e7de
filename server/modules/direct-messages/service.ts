import { randomUUID } from 'node:crypto';
import {
  type ConversationPage,
  type DirectMessage,
  directMessageLimits,
  type ThreadResponse,
} from '../../../contract/direct-messages.ts';
import { directMessageTexts } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { oneAtATime } from '../../db/sql.ts';
import { isoTimestamp } from '../../db/timestamp-text.ts';
import { translateText } from '../../i18n.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import { enqueue, notificationMailStart } from '../../plugins/queue.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { isSelf } from '../../policy.ts';
import { flagOffPlatformMessage } from '../review/hold.ts';
import { offPlatformKinds } from '../trust/off-platform.ts';
import { limitLockedNewContact, limitsNewContacts, newContactKey } from '../trust/service.ts';
import {
  addBlock,
  conversationKeyset,
  deleteConversationFor,
  findCounterpart,
  markThreadRead,
  removeBlock,
  selectConversationPage,
  selectThreadPage,
  sendIfAllowed,
  threadKeyset,
} from './queries.ts';

export interface DirectMessageDeps {
  db: Db;
}

const EXCERPT = 120;

/** My conversations: counterpart, latest message, unread count; newest first. */
export async function listConversations(
  db: Db,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<ConversationPage> {
  const after = conversationKeyset.decode(cursor);
  const size = directMessageLimits.conversationPageSize;
  const rows = await selectConversationPage(db, viewer.id, after, conversationKeyset.limit(size));
  return conversationKeyset.page(
    rows,
    size,
    (r) => [r.at, r.other_id],
    (r) => ({
      user: { id: r.other_id, username: r.username, avatarUrl: r.avatar_url },
      lastMessage: {
        message: r.message,
        createdAt: isoTimestamp(r.created_at),
        fromMe: isSelf(viewer, r.sender_id),
      },
      unreadCount: Number(r.unread),
    }),
  );
}

/**
 * A thread between me and another member. The viewer is always one of its two participants: nobody can
 * address anyone else's messages. Opening the first page marks the messages I received read.
 */
export async function getThread(
  db: Db,
  viewer: Viewer,
  otherId: string,
  cursor: string | undefined,
): Promise<ThreadResponse> {
  const before = threadKeyset.decode(cursor);
  if (isSelf(viewer, otherId)) throw new AppError('NOT_FOUND', directMessageTexts.userNotFound);
  const other = orNotFound(await findCounterpart(db, viewer.id, otherId), directMessageTexts.userNotFound);
  const size = directMessageLimits.threadPageSize;
  const rows = await selectThreadPage(db, viewer.id, otherId, before, threadKeyset.limit(size));
  if (!before && rows.slice(0, size).some((m) => isSelf(viewer, m.recipientId) && !m.read)) {
    await markThreadRead(db, viewer.id, otherId);
    for (const m of rows) if (isSelf(viewer, m.recipientId)) m.read = true;
  }
  const page = threadKeyset.page(
    rows,
    size,
    (m) => [m.at, m.id],
    (m): DirectMessage => ({
      id: m.id,
      senderId: m.senderId,
      recipientId: m.recipientId,
      message: m.message,
      read: m.read,
      offPlatform: m.offPlatform,
      createdAt: m.createdAt.toISOString(),
    }),
  );
  return {
    user: { id: other.id, username: other.username, avatarUrl: other.avatarUrl },
    blockedByMe: other.blockedByMe,
    blockedByThem: other.blockedByThem,
    // Read newest first; shown oldest first.
    items: page.items.reverse(),
    nextCursor: page.nextCursor,
  };
}

/**
 * Sends a message; the recipient gets a message_new notification and both sides' sockets hear of it. Between
 * trading partners (trust/off-platform.ts), a message naming Discord, Telegram, an email or a phone is delivered
 * with `off_platform` set, so both sides see the warning, and is flagged to staff. A known pair's message is one
 * statement and its mail job; a first contact is decided by the trust limits in between (queries.ts sendIfAllowed).
 */
export async function sendMessage(
  { db }: DirectMessageDeps,
  viewer: Viewer,
  body: { recipientId: string; message: string },
  ipAddress: string | null = null,
): Promise<DirectMessage> {
  if (isSelf(viewer, body.recipientId)) {
    throw new AppError('VALIDATION', directMessageTexts.cannotMessageSelf, {
      recipientId: directMessageTexts.cannotMessageSelf,
    });
  }
  const contactKinds = offPlatformKinds(body.message);
  const content = `${viewer.username}: ${body.message.slice(0, EXCERPT)}`;
  const notificationId = randomUUID();
  // A first contact waits for the sender's lock: their other sends wait here, not on a pool connection.
  return oneAtATime(newContactKey(viewer), () =>
    db.transaction(async (tx) => {
      const send = async (firstContactAllowed: boolean) => {
        const attempt = await sendIfAllowed(tx, {
          senderId: viewer.id,
          recipientId: body.recipientId,
          message: body.message,
          namesContact: contactKinds.length > 0,
          firstContact: { allowed: firstContactAllowed, lockKey: newContactKey(viewer) },
          notification: { id: notificationId, content: (l) => translateText(l, content) },
        });
        if (!attempt.found) throw new AppError('NOT_FOUND', directMessageTexts.userNotFound);
        if (attempt.blockedByMe) throw new AppError('FORBIDDEN', directMessageTexts.blockedByMe);
        if (attempt.blockedByThem) throw new AppError('FORBIDDEN', directMessageTexts.blockedByThem);
        return attempt.sent;
      };
      let row = await send(!limitsNewContacts(viewer));
      if (!row) {
        // A first contact: the statement took the sender's lock; the limit counts under it, then it goes.
        await limitLockedNewContact(tx, viewer, body.recipientId);
        row = (await send(true))!;
      }
      if (row.offPlatform) await flagOffPlatformMessage(tx, row, contactKinds, ipAddress);
      // Mailed later if the member stays away (modules/mail), as notify() queues it: with the row, in this transaction.
      await enqueue(tx, 'notification-mail', { notificationId }, notificationMailStart(row.recipientHasPush));
      return {
        id: row.id,
        senderId: row.senderId,
        recipientId: row.recipientId,
        message: row.message,
        read: row.read,
        offPlatform: row.offPlatform,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
}

/** Deletes the conversation for me only; the other member keeps their copy. */
export async function deleteConversation(db: Db, viewer: Viewer, otherId: string) {
  if (isSelf(viewer, otherId)) throw new AppError('NOT_FOUND', directMessageTexts.userNotFound);
  await db.transaction(async (tx) => {
    if (!(await findCounterpart(tx, viewer.id, otherId))) {
      throw new AppError('NOT_FOUND', directMessageTexts.userNotFound);
    }
    await deleteConversationFor(tx, viewer.id, otherId);
  });
}

export async function setBlock({ db }: DirectMessageDeps, viewer: Viewer, otherId: string, blocked: boolean) {
  if (isSelf(viewer, otherId)) {
    throw new AppError('VALIDATION', directMessageTexts.cannotBlockSelf, {
      id: directMessageTexts.cannotBlockSelf,
    });
  }
  if (!(await findCounterpart(db, viewer.id, otherId))) {
    throw new AppError('NOT_FOUND', directMessageTexts.userNotFound);
  }
  if (blocked) await addBlock(db, viewer.id, otherId);
  else await removeBlock(db, viewer.id, otherId);
  return { blocked };
}
