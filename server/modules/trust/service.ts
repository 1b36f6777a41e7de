import type { Tx } from '../../db/client.ts';
import { type Executor, lockKey } from '../../db/sql.ts';
import type { Viewer } from '../../plugins/viewer.ts';
import { canModerate } from '../../policy.ts';
import { trustTerms } from './levels.ts';
import * as limits from './limits.ts';
import * as q from './queries.ts';

export { refreshTrustLevel } from './levels.ts';

/*
 * The services' doors to the trust limits (limits.ts decides): each reads only what its limit needs, and
 * nothing at all for staff or for a write that cannot reach a limit (a post without links or images).
 */

/** A post or comment about to be published or edited: its links and images. */
export async function limitPost(db: Executor, viewer: Viewer, reach: { links: number; images: number }) {
  if (canModerate(viewer) || reach.links + reach.images === 0) return;
  limits.ensurePostReach(viewer, await trustTerms(db), reach);
}

/*
 * A direct message is limited only when it is the first ever between the two. The send statement tells a
 * known pair (it sends at once) from a first contact, for which it takes the `newContactKey` lock instead of sending;
 * then `limitLockedNewContact` counts the day's others under that lock, and the send goes again.
 */

/** Whether the sender's first contacts are limited at all (staff's are not). */
export const limitsNewContacts = (viewer: Viewer) => !canModerate(viewer);

/**
 * The key of the sender's first-contact lock (the send statement takes it; `oneAtATime` queues on it in the
 * process): two first messages sent at once must not both see the count before either.
 */
export const newContactKey = (viewer: Viewer) => `new-contact:${viewer.id}`;

/**
 * Refuses a first contact past the level's daily limit. Only under the newContactKey lock, taken earlier in the same
 * transaction: this statement's snapshot, taken after it, sees every first contact committed before.
 */
export async function limitLockedNewContact(tx: Tx, viewer: Viewer, recipientId: string) {
  if (!limitsNewContacts(viewer)) return;
  const contact = await q.contactStanding(tx, viewer.id, recipientId);
  // A message between the two committed while this one waited for the lock: no longer a first contact.
  if (contact.known) return;
  limits.ensureNewContact(viewer, contact.terms, contact.startedToday);
}

/** A new listing at `price`: selling allowed at all, listings active at once, the price cap. */
export async function limitNewListing(tx: Tx, viewer: Viewer, price: number) {
  if (canModerate(viewer)) return;
  // Two listings made at once must not both see the active count before either.
  await lockKey(tx, `new-listing:${viewer.id}`);
  const [terms, active] = [await trustTerms(tx), await q.activeListings(tx, viewer.id)];
  limits.ensureListing(viewer, terms, { active, price });
}

/** A seller changing their listing's price. */
export async function limitListingPrice(db: Executor, viewer: Viewer, price: number) {
  if (canModerate(viewer)) return;
  limits.ensureListingPrice(viewer, await trustTerms(db), price);
}

/** A withdrawal request. */
export async function limitWithdrawal(db: Executor, viewer: Viewer) {
  if (canModerate(viewer)) return;
  limits.ensureWithdrawals(viewer, await trustTerms(db));
}
