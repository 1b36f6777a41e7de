import { isStaff } from '../contract/limits.ts';
import { messages } from '../contract/messages.ts';
import type { Viewer } from './modules/auth/session-lookup.ts';
import { AppError } from './plugins/errors.ts';

/**
 * Who may do what, in one place. Routes declare the level a caller needs (`access()`, enforced by the
 * framework); services ask these questions for the rules a level cannot express (your own content, staff
 * acting on anyone's) and detail responses report the answers as `abilities`, so the web never re-derives them.
 */
export const can = {
  moderate: (viewer: Viewer | null): boolean => isStaff(viewer?.role),
  administer: (viewer: Viewer | null): boolean => viewer?.role === 'admin',
  /** Change or remove something a member owns: its owner, or staff. */
  manage: (viewer: Viewer | null, ownerId: string): boolean =>
    !!viewer && (viewer.id === ownerId || isStaff(viewer.role)),
};

/** What the caller may do with a listing, as its detail reports it. */
export function listingAbilities(viewer: Viewer | null, listing: { sellerId: string; status: string }) {
  const active = listing.status === 'active';
  const isSeller = viewer?.id === listing.sellerId;
  const manage = active && can.manage(viewer, listing.sellerId);
  return {
    buy: !!viewer && !isSeller && active,
    edit: manage,
    delete: manage,
    report: !!viewer && !isSeller,
  };
}

/**
 * Detection alerts on a listing: members other than its seller watch a cheat listing; its seller (or staff)
 * changes its detection status, sold or not.
 */
export function listingAlertAbilities(viewer: Viewer | null, listing: { sellerId: string; type: string }) {
  const cheat = listing.type === 'cheat';
  return {
    watch: cheat && !!viewer && viewer.id !== listing.sellerId,
    setDetection: cheat && can.manage(viewer, listing.sellerId),
  };
}

/**
 * What the caller may do with an order beyond its parties' own steps: staff settle a dispute, and a held order
 * whose seller is banned (its escrow waits for them).
 */
export function orderAbilities(viewer: Viewer | null, order: { status: string; sellerBanned: boolean }) {
  const waitsForStaff = order.status === 'disputed' || (order.status === 'held' && order.sellerBanned);
  return { settle: can.moderate(viewer) && waitsForStaff };
}

/** Whether the caller may reply in a thread: members while it is open; staff also once it is locked. */
export function canReplyIn(viewer: Viewer | null, thread: { isLocked: boolean }): boolean {
  return !!viewer && (!thread.isLocked || can.moderate(viewer));
}

/** What the caller may do with a forum thread, as its detail reports it. */
export function threadAbilities(viewer: Viewer | null, thread: { authorId: string; isLocked: boolean }) {
  const manage = can.manage(viewer, thread.authorId);
  const moderate = can.moderate(viewer);
  return {
    edit: manage,
    delete: manage,
    reply: canReplyIn(viewer, thread),
    pin: moderate,
    lock: moderate,
    move: moderate,
    revisions: moderate,
  };
}

/** What the caller may do with a forum reply: its author or staff edit and delete it. */
export function replyAbilities(viewer: Viewer | null, reply: { authorId: string }) {
  const manage = can.manage(viewer, reply.authorId);
  return { edit: manage, delete: manage, revisions: can.moderate(viewer) };
}

/** Throws 403 with the spec's text for the action when the answer is no. */
export function ensure(allowed: boolean, message: string = messages.forbidden): asserts allowed {
  if (!allowed) throw new AppError('FORBIDDEN', message);
}
