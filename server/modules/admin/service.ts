import type { z } from 'zod';
import type { adminUserPatch } from '../../../contract/admin.ts';
import { isStaff } from '../../../contract/limits.ts';
import { adminMessages, messages } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { deleteSessionsOf, findUserForAdmin, setUserFields } from './queries.ts';

type Patch = z.infer<typeof adminUserPatch>;

/**
 * Ban/unban and role changes (spec §6): admins ban anyone but themselves, moderators only
 * non-admins other than themselves; only admins change roles, never their own. A ban ends
 * every live session of the member in the same transaction.
 */
export async function updateUser(db: Db, viewer: Viewer, targetId: string, patch: Patch) {
  if (!isStaff(viewer.role)) throw new AppError('FORBIDDEN', messages.forbidden);
  return db.transaction(async (tx) => {
    const target = await findUserForAdmin(tx, targetId);
    if (!target) throw new AppError('NOT_FOUND', adminMessages.userNotFound);
    if (patch.role !== undefined) {
      if (viewer.role !== 'admin') throw new AppError('FORBIDDEN', adminMessages.onlyAdminsChangeRoles);
      if (target.id === viewer.id) throw new AppError('FORBIDDEN', adminMessages.ownRole);
    }
    if (patch.banned !== undefined) {
      if (target.id === viewer.id) throw new AppError('FORBIDDEN', adminMessages.ownBan);
      if (viewer.role !== 'admin' && target.role === 'admin') {
        throw new AppError('FORBIDDEN', adminMessages.moderatorBanAdmin);
      }
    }
    const updated = await setUserFields(tx, target.id, patch);
    if (patch.banned) await deleteSessionsOf(tx, target.id);
    return updated;
  });
}
