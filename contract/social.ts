import { z } from 'zod';
import { idParams } from './id-params.ts';
import { isMediaPath } from './media.ts';
import { socialMessages } from './messages/social.ts';
import { pageOf } from './pages.ts';
import { personWithRole } from './people.ts';
import { socialLimits } from './social-limits.ts';
import { textField } from './text-field.ts';

export { socialLimits };

export const feedTabs = ['for-you', 'following'] as const;
export type FeedTab = (typeof feedTabs)[number];

/** Opaque keyset cursor: base64url of "<microseconds since epoch>.<uuid>" of the last row. */
export const cursorField = z
  .string()
  .max(200, socialMessages.invalidCursor)
  .regex(/^[A-Za-z0-9_-]+$/, socialMessages.invalidCursor);

export const postIdParams = idParams(socialMessages.postNotFound);
export const commentIdParams = idParams(socialMessages.commentNotFound);

export const feedQuery = z.object({
  tab: z.enum(feedTabs).default('for-you'),
  cursor: cursorField.optional(),
});
export const pageQuery = z.object({ cursor: cursorField.optional() });

const imageUrlField = z
  .string()
  .trim()
  .max(socialLimits.imageUrl.max, socialMessages.imageUrlInvalid)
  // An upload of ours, or an http(s) address shown as a link (decision 023).
  .refine((v) => v === '' || isMediaPath(v) || isHttpUrl(v), socialMessages.imageUrlInvalid);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** POST /posts; the post form uses it too. An empty image URL means none. */
export const createPostBody = z.object({
  content: textField(socialLimits.postContent, socialMessages.contentRequired, socialMessages.contentTooLong),
  imageUrl: imageUrlField.nullish(),
});

export const createCommentBody = z.object({
  content: textField(socialLimits.comment, socialMessages.commentEmpty, socialMessages.commentTooLong),
});

export const authorSchema = personWithRole;

/** What a post and a comment both carry: the text, when, and who wrote it. */
const written = { id: z.string(), content: z.string(), createdAt: z.string(), author: authorSchema };

export const postSchema = z.object({
  ...written,
  imageUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  followingAuthor: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const postPage = pageOf(postSchema);
export type PostPage = z.infer<typeof postPage>;

export const commentSchema = z.object({ ...written, postId: z.string() });
export type Comment = z.infer<typeof commentSchema>;

export const commentPage = pageOf(commentSchema);
export type CommentPage = z.infer<typeof commentPage>;

export const likeResponse = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponse>;

/** `{ ok: true }`, the answer of a write with nothing else to say: one shape, in contract/auth.ts. */
export { okResponse } from './auth.ts';

export const latestPostSchema = z.object({
  id: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  author: authorSchema.pick({ id: true, username: true, avatarUrl: true }),
});

/** GET /stats: the home page's one request (counts and the latest posts, all public). */
export const statsResponse = z.object({
  members: z.number().int(),
  posts: z.number().int(),
  downloads: z.number().int(),
  latestPosts: z.array(latestPostSchema),
});
export type Stats = z.infer<typeof statsResponse>;
