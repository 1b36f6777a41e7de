/**
 * Trust levels (issue 36, decision 033): computed by the server from a member's history, shown on profiles,
 * and each level's limits are a site setting. Staff may set a level and lock it there.
 */
export const trustLevels = ['new', 'member', 'trusted'] as const;
export type TrustLevel = (typeof trustLevels)[number];

/** What a queued item is: content held before it is published, or a delivered message flagged to staff. */
export const reviewKinds = ['forum_thread', 'forum_reply', 'social_post', 'direct_message'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

/** Why an item is in the queue. */
export const reviewReasons = ['first_posts', 'links', 'spam_domain', 'off_platform'] as const;
export type ReviewReason = (typeof reviewReasons)[number];

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
