import { z } from 'zod';
import { usernameField } from './auth.ts';
import { locales } from './i18n/locales.ts';
import { digestPeriods, limits, roles } from './limits.ts';
import { accountMessages } from './messages/account.ts';
import { deviceFields } from './sessions.ts';

/** A member's own profile, as returned to its owner. */
export const meResponse = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  banned: z.boolean(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  balance: z.number().int(),
  credits: z.number().int(),
  twoFactorEnabled: z.boolean(),
  /** Until true, the web app shows the verification banner (issue 36). */
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /**
   * The member's saved language (issue 41; the one `user_settings.locale` of GET /me/settings); null: the
   * browser's. Here so the web app applies it from the profile it loads anyway, without a settings request.
   */
  locale: z.enum(locales).nullable(),
});
export type Me = z.infer<typeof meResponse>;

/** PATCH /me: only username and bio; anything else (role, balance, credits, banned, email) is refused. */
export const updateMeBody = z.strictObject(
  {
    username: usernameField.optional(),
    bio: z.string().trim().max(limits.bio.max, accountMessages.bioTooLong).nullable().optional(),
  },
  { error: accountMessages.onlyUsernameAndBio },
);

/** The edit-profile form (both fields always present). */
export const editProfileForm = z.object({
  username: usernameField,
  bio: z.string().trim().max(limits.bio.max, accountMessages.bioTooLong),
});

export const avatarResponse = z.object({ avatarUrl: z.string() });
/** An avatar's file name (its address changes with each upload). */
export const avatarFileParams = z.object({ file: z.string().max(64) });

export const digestField = z.enum(digestPeriods, { error: accountMessages.digestInvalid });

/** Spec: user_settings; every toggle defaults to on, the digest to weekly. */
export const userSettingsResponse = z.object({
  emailNotifications: z.boolean(),
  marketplaceUpdates: z.boolean(),
  securityAlerts: z.boolean(),
  digest: digestField,
  /** Listed in the home page's online column while on the site (issue 36: members may hide). */
  showOnline: z.boolean(),
  /** The member's language (issue 41); null: the browser's Accept-Language, else English. */
  locale: z.enum(locales, { error: accountMessages.localeInvalid }).nullable(),
});
export type UserSettings = z.infer<typeof userSettingsResponse>;

/** The settings as read; `digest`, `showOnline` and `locale` may be left out (they keep their values), so older clients still save. */
export const userSettingsBody = z.strictObject(
  userSettingsResponse.partial({ digest: true, showOnline: true, locale: true }).shape,
);
export type UserSettingsInput = z.infer<typeof userSettingsBody>;

export const loginEventItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  ipAddress: z.string(),
  /** As the browser sent it (shown on hover); the fields below are what the server read from it. */
  userAgent: z.string(),
  ...deviceFields,
});
export type LoginEvent = z.infer<typeof loginEventItem>;
export const loginsResponse = z.object({ items: z.array(loginEventItem) });
