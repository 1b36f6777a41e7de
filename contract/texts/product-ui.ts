/** The official products (issue 41): the list, a product's page, its card, and the admin's table and form. */
import { defineMessages } from '../i18n/define.ts';

export const productUi = /* @__PURE__ */ defineMessages('productUi', {
  title: 'Products',
  intro: 'Official cheats and tools, hand-picked and kept up to date.',
  search: 'Search products',
  searchPlaceholder: 'Search products...',
  loading: 'Loading products…',
  details: 'Details',
  /** The Details link's accessible name. */
  viewDetails: (title: string) => `View details of ${title}`,
  back: 'Back to products',
  loadingOne: 'Loading product…',
  pinned: 'Pinned',
  safetyNotice: 'Safety notice',
  safetyText:
    "Buy Now takes you to the seller's official store in a new tab. Never share your CheatMarket password there, check the address before paying, and contact support if anything looks wrong.",
  addProduct: 'Add Product',
  editProduct: 'Edit Product',
  salesUrl: 'Sales URL',
  adminTitle: 'Manage Products',
  adminIntro: 'The official catalogue: add, edit, pin and retire products.',
  product: 'Product',
  activate: (title: string) => `Activate ${title}`,
  deactivate: (title: string) => `Deactivate ${title}`,
  deleteProduct: 'Delete product',
} as const);
