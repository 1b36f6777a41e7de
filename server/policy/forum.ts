import { forumMessages as m } from '../../contract/messages.ts';
import { check, forbidden, ownerOrStaff, type Rules, staff } from './rules.ts';

export interface ThreadSubject {
  kind: 'forumThread';
  authorId: string;
  isLocked: boolean;
}

export interface ReplySubject {
  kind: 'forumReply';
  authorId: string;
}

export const thread = (row: { authorId: string; isLocked: boolean }): ThreadSubject => ({
  kind: 'forumThread',
  authorId: row.authorId,
  isLocked: row.isLocked,
});

export const reply = (row: { authorId: string }): ReplySubject => ({
  kind: 'forumReply',
  authorId: row.authorId,
});

const authorOrStaff = (message: string) =>
  check<{ authorId: string }>((v, p) => ownerOrStaff(v, p.authorId), forbidden(message));
const moderators = check<unknown>((v) => staff(v), forbidden(m.moderatorsOnly));

export const threadRules = {
  edit: [authorOrStaff(m.editOwnOnly)],
  delete: [authorOrStaff(m.deleteOwnOnly)],
  /** Members reply while it is open; staff also once it is locked. */
  reply: [check<ThreadSubject>((v, t) => !!v && (!t.isLocked || staff(v)), forbidden(m.threadLocked))],
  pin: [moderators],
  lock: [moderators],
  move: [moderators],
  revisions: [moderators],
} satisfies Rules<ThreadSubject>;

export const replyRules = {
  edit: [authorOrStaff(m.editOwnOnly)],
  delete: [authorOrStaff(m.deleteOwnRepliesOnly)],
  revisions: [moderators],
} satisfies Rules<ReplySubject>;
