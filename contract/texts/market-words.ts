/**
 * Words the marketplace, product, cheat and seller pages share (issue 41): filters, field labels, table headers,
 * buttons and the price tag. One text, one key: every page of the area reads these from here.
 */
import { defineMessages } from '../i18n/define.ts';

export const marketWords = /* @__PURE__ */ defineMessages('marketWords', {
  active: 'Active',
  inactive: 'Inactive',
  sold: 'Sold',
  suspended: 'Suspended',
  title: 'Title',
  game: 'Game',
  description: 'Description',
  features: 'Features',
  requirements: 'Requirements',
  stock: 'Stock',
  created: 'Created',
  lastUpdated: 'Last updated',
  listing: 'Listing',
  seller: 'Seller',
  edit: 'Edit',
  buyNow: 'Buy Now',
  createListing: 'Create Listing',
  loadingListings: 'Loading listings…',
  searchListings: 'Search listings',
  backToMarketplace: 'Back to Marketplace',
  formerMember: 'a former member',
  /** A price tag: "25 Credits". */
  credits: (n: number) => `${n} Credits`,
  /** An admin row's link to the item's page (its accessible name). */
  view: (title: string) => `View ${title}`,
  /** An admin row's edit button (its accessible name). */
  editItem: (title: string) => `Edit ${title}`,
  /** An admin row's delete button (its accessible name). */
  deleteItem: (title: string) => `Delete ${title}`,
} as const);
