import type { Me } from '../../../contract/me.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { findProfileById } from './queries.ts';

export async function getMe(db: Db, viewer: Viewer): Promise<Me> {
  const row = await findProfileById(db, viewer.id);
  if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    banned: row.banned,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    balance: row.balance,
    credits: row.credits,
    createdAt: row.createdAt.toISOString(),
  };
}
