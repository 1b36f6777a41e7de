import { z } from 'zod';
import { idParams } from './id-params.ts';
import { limits, roles } from './limits.ts';
import { socialMessages } from './messages/social.ts';
import { personWithAvatar } from './people.ts';
import { trustLevels } from './trust.ts';

export const profileIdParams = idParams(socialMessages.profileNotFound);

/**
 * GET /users/:id. `balance` and `credits` are private: present only when the viewer is the owner or staff,
 * absent (not null) otherwise.
 */
export const publicProfileResponse = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  role: z.enum(roles),
  banned: z.boolean(),
  /** The member's trust level (issue 36): shown as a badge. */
  trustLevel: z.enum(trustLevels),
  createdAt: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  isFollowing: z.boolean(),
  balance: z.number().int().optional(),
  credits: z.number().int().optional(),
});
export type PublicProfile = z.infer<typeof publicProfileResponse>;

export const userSearchQuery = z.object({ q: z.string().trim().max(50).optional() });

export const userSummary = personWithAvatar;
export const userSearchResponse = z.object({ items: z.array(userSummary) });

/** GET /users/autocomplete: the start of a username, as typed after `@` in the forum editor. */
export const userAutocompleteQuery = z.object({
  q: z
    .string({ error: socialMessages.autocompleteInvalid })
    .trim()
    .min(1, socialMessages.autocompleteInvalid)
    .max(limits.username.max, socialMessages.autocompleteInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, socialMessages.autocompleteInvalid),
});
export type UserSummary = z.infer<typeof userSummary>;

export const followResponse = z.object({ following: z.boolean(), followerCount: z.number().int() });
export type FollowResponse = z.infer<typeof followResponse>;
