import {
  marketplaceMessages as m,
  stockMessages as st,
  watchMessages as wm,
} from '../../contract/messages.ts';
import { AppError } from '../plugins/errors.ts';
import { reportable } from './content.ts';
import {
  type Check,
  check,
  conflict,
  forbidden,
  notFound,
  owner,
  ownerOrStaff,
  type Rules,
  staff,
} from './rules.ts';

export interface ListingSubject {
  kind: 'listing';
  sellerId: string;
  status: string;
  /** Null where the caller did not read it (a purchase's lock): no cheat-only rule then holds. */
  type: string | null;
}

export const listing = (row: { sellerId: string; status: string; type?: string }): ListingSubject => ({
  kind: 'listing',
  sellerId: row.sellerId,
  status: row.status,
  type: row.type ?? null,
});

type C = Check<ListingSubject>;

/** A suspended listing (banned seller) is gone for everyone but its seller and staff. */
const visible: C = check(
  (v, l) => l.status !== 'suspended' || owner(v, l.sellerId) || staff(v),
  notFound(m.notFound),
);
const active = (refuse: C['refuse']): C => check((_v, l) => l.status === 'active', refuse);
const sellerOrStaff = (message: string): C =>
  check((v, l) => ownerOrStaff(v, l.sellerId), forbidden(message));
const cheat = (refuse: C['refuse']): C => check((_v, l) => l.type === 'cheat', refuse);
const notSeller = (message: string): C => check((v, l) => !!v && !owner(v, l.sellerId), forbidden(message));

export const listingRules = {
  view: [visible],
  /** Members other than the seller buy an active listing (the sale's conditional update enforces "active"). */
  buy: [notSeller(m.ownListing), active(null)],
  edit: [sellerOrStaff(m.noPermissionEdit), active(conflict(m.alreadySold))],
  delete: [sellerOrStaff(m.noPermissionDelete), active(conflict(m.alreadySold))],
  report: [reportable((l: ListingSubject) => l.sellerId)],
  /** Its seller and staff see the latest order of the listing, not only their own. */
  seeOrders: [check((v, l) => ownerOrStaff(v, l.sellerId), null)],
  /** Detection alerts: members other than the seller watch a cheat listing they can see. */
  watch: [
    check((v, l) => l.status !== 'suspended' || staff(v), notFound(m.notFound)),
    notSeller(wm.ownListing),
    cheat(conflict(wm.onlyCheatListings)),
  ],
  /** Its seller (or staff) changes a cheat listing's detection status, sold or not. */
  setDetection: [
    sellerOrStaff(m.noPermissionEdit),
    cheat(() => new AppError('VALIDATION', wm.onlyCheatListings, { detectionStatus: wm.onlyCheatListings })),
  ],
  /** Stock and keys: the seller or staff, while the listing is not suspended. */
  manageStock: [
    sellerOrStaff(st.onlySellerKeys),
    check((_v, l) => l.status !== 'suspended', conflict(st.suspended)),
  ],
  /** The sold stock and who bought it: the seller or staff, in any state. */
  seeKeys: [sellerOrStaff(st.onlySellerKeys)],
  /** Keys are what a buyer pays for: only the seller adds them, never staff on the seller's behalf. */
  uploadKeys: [check((v, l) => owner(v, l.sellerId), forbidden(st.onlySellerKeys))],
} satisfies Rules<ListingSubject>;
