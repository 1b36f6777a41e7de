import { z } from 'zod';
import { forumPostPath } from './forum-links.ts';
import { idParams } from './id-params.ts';
import { forumMessages as m } from './messages/forum.ts';
import { cursorParam, pageOf } from './pages.ts';
import { person, personWithAvatar } from './people.ts';
import { textField } from './text-field.ts';

export const forumLimits = {
  title: { min: 5, max: 100 },
  content: { max: 10_000 },
  reply: { max: 5000 },
  categoryName: { max: 50 },
} as const;
export const forumThreadPageSize = 20;
/** The most members one thread or reply notifies by @mention, over all its edits; later names stay links. */
export const forumMentionNotifyLimit = 10;
export const forumReplyPageSize = 20;

export const forumCategoryBody = z.object({
  name: textField(forumLimits.categoryName, m.categoryNameRequired, m.categoryNameTooLong),
  description: z.string().trim().max(300).default(''),
});

export const newThreadBody = z.object({
  categoryId: z.uuid({ error: m.categoryNotFound }),
  title: textField(forumLimits.title, m.titleTooShort, m.titleTooLong),
  content: textField(forumLimits.content, m.contentRequired, m.contentTooLong),
});
export type NewThreadBody = z.output<typeof newThreadBody>;

export const replyBody = z.object({
  content: textField(forumLimits.reply, m.replyRequired, m.replyTooLong),
});

/** An author's (or staff's) edit of a thread: its title and Markdown body. */
export const editThreadBody = newThreadBody.pick({ title: true, content: true });
export type EditThreadBody = z.output<typeof editThreadBody>;

/** Markdown to render as it would be stored (the editor's Preview tab). */
export const previewBody = z.object({
  content: z.string({ error: m.contentRequired }).max(forumLimits.content.max, m.contentTooLong),
});
export const previewResponse = z.object({ html: z.string() });

export const pinBody = z.object({ pinned: z.boolean() });
export const lockBody = z.object({ locked: z.boolean() });
export const moveBody = z.object({ categoryId: z.uuid({ error: m.categoryNotFound }) });

/** +1 up, -1 down, 0 removes the member's vote. */
export const voteBody = z.object({ value: z.union([z.literal(1), z.literal(-1), z.literal(0)]) });

export const threadIdParams = idParams(m.threadNotFound);
export const replyIdParams = idParams(m.replyNotFound);
export const categoryIdParams = idParams(m.categoryNotFound);
export const forumUserParams = idParams('Profile not found');

export const threadListQuery = z.object({
  categoryId: z.uuid({ error: m.categoryNotFound }),
  cursor: cursorParam,
});

const author = personWithAvatar;

export const forumCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  threadCount: z.number().int(),
  /** Watched threads with replies the member has not read (0 for visitors). */
  unreadCount: z.number().int(),
});
export type ForumCategory = z.infer<typeof forumCategory>;
export const forumCategoryList = z.object({ items: z.array(forumCategory) });

export const forumThreadSummary = z.object({
  id: z.string(),
  title: z.string(),
  author,
  category: z.object({ id: z.string(), name: z.string() }),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  replyCount: z.number().int(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  lastActivityAt: z.string(),
  createdAt: z.string(),
  /** Who wrote the latest reply (the author before the first one); null when that account is gone. */
  lastPoster: person.nullable(),
  /** The member watches it and it has replies they have not read (false for visitors). */
  unread: z.boolean(),
});
export type ForumThreadSummary = z.infer<typeof forumThreadSummary>;
export const forumThreadPage = pageOf(forumThreadSummary);

/**
 * A thread with its Markdown source (`content`, for the edit form), the sanitized HTML made from it when it
 * was written (`contentHtml`, what the page shows) and the viewer's own vote (0 for none or for visitors).
 */
export const forumThread = forumThreadSummary.extend({
  content: z.string(),
  contentHtml: z.string(),
  editedAt: z.string().nullable(),
  myVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  /** The member watches it (false for visitors). */
  watching: z.boolean(),
  /** What the caller may do with it, decided by the server (server/policy.ts). */
  abilities: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    reply: z.boolean(),
    pin: z.boolean(),
    lock: z.boolean(),
    move: z.boolean(),
    revisions: z.boolean(),
  }),
});
export type ForumThread = z.infer<typeof forumThread>;

export const forumReply = z.object({
  id: z.string(),
  author,
  content: z.string(),
  contentHtml: z.string(),
  likeCount: z.number().int(),
  /** The viewer likes it (false for visitors). */
  liked: z.boolean(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), revisions: z.boolean() }),
});
export type ForumReply = z.infer<typeof forumReply>;
export const forumReplyPage = pageOf(forumReply);
export type ForumReplyPage = z.infer<typeof forumReplyPage>;

/**
 * The thread page in one request: the thread and one page of replies. A member with unread replies gets
 * the page starting at the first unread one (`repliesFrom: 'unread'`; `unreadCursor` pages from there, the
 * replies endpoint without a cursor from the start); everyone else the first page.
 */
export const forumThreadView = forumThread.extend({
  replies: forumReplyPage,
  repliesFrom: z.enum(['start', 'unread']),
  firstUnreadReplyId: z.string().nullable(),
  unreadCursor: z.string().nullable(),
});
export type ForumThreadView = z.infer<typeof forumThreadView>;

export const watchBody = z.object({ watching: z.boolean() });
export const watchResponse = z.object({ watching: z.boolean() });

/** Read up to this reply (null: the opening post only); a read position never moves back. */
export const readBody = z.object({ replyId: z.uuid({ error: m.replyNotFound }).nullable() });

export const likeBody = z.object({ liked: z.boolean() });
export const likeResponse = z.object({ likeCount: z.number().int(), liked: z.boolean() });

export const voteResponse = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

/** The home page's newest threads by last activity, across categories. */
export const forumLatestSize = 5;
export const forumLatestList = z.object({ items: z.array(forumThreadSummary) });

/** Earlier versions of a thread or reply, newest first (staff). */
export const forumRevision = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  editor: person.nullable(),
  createdAt: z.string(),
});
export const forumRevisionList = z.object({ items: z.array(forumRevision) });
export type ForumRevisionList = z.infer<typeof forumRevisionList>;

/**
 * A Markdown quote of `text` (a selection, or a post's whole source) whose first line names its author and
 * links back to the post. The name sits inside the link, so quoting someone never mentions (notifies) them.
 */
export function quoteMarkdown(quote: {
  author: string;
  threadId: string;
  replyId?: string | null;
  text: string;
}): string {
  const lines = quote.text.replace(/\r\n?/g, '\n').trim().split('\n');
  const attribution = `[@${quote.author}](${forumPostPath(quote.threadId, quote.replyId)}) wrote:`;
  return `${[attribution, ...lines].map((line) => (line ? `> ${line}` : '>')).join('\n')}\n\n`;
}
