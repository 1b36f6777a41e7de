/**
 * The marketplace list (/marketplace, a first-screen page) and its listing cards (issue 41): kept apart from the
 * other marketplace pages' words so the list page's chunk carries only these.
 */
import { defineMessages } from '../i18n/define.ts';

export const marketUi = /* @__PURE__ */ defineMessages('marketUi', {
  title: 'Marketplace',
  intro: 'Buy and sell cheats, accounts and items with credits.',
  myOrders: 'My Orders',
  searchPlaceholder: 'Search listings or sellers...',
  sortBy: 'Sort by',
  newest: 'Newest',
  priceLow: 'Price: Low to High',
  priceHigh: 'Price: High to Low',
  cheats: 'Cheats',
  accounts: 'Accounts',
  items: 'Items',
  /** A seller's vouches on a listing card: "3 vouches". */
  vouches: (n: number) => `${n} ${n === 1 ? 'vouch' : 'vouches'}`,
} as const);

/** A listing's type, by its value (the card's badge, the create form's choices, the admin filter). */
export const listingTypeLabels = /* @__PURE__ */ defineMessages('listingTypeLabels', {
  cheat: 'Cheat',
  account: 'Account',
  item: 'Item',
  other: 'Other',
} as const);
