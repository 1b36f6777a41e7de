import type { z } from 'zod';
import type { LoginEvent, Me, UserSettings, UserSettingsInput, updateMeBody } from '../../../contract/me.ts';
import { accountMessages, messages, sessionMessages } from '../../../contract/messages.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate } from '../../policy.ts';
import { signalPresenceChange } from '../realtime/presence.ts';
import { deviceFields } from '../sessions/user-agent.ts';
import { toAvatarWebp } from './avatar-image.ts';
import {
  findAvatarData,
  findLocale,
  findMe,
  findSettings,
  isUsernameTakenByOther,
  listLatestLogins,
  replaceAvatar,
  updateProfile,
  upsertSettings,
} from './queries.ts';

export const LOGIN_HISTORY_SIZE = 10;
export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  marketplaceUpdates: true,
  securityAlerts: true,
  digest: 'weekly',
  showOnline: true,
  locale: null,
};

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findMe>>>['profile'];

function toMe(row: ProfileRow, locale: Me['locale']): Me {
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
    twoFactorEnabled: row.twoFactorEnabled,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    locale,
  };
}

export async function getMe(db: Db, viewer: Viewer): Promise<Me> {
  const row = orNotFound(await findMe(db, viewer.id), 'Profile not found');
  return toMe(row.profile, row.locale);
}

const usernameTaken = () =>
  new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken });

/** Only the owner's username and bio; the schema has already refused every other key. */
export async function updateMe(db: Db, viewer: Viewer, input: z.output<typeof updateMeBody>): Promise<Me> {
  const changes: { username?: string; bio?: string | null } = {};
  if (input.username !== undefined) {
    if (await isUsernameTakenByOther(db, input.username, viewer.id)) throw usernameTaken();
    changes.username = input.username;
  }
  if (input.bio !== undefined) changes.bio = input.bio ? input.bio : null;
  if (Object.keys(changes).length === 0) return getMe(db, viewer);
  try {
    const row = orNotFound(await updateProfile(db, viewer.id, changes), 'Profile not found');
    return toMe(row, await findLocale(db, viewer.id));
  } catch (err) {
    // Two members raced for one username: the unique index decided.
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

export const avatarUrlFor = (id: string) => `/api/v1/avatars/${id}.webp`;

export async function uploadAvatar(db: Db, viewer: Viewer, file: Buffer) {
  const webp = await toAvatarWebp(file);
  if (!webp)
    throw new AppError('VALIDATION', accountMessages.notAnImage, { avatar: accountMessages.notAnImage });
  const avatarUrl = await replaceAvatar(db, viewer.id, webp, avatarUrlFor);
  return { avatarUrl };
}

const AVATAR_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/i;

/** Avatars are public, like the profiles that show them. */
export async function getAvatar(db: Db, file: string): Promise<Buffer> {
  const id = AVATAR_FILE.exec(file)?.[1];
  const data = id ? await findAvatarData(db, id.toLowerCase()) : undefined;
  if (!data) throw new AppError('NOT_FOUND', accountMessages.avatarNotFound);
  return data;
}

/** Staff always get security alerts (decision 020): their switch reads on whatever a row says. */
export async function getSettings(db: Db, viewer: Viewer): Promise<UserSettings> {
  const settings = (await findSettings(db, viewer.id)) ?? DEFAULT_SETTINGS;
  return canModerate(viewer) ? { ...settings, securityAlerts: true } : settings;
}

export async function saveSettings(db: Db, viewer: Viewer, input: UserSettingsInput): Promise<UserSettings> {
  if (canModerate(viewer) && !input.securityAlerts) {
    throw new AppError('VALIDATION', sessionMessages.staffAlertsAlwaysOn, {
      securityAlerts: sessionMessages.staffAlertsAlwaysOn,
    });
  }
  const saved = await upsertSettings(db, viewer.id, input);
  // Shown or hidden: every instance sends its online list again (the list reads the setting).
  if (input.showOnline !== undefined) await signalPresenceChange(db);
  return saved;
}

export async function getLogins(db: Db, viewer: Viewer): Promise<{ items: LoginEvent[] }> {
  const rows = await listLatestLogins(db, viewer.id, LOGIN_HISTORY_SIZE);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), ...deviceFields(r.userAgent) })),
  };
}
