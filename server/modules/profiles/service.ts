import { socialMessages } from '../../../contract/messages.ts';
import type { FollowResponse, PublicProfile, UserSummary } from '../../../contract/profiles.ts';
import { socialLimits } from '../../../contract/social.ts';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { can, isSelf, member } from '../../policy.ts';
import {
  countFollowers,
  deleteFollow,
  insertFollow,
  lockProfile,
  profilesByPrefix,
  searchProfiles,
  selectProfile,
} from './queries.ts';

/** Public profile; balance and credits are private: only the owner and staff get them. */
export async function getProfile(db: Db, viewer: Viewer | null, id: string): Promise<PublicProfile> {
  const row = orNotFound(await selectProfile(db, id, viewer?.id ?? null), socialMessages.profileNotFound);
  const profile: PublicProfile = {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    role: row.role,
    banned: row.banned,
    trustLevel: row.trustLevel,
    createdAt: row.createdAt.toISOString(),
    followerCount: Number(row.followerCount),
    followingCount: Number(row.followingCount),
    isFollowing: row.isFollowing,
  };
  if (can(viewer, 'seeBalance', member(row))) {
    profile.balance = row.balance;
    profile.credits = row.credits;
  }
  return profile;
}

/** Idempotent follow/unfollow (spec §5: never yourself). */
export async function setFollow(
  { db }: { db: Db },
  viewer: Viewer,
  targetId: string,
  following: boolean,
): Promise<FollowResponse> {
  if (isSelf(viewer, targetId)) throw new AppError('VALIDATION', socialMessages.followSelf);
  return db.transaction(async (tx) => {
    if (!(await lockProfile(tx, targetId))) throw new AppError('NOT_FOUND', socialMessages.profileNotFound);
    if (following) await insertFollow(tx, viewer.id, targetId);
    else await deleteFollow(tx, viewer.id, targetId);
    return { following, followerCount: await countFollowers(tx, targetId) };
  });
}

export async function searchUsers(
  db: Db,
  viewer: Viewer | null,
  q: string | undefined,
): Promise<UserSummary[]> {
  return searchProfiles(db, q || undefined, viewer?.id ?? null, socialLimits.userSearch);
}

/** Members whose username starts with `q`, for the forum editor's @ autocomplete (never the viewer). */
export async function autocompleteUsers(db: Db, viewer: Viewer, q: string): Promise<UserSummary[]> {
  return profilesByPrefix(db, q, viewer.id, socialLimits.userAutocomplete);
}
