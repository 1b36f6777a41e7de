import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { UserSettingsInput } from '../../../contract/me.ts';
import type { Db, Tx } from '../../db/client.ts';
import { avatars, loginEvents, profiles, userSettings } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';

/** The member's profile with their saved language (GET /me), in one statement; no settings row yet: null. */
export async function findMe(db: Db, id: string) {
  const [row] = await db
    .select({ profile: profiles, locale: userSettings.locale })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, id));
  return row;
}

/** Another member already holding this username, compared case-insensitively (as the unique index does). */
export async function isUsernameTakenByOther(db: Db, username: string, userId: string) {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(sql`lower(${profiles.username})`, username.toLowerCase()), ne(profiles.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateProfile(db: Db, id: string, changes: { username?: string; bio?: string | null }) {
  const [row] = await db
    .update(profiles)
    .set({ username: changes.username, bio: changes.bio, updatedAt: sql`now()` })
    .where(eq(profiles.id, id))
    .returning();
  return row;
}

/** Stores the new avatar, points the profile at it and drops the previous one, in one transaction. */
export async function replaceAvatar(db: Db, userId: string, data: Buffer, urlFor: (id: string) => string) {
  return db.transaction(async (tx) => {
    const [avatar] = await tx.insert(avatars).values({ userId, data }).returning({ id: avatars.id });
    const avatarUrl = urlFor(avatar!.id);
    await tx.update(profiles).set({ avatarUrl, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
    await tx.delete(avatars).where(and(eq(avatars.userId, userId), ne(avatars.id, avatar!.id)));
    return avatarUrl;
  });
}

export async function findAvatarData(db: Db, id: string) {
  const [row] = await db.select({ data: avatars.data }).from(avatars).where(eq(avatars.id, id));
  return row?.data;
}

/** A member's settings as the settings page reads them, before and after a change. */
const settingsColumns = {
  emailNotifications: userSettings.emailNotifications,
  marketplaceUpdates: userSettings.marketplaceUpdates,
  securityAlerts: userSettings.securityAlerts,
  digest: userSettings.digest,
  showOnline: userSettings.showOnline,
  locale: userSettings.locale,
};

export async function findSettings(db: Db, userId: string) {
  const [row] = await db.select(settingsColumns).from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

/**
 * Stamps the member's digest as sent now, unless they turned digests off or were stamped within `period` (an
 * interval, '7 days'): true when this call took the stamp, so a retried or repeated run mails no one twice.
 */
export async function stampDigest(tx: Tx, userId: string, period: string): Promise<boolean> {
  const stamped = await rows<{ user_id: string }>(
    tx,
    sql`insert into user_settings (user_id, last_digest_at) values (${userId}, now())
      on conflict (user_id) do update set last_digest_at = now()
      where user_settings.digest <> 'off'
        and coalesce(user_settings.last_digest_at, '-infinity') < now() - ${period}::interval
      returning user_id`,
  );
  return stamped.length > 0;
}

export async function upsertSettings(db: Db, userId: string, values: Partial<UserSettingsInput>) {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning(settingsColumns);
  return row!;
}

export async function listLatestLogins(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: loginEvents.id,
      createdAt: loginEvents.createdAt,
      ipAddress: loginEvents.ipAddress,
      userAgent: loginEvents.userAgent,
    })
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
}

/** The member's chosen language (issue 41), null when they follow their browser. */
export async function findLocale(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ locale: userSettings.locale })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.locale ?? null;
}
