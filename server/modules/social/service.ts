import type { z } from 'zod';
import { socialMessages } from '../../../contract/messages.ts';
import type { HeldForReview } from '../../../contract/review.ts';
import {
  type Comment,
  type CommentPage,
  type createCommentBody,
  createPostBody,
  type FeedTab,
  type LikeResponse,
  type Post,
  type PostPage,
  type Stats,
  socialLimits,
} from '../../../contract/social.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, orNotFound } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { authorize, comment as commentSubject, post as postSubject } from '../../policy.ts';
import { countPlainLinks } from '../forum/markdown.ts';
import { holdForReview, type Origin } from '../review/hold.ts';
import type { PublishHeld } from '../review/publishers.ts';
import { limitPost, refreshTrustLevel } from '../trust/service.ts';
import { markReferenced } from '../uploads/service.ts';
import {
  addLike,
  type CommentRow,
  commentKeyset,
  countDownloads,
  countMembersAndPosts,
  deleteComment,
  deletePost as deletePostRow,
  findComment,
  findPostOwner,
  insertComment,
  insertPost,
  lockPost,
  type PostRow,
  postKeyset,
  profileExists,
  removeLike,
  selectCommentPage,
  selectLatestPosts,
  selectPostPage,
} from './queries.ts';

export interface SocialDeps {
  db: Db;
}

// --- cursors ---------------------------------------------------------------------------------------

const keyOf = (row: { at: string; id: string }): [string, string] => [row.at, row.id];

// --- presenters ------------------------------------------------------------------------------------

/** What a post and a comment both show: the text, when, and its author as a page query selects them. */
function writtenOf(
  row: Pick<
    PostRow,
    'id' | 'content' | 'createdAt' | 'authorId' | 'authorUsername' | 'authorAvatarUrl' | 'authorRole'
  >,
) {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    author: {
      id: row.authorId,
      username: row.authorUsername,
      avatarUrl: row.authorAvatarUrl,
      role: row.authorRole,
    },
  };
}

function toPost(row: Omit<PostRow, 'at'>): Post {
  return {
    ...writtenOf(row),
    imageUrl: row.imageUrl,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: row.likedByMe,
    followingAuthor: row.followingAuthor,
  };
}

function toComment(row: Omit<CommentRow, 'at'>): Comment {
  return { ...writtenOf(row), postId: row.postId };
}

/** The viewer as the author of what they have just written, as the page queries select an author. */
function authoredBy(viewer: Viewer) {
  return {
    authorId: viewer.id,
    authorUsername: viewer.username,
    authorAvatarUrl: viewer.avatarUrl,
    authorRole: viewer.role,
  };
}

// --- posts -----------------------------------------------------------------------------------------

/** The feed: members only (spec §6: the feed shows posts only when signed in). */
export async function listFeed(
  db: Db,
  viewer: Viewer,
  query: { tab: FeedTab; cursor?: string },
): Promise<PostPage> {
  const after = postKeyset.decode(query.cursor);
  const size = socialLimits.pageSize;
  const rows = await selectPostPage(db, {
    viewerId: viewer.id,
    followingOnly: query.tab === 'following',
    after,
    limit: postKeyset.limit(size),
  });
  return postKeyset.page(rows, size, keyOf, toPost);
}

/** A member's own posts, for their public profile page. */
export async function listPostsByAuthor(
  db: Db,
  viewer: Viewer | null,
  authorId: string,
  cursor: string | undefined,
): Promise<PostPage> {
  const after = postKeyset.decode(cursor);
  const size = socialLimits.pageSize;
  const rows = await selectPostPage(db, {
    viewerId: viewer?.id ?? null,
    authorId,
    after,
    limit: postKeyset.limit(size),
  });
  // An empty page may mean an unknown member: one more lookup, only then.
  if (rows.length === 0 && !(await profileExists(db, authorId))) {
    throw new AppError('NOT_FOUND', socialMessages.profileNotFound);
  }
  return postKeyset.page(rows, size, keyOf, toPost);
}

/** A member posts to the feed: held for staff when the review rules say so (the queue item), else published. */
export async function createPost(
  deps: SocialDeps,
  viewer: Viewer,
  body: z.output<typeof createPostBody>,
  origin: Origin,
): Promise<Post | HeldForReview> {
  // A trust level's limits refuse before the review rules hold: a refused post never waits for staff.
  await limitPost(deps.db, viewer, { links: countPlainLinks(body.content), images: body.imageUrl ? 1 : 0 });
  const payload = { content: body.content, imageUrl: body.imageUrl || null };
  const held = await holdForReview(
    deps.db,
    viewer,
    { kind: 'social_post', text: body.content, payload },
    origin,
  );
  return held ?? publishPost(deps, viewer, payload);
}

