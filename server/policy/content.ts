import { reportMessages } from '../../contract/messages.ts';
import { check, forbidden, owner, type Rules } from './rules.ts';

/** Any piece of member content (a post, comment, thread, reply, listing, message) as a report names it. */
export interface ContentSubject {
  kind: 'content';
  authorId: string | null;
}

export const content = (authorId: string | null): ContentSubject => ({ kind: 'content', authorId });

/** Members report what others wrote, never their own. */
export const reportable = <S>(authorOf: (subject: S) => string | null) =>
  check<S>((viewer, s) => !!viewer && !owner(viewer, authorOf(s)), forbidden(reportMessages.ownContent));

export const contentRules = {
  report: [reportable((c: ContentSubject) => c.authorId)],
} satisfies Rules<ContentSubject>;
