import { socialMessages as m } from '../../contract/messages.ts';
import { check, forbidden, owner, type Rules } from './rules.ts';

export interface PostSubject {
  kind: 'post';
  authorId: string;
}

export interface CommentSubject {
  kind: 'comment';
  authorId: string;
}

export const post = (row: { userId: string }): PostSubject => ({ kind: 'post', authorId: row.userId });
export const comment = (row: { userId: string }): CommentSubject => ({
  kind: 'comment',
  authorId: row.userId,
});

/** Spec §6: only the author deletes a post or comment (staff act through reports). */
const author = (message: string) =>
  check<{ authorId: string }>((v, p) => owner(v, p.authorId), forbidden(message));

export const postRules = {
  delete: [author(m.deleteOwnPosts)],
} satisfies Rules<PostSubject>;

export const commentRules = {
  delete: [author(m.deleteOwnComments)],
} satisfies Rules<CommentSubject>;
