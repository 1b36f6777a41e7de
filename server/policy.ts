import { messages } from '../contract/messages.ts';
import type { Viewer } from './modules/auth/viewer.ts';
import { AppError } from './plugins/errors.ts';
import { type ContentSubject, contentRules } from './policy/content.ts';
import { type ReplySubject, replyRules, type ThreadSubject, threadRules } from './policy/forum.ts';
import { type ListingSubject, listingRules } from './policy/listing.ts';
import { type MemberSubject, memberRules } from './policy/member.ts';
import { type OrderSubject, orderRules } from './policy/order.ts';
import {
  type DepositSubject,
  depositRules,
  type NotificationSubject,
  notificationRules,
} from './policy/personal.ts';
import type { Check } from './policy/rules.ts';
import { admin, owner, staff } from './policy/rules.ts';
import { type CommentSubject, commentRules, type PostSubject, postRules } from './policy/social.ts';
import { type TicketSubject, ticketRules } from './policy/ticket.ts';

/**
 * Who may do what, in one place. Routes declare the level a caller needs (`access()`, enforced by the
 * framework); below it, each resource has a table of rules (server/policy/<resource>.ts). A service loads the
 * resource and its first line is `authorize(viewer, 'edit', listing(row))`, which throws the rule's own
 * error (the spec's 403 or 404 text); detail responses report `abilities(viewer, subject, [...])` from the
 * same table, so the web never re-derives a rule and a page cannot offer what the server refuses.
 * Nothing under server/modules compares a viewer's id or role itself (server/security/policy-only.test.ts).
 */
const tables = {
  content: contentRules,
  listing: listingRules,
  order: orderRules,
  ticket: ticketRules,
  forumThread: threadRules,
  forumReply: replyRules,
  member: memberRules,
  post: postRules,
  comment: commentRules,
  notification: notificationRules,
  deposit: depositRules,
};
type Tables = typeof tables;
export type Subject =
  | ContentSubject
  | ListingSubject
  | OrderSubject
  | TicketSubject
  | ThreadSubject
  | ReplySubject
  | MemberSubject
  | PostSubject
  | CommentSubject
  | NotificationSubject
  | DepositSubject;
export type Action<S extends Subject> = keyof Tables[S['kind']] & string;

function rule<S extends Subject>(action: Action<S>, subject: S): readonly Check<S>[] {
  const checks = (tables[subject.kind] as unknown as Record<string, readonly Check<S>[]>)[action];
  if (!checks) throw new Error(`No policy rule for ${subject.kind}.${action}`);
  return checks;
}

/** Whether the caller may do the action, in the resource's present state. */
export function can<S extends Subject>(viewer: Viewer | null, action: Action<S>, subject: S): boolean {
  for (const c of rule(action, subject)) if (!c.allows(viewer, subject)) return false;
  return true;
}

/** Throws the first refusal of the action's rule (AppError: its 403, 404 or 409 and the spec's text). */
export function authorize<S extends Subject>(viewer: Viewer | null, action: Action<S>, subject: S): void {
  for (const c of rule(action, subject)) if (c.refuse && !c.allows(viewer, subject)) throw c.refuse();
}

/** The `abilities` object a detail reports: `can` for each action named. */
export function abilities<S extends Subject, A extends Action<S>>(
  viewer: Viewer | null,
  subject: S,
  actions: readonly A[],
): Record<A, boolean> {
  // A loop, not fromEntries over a map: a page asks this of every row it lists (a thread's replies).
  const allowed = {} as Record<A, boolean>;
  for (const a of actions) allowed[a] = can(viewer, a, subject);
  return allowed;
}

/**
 * Staff-level questions that no resource answers (a queue, a report list, the site's settings), and what
 * follows from a member's role: staff are never held to the trust limits and always get security alerts.
 */
export const canModerate = (viewer: { role: string } | null): boolean => staff(viewer);
export const canAdminister = (viewer: { role: string } | null): boolean => admin(viewer);

/**
 * Whether the caller acts on their own resource rather than as staff on someone else's: not a permission
 * (the rule was asked already) but what follows from it (an audit entry, mentions, a price cap).
 */
export const actsOnOwn = (viewer: { id: string } | null, ownerId: string | null): boolean =>
  owner(viewer, ownerId);

/**
 * Whether a member named in a request is the caller: for what is not a permission (the side of a
 * conversation a message is on, following or messaging yourself, who else hears of a reply).
 */
export const isSelf = (viewer: { id: string } | null, memberId: string | null): boolean =>
  owner(viewer, memberId);

/** Throws 403 with the spec's text for a role-level refusal (`canModerate`, `canAdminister`). */
export function ensure(allowed: boolean, message: string = messages.forbidden): asserts allowed {
  if (!allowed) throw new AppError('FORBIDDEN', message);
}

export { content } from './policy/content.ts';
export { reply, thread } from './policy/forum.ts';
export { type ListingSubject, listing } from './policy/listing.ts';
export { member } from './policy/member.ts';
export { order, orderRole } from './policy/order.ts';
export { deposit, notification } from './policy/personal.ts';
export { comment, post } from './policy/social.ts';
export { ticket } from './policy/ticket.ts';
