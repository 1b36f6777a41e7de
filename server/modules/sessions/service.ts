import { sessionMessages } from '../../../contract/messages.ts';
import type { SessionsResponse } from '../../../contract/sessions.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/sql.ts';
import { AppError } from '../../plugins/errors.ts';
import { enqueue } from '../../plugins/queue.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { hashAlertToken } from './alerts.ts';
import {
  deleteAllSessions,
  deleteOtherSessions,
  deleteOwnSession,
  forgetDevice,
  listLiveSessions,
  useAlertToken,
} from './queries.ts';
import { deviceFields } from './user-agent.ts';

const notFound = () => new AppError('NOT_FOUND', sessionMessages.sessionNotFound);

export async function listMySessions(db: Db, viewer: Viewer): Promise<SessionsResponse> {
  const rows = await listLiveSessions(db, viewer.id);
  return {
    items: rows.map((r) => ({
      id: r.id,
      ...deviceFields(r.userAgent),
      ipAddress: r.ipAddress || null,
      lastActiveAt: r.updatedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      current: r.id === viewer.sessionId,
    })),
  };
}

/** Signs out one of my sessions; another member's id answers exactly like an unknown one. */
export async function revokeSession(db: Db, viewer: Viewer, id: string) {
  if (!isUuid(id) || !(await deleteOwnSession(db, viewer.id, id.toLowerCase()))) throw notFound();
  return { ok: true as const };
}

export async function revokeOtherSessions(db: Db, viewer: Viewer) {
  // A viewer always comes from a session (route contract); without one there is nothing to keep.
  if (!viewer.sessionId) throw new AppError('UNAUTHENTICATED', sessionMessages.sessionNotFound);
  return { revoked: await deleteOtherSessions(db, viewer.id, viewer.sessionId) };
}

/**
 * "This wasn't me": uses the link's token once and signs out every session of its member in one
 * transaction; the caller then starts the password reset for the returned email.
 */
/**
 * Signs out every session of the token's member and queues the password reset (the reset form's own flow)
 * in the same transaction: a used token always ends with the sessions gone and the reset mail on its way.
 */
export async function confirmNotMe(db: Db, token: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await useAlertToken(tx, hashAlertToken(token));
    if (!member)
      throw new AppError('BAD_REQUEST', sessionMessages.notMeLinkInvalid, {
        token: sessionMessages.notMeLinkInvalid,
      });
    await deleteAllSessions(tx, member.id);
    // The device and network the alert was about are no longer trusted: a sign-in from them alerts again.
    if (member.seen) await forgetDevice(tx, member.id, member.seen);
    await enqueue(tx, 'password-reset', { email: member.email, ip });
  });
}
