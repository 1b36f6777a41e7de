import {
  orderMessages as m,
  marketplaceMessages as mm,
  reputationMessages as rm,
  stockMessages as st,
} from '../../contract/messages.ts';
import type { Viewer } from '../modules/auth/viewer.ts';
import { type Check, check, conflict, forbidden, notFound, owner, type Rules, staff } from './rules.ts';

export interface OrderSubject {
  kind: 'order';
  buyerId: string | null;
  sellerId: string | null;
  status: string;
  sellerBanned: boolean;
}

export const order = (row: {
  buyerId: string | null;
  sellerId: string | null;
  status: string;
  sellerBanned?: boolean | null;
}): OrderSubject => ({
  kind: 'order',
  buyerId: row.buyerId,
  sellerId: row.sellerId,
  status: row.status,
  sellerBanned: Boolean(row.sellerBanned),
});

type C = Check<OrderSubject>;

/** Its buyer or its seller. */
export const party = (viewer: Viewer | null, o: { buyerId: string | null; sellerId: string | null }) =>
  owner(viewer, o.buyerId) || owner(viewer, o.sellerId);

/** How the caller stands to an order, as its views report it (staff see the orders of others). */
export const orderRole = (viewer: Viewer | null, o: { buyerId: string | null; sellerId: string | null }) =>
  owner(viewer, o.buyerId) ? 'buyer' : owner(viewer, o.sellerId) ? 'seller' : 'staff';

/** The two parties and staff; anyone else gets the same 404 as for a missing order. */
const visible: C = check((v, o) => party(v, o) || staff(v), notFound(m.notFound));
const buyer = (message: string): C => check((v, o) => owner(v, o.buyerId), forbidden(message));
/** A dispute, and a held order whose seller is banned (its escrow waits for staff). */
const waitsForStaff: C = check(
  (_v, o) => o.status === 'disputed' || (o.status === 'held' && o.sellerBanned),
  null,
);

export const orderRules = {
  view: [visible],
  /** What was sold (content link, keys' reveal log): the two parties, not staff (they reveal a dispute's). */
  seeContent: [check((v, o) => party(v, o), null)],
  confirm: [visible, buyer(m.onlyBuyerConfirm)],
  dispute: [visible, buyer(m.onlyBuyerDispute)],
  /** The buyer's keys; its seller and staff are refused (staff reveal a disputed order's). */
  readKeys: [visible, buyer(st.onlyBuyerKeys)],
  /** Feedback: the buyer, once the order is complete (released); once per order (the service's unique row). */
  feedback: [
    buyer(mm.onlyBuyerFeedback),
    check((_v, o) => o.status === 'released', conflict(rm.feedbackAfterRelease)),
  ],
  /** Staff settle what waits for them (the settlement's conditional update enforces the state). */
  settle: [check((v) => staff(v), forbidden(m.onlyStaffSettle)), waitsForStaff],
} satisfies Rules<OrderSubject>;
