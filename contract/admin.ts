import { z } from 'zod';
import { idParams } from './id-params.ts';
import { roles } from './limits.ts';
import { adminMessages } from './messages/admin.ts';
import { trustMessages } from './messages/trust.ts';
import { cursorParam, pageOf } from './pages.ts';
import { person } from './people.ts';
import { textField } from './text-field.ts';
import { trustLevels } from './trust.ts';

export const userIdParams = idParams('User ID not found');

/**
 * `trustLevel` (staff): a level sets the member there and locks it; null unlocks it, and the level is
 * recomputed from their history at once (issue 36).
 */
export const adminUserPatch = z
  .object({
    banned: z.boolean().optional(),
    role: z.enum(roles).optional(),
    trustLevel: z.enum(trustLevels, { error: trustMessages.levelInvalid }).nullable().optional(),
  })
  .strict()
  .refine((v) => v.banned !== undefined || v.role !== undefined || v.trustLevel !== undefined, {
    message: 'Nothing to change',
  });

export const adminUserResponse = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(roles),
  banned: z.boolean(),
  trustLevel: z.enum(trustLevels),
  /** Set by staff and kept there (false: recomputed from history). */
  trustLevelLocked: z.boolean(),
});

export const adminUserPageSize = 25;
export const walletCurrencies = ['balance', 'credits'] as const;

/** Staff user list: search by username or exact id, role filter, banned toggle (spec §2 Admin). */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(['all', ...roles]).default('all'),
  banned: z.enum(['true', 'false']).default('false'),
  cursor: cursorParam,
});

export const adminUserRow = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(roles),
  banned: z.boolean(),
  balance: z.number().int(),
  credits: z.number().int(),
  trustLevel: z.enum(trustLevels),
  trustLevelLocked: z.boolean(),
  createdAt: z.string(),
  rank: z.object({ id: z.string(), name: z.string(), color: z.string() }).nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUserPage = pageOf(adminUserRow);
export type AdminUserPage = z.infer<typeof adminUserPage>;

export const addBalanceBody = z.object({
  /**
   * A JSON integer only: strings ("0x10", "1e3"), booleans and arrays are refused, never coerced. Absent
   * (or an empty number field, which the form reads as NaN) is the spec's 'Amount is required'.
   */
  amount: z
    .number({
      error: (issue) =>
        issue.input === undefined || Number.isNaN(issue.input)
          ? adminMessages.amountRequired
          : adminMessages.amountPositive,
    })
    .int(adminMessages.amountPositive)
    .min(1, adminMessages.amountPositive)
    .max(1_000_000_000, adminMessages.amountPositive),
  currency: z.enum(walletCurrencies),
  description: textField(
    { max: 200 },
    adminMessages.descriptionRequired,
    'Description must be less than 200 characters',
  ),
});
export type AddBalanceBody = z.output<typeof addBalanceBody>;

export const adminDashboard = z.object({
  totalUsers: z.number().int(),
  newUsersToday: z.number().int(),
  totalPosts: z.number().int(),
  newPostsToday: z.number().int(),
  activeCheats: z.number().int(),
  activeCheatsToday: z.number().int(),
  totalDownloads: z.number().int(),
  downloadsToday: z.number().int(),
  reports: z.object({ pending: z.number().int(), total: z.number().int() }),
  latestPosts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      createdAt: z.string(),
      author: person,
      category: z.object({ id: z.string(), name: z.string() }),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** Seller ranks (spec §3 user_ranks) an admin can give a member. */
export const userRank = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type UserRank = z.infer<typeof userRank>;
export const userRankList = z.array(userRank);

/** Sets a member's rank, or clears it with null (admins). */
export const setRankBody = z
  .object({ rankId: z.uuid({ error: adminMessages.rankNotFound }).nullable() })
  .strict();
export type SetRankBody = z.infer<typeof setRankBody>;
/** A member's rank once set (null: cleared). */
export const rankSet = z.object({ id: z.string(), rank: userRank.nullable() });
/** A member's main balance and credits once an admin added to them. */
export const balanceAdded = z.object({
  id: z.string(),
  balance: z.number().int(),
  credits: z.number().int(),
});

export const activityDays = 30;
/** The dashboard chart: sign-ups, forum posts and marketplace sales per UTC day, oldest first. */
export const adminActivity = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      signups: z.number().int(),
      posts: z.number().int(),
      sales: z.number().int(),
    }),
  ),
});
export type AdminActivity = z.infer<typeof adminActivity>;