/** Writes a post (a direct one, or a held one staff approved). */
async function publishPost(
  { db }: SocialDeps,
  viewer: Viewer,
  body: z.output<typeof createPostBody>,
): Promise<Post> {
  const row = await insertPost(db, {
    userId: viewer.id,
    content: body.content,
    imageUrl: body.imageUrl || null,
  });
  // A post published may be the one that earns `member`.
  if (viewer.trustLevel === 'new') await refreshTrustLevel(db, viewer.id);
  await markReferenced(db, row.imageUrl);
  return toPost({
    ...row,
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    followingAuthor: false,
    ...authoredBy(viewer),
  });
}

/**
 * Publishes a post staff approved from the review queue (decision 056: review calls it by kind, handed to it by
 * server/app.ts, inside its decision's transaction), through the same path as a direct post.
 */
export const heldPublishers: Record<'social_post', PublishHeld> = {
  social_post: async (tx: Tx, author: Viewer, payload: Record<string, unknown>) => {
    const post = await publishPost({ db: tx }, author, createPostBody.parse(payload));
    return { id: post.id, data: { postId: post.id }, about: 'Your post is published.' };
  },
};

/** Spec §6: only the author may delete their own post. */
export async function deletePost(db: Db, viewer: Viewer, postId: string): Promise<void> {
  const post = orNotFound(await findPostOwner(db, postId), socialMessages.postNotFound);
  authorize(viewer, 'delete', postSubject(post));
  await deletePostRow(db, postId);
}

/** Idempotent: one like per member; the counter moves only when the like row really changes. */
export async function setLike(
  { db }: SocialDeps,
  viewer: Viewer,
  postId: string,
  liked: boolean,
): Promise<LikeResponse> {
  return db.transaction(async (tx) => {
    if (!(await lockPost(tx, postId))) throw new AppError('NOT_FOUND', socialMessages.postNotFound);
    const likeCount = liked ? await addLike(tx, postId, viewer.id) : await removeLike(tx, postId, viewer.id);
    return { liked, likeCount };
  });
}

// --- comments --------------------------------------------------------------------------------------

export async function listComments(db: Db, postId: string, cursor: string | undefined): Promise<CommentPage> {
  const after = commentKeyset.decode(cursor);
  if (!(await findPostOwner(db, postId))) throw new AppError('NOT_FOUND', socialMessages.postNotFound);
  const size = socialLimits.commentPageSize;
  const rows = await selectCommentPage(db, postId, after, commentKeyset.limit(size));
  return commentKeyset.page(rows, size, keyOf, toComment);
}

export async function addComment(
  { db }: SocialDeps,
  viewer: Viewer,
  postId: string,
  body: z.output<typeof createCommentBody>,
): Promise<Comment> {
  await limitPost(db, viewer, { links: countPlainLinks(body.content), images: 0 });
  const row = await db.transaction(async (tx) => {
    if (!(await lockPost(tx, postId))) throw new AppError('NOT_FOUND', socialMessages.postNotFound);
    return insertComment(tx, { postId, userId: viewer.id, content: body.content });
  });
  return toComment({ ...row, ...authoredBy(viewer) });
}

/** Spec §6: only the author may delete their own comment. */
export async function removeComment(db: Db, viewer: Viewer, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const comment = orNotFound(await findComment(tx, commentId), socialMessages.commentNotFound);
    authorize(viewer, 'delete', commentSubject(comment));
    await deleteComment(tx, comment.id);
  });
}

// --- home ------------------------------------------------------------------------------------------

/** Public: the home page's counts and latest posts, in one request. */
export async function getStats(db: Db): Promise<Stats> {
  const [counts, downloads, latest] = await Promise.all([
    countMembersAndPosts(db),
    countDownloads(db),
    selectLatestPosts(db, socialLimits.latestPosts, socialLimits.latestExcerpt),
  ]);
  return {
    members: counts.members,
    posts: counts.posts,
    downloads,
    latestPosts: latest.map((row) => ({
      id: row.id,
      excerpt: row.excerpt,
      createdAt: row.createdAt.toISOString(),
      author: { id: row.authorId, username: row.authorUsername, avatarUrl: row.authorAvatarUrl },
    })),
  };
}
