import { z } from 'zod';
import { detectionStatuses } from './detection.ts';
import { idParams } from './id-params.ts';
import { marketplaceMessages as m } from './messages/marketplace.ts';
import { stockMessages as st } from './messages/stock.ts';
import { wholeField } from './number-field.ts';
import { order } from './orders.ts';
import { cursorParam, pageOf } from './pages.ts';
import { person, personWithAvatar } from './people.ts';
import { httpUrlField, optionalImageField } from './products.ts';
import { sellerReputation, vouch } from './reputation.ts';
import { textField } from './text-field.ts';

export const listingTypes = ['cheat', 'account', 'item', 'other'] as const;
/** The statuses anyone may filter by; a listing may also be `suspended` (its seller is banned). */
export const listingStatuses = ['active', 'sold'] as const;
export type ListingStatus = (typeof listingStatuses)[number];
export const listingStatusValues = [...listingStatuses, 'suspended'] as const;
/** `link`: the same content link for every buyer; `keys`: each buyer gets license keys of their own. */
export const deliveryKinds = ['link', 'keys'] as const;
export const listingSorts = ['newest', 'price_low', 'price_high'] as const;
export type ListingSort = (typeof listingSorts)[number];

export const listingLimits = {
  title: { min: 5, max: 100 },
  description: { min: 20, max: 5000 },
  text: { max: 2000 },
  game: { max: 100 },
  price: { min: 1, max: 100_000 },
  comment: { max: 1000 },
  search: { max: 100 },
  stock: { min: 1, max: 10_000 },
  units: { min: 1, max: 10 },
  /** Keys per upload, and characters per key. */
  keys: { max: 10_000, length: 200 },
} as const;
export const listingPageSize = 24;

const title = textField(listingLimits.title, m.titleTooShort, m.titleTooLong);
const description = textField(listingLimits.description, m.descriptionTooShort, m.descriptionTooLong);
/** Whole credits only; forms send numbers, so strings are refused like any other wrong type. */
const price = z
  .number({ error: m.priceTooLow })
  .int(m.priceTooLow)
  .min(listingLimits.price.min, m.priceTooLow)
  .max(listingLimits.price.max, m.priceTooHigh);

export const stockField = wholeField(listingLimits.stock, st.stockInvalid);
export const lowStockThresholdField = wholeField(listingLimits.stock, st.thresholdInvalid).nullable();
/** Pasted or read from a .txt file: one key per line (the server checks each line and answers line numbers). */
export const keysText = z
  .string({ error: st.keysRequired })
  .max(listingLimits.keys.max * (listingLimits.keys.length + 2), st.keysTooMany);

export const listingCreateBody = z.object({
  title,
  game: textField(listingLimits.game, m.gameRequired, m.gameRequired),
  type: z.enum(listingTypes).default('cheat'),
  detectionStatus: z.enum(detectionStatuses).default('unknown'),
  features: textField(listingLimits.text, m.featuresRequired, m.featuresRequired),
  requirements: textField(listingLimits.text, m.requirementsRequired, m.requirementsRequired),
  description,
  contentLink: httpUrlField(m.contentLinkRequired, m.contentLinkInvalid),
  price,
  imageUrl: optionalImageField(m.imageUrlInvalid),
  deliveryKind: z.enum(deliveryKinds).default('link'),
  /** A link listing's units; a key listing's stock is the keys given. */
  stock: stockField.default(1),
  keys: keysText.optional(),
  lowStockThreshold: lowStockThresholdField.default(null),
});
export type ListingCreateBody = z.input<typeof listingCreateBody>;

/** Only these change after creation (spec: game, type, features, requirements and link are fixed). */
export const listingEditBody = z.object({
  title,
  description,
  price,
  imageUrl: optionalImageField(m.imageUrlInvalid),
});
export type ListingEditBody = z.input<typeof listingEditBody>;

/** The price the buyer was shown: the sale happens only at that price (no bait between look and click). */
export const purchaseBody = z.object({
  expectedPrice: wholeField(listingLimits.price, m.expectedPriceRequired),
  /** Units in this one order (one escrow hold, one fee on the total). */
  units: wholeField(listingLimits.units, st.unitsInvalid).default(1),
});

export const feedbackBody = z.object({
  rating: wholeField({ min: 1, max: 5 }, m.ratingRequired),
  comment: textField(listingLimits.comment, m.commentRequired, m.commentTooLong),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const listingIdParams = idParams(m.notFound);
export const listingPinBody = z.object({ isPinned: z.boolean() });

export const listingListQuery = z.object({
  status: z.enum(['all', ...listingStatuses]).default('active'),
  type: z.enum(['all', 'cheat', 'account', 'item']).default('all'),
  sort: z.enum(listingSorts).default('newest'),
  q: z.string().trim().max(listingLimits.search.max).optional(),
  cursor: cursorParam,
});

export const listingRank = z.object({ name: z.string(), color: z.string() });
export const listingSeller = personWithAvatar.extend({
  vouches: z.number().int(),
  averageRating: z.number(),
  rank: listingRank.nullable(),
});
export const listingBuyer = personWithAvatar;

/** A listing as anyone sees it: never the content link. */
export const listing = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  imageUrl: z.string().nullable(),
  game: z.string(),
  type: z.enum(listingTypes),
  features: z.string(),
  requirements: z.string(),
  detectionStatus: z.enum(detectionStatuses),
  status: z.enum(listingStatusValues),
  deliveryKind: z.enum(deliveryKinds),
  /** Units left: `sold` (Sold out) at 0. */
  stock: z.number().int(),
  isPinned: z.boolean(),
  soldAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  seller: listingSeller,
  buyer: listingBuyer.nullable(),
});
export type Listing = z.infer<typeof listing>;
export const listingPage = pageOf(listing);

/** The detail adds the content link, null unless the caller is the seller or the buyer. */
export const listingDetail = listing.extend({
  contentLink: z.string().nullable(),
  /** For the buyer of a sold listing: whether their feedback is already in. */
  feedbackGiven: z.boolean(),
  /** The sale's order, for its two parties and staff (null for everyone else). */
  order: order.nullable(),
  /** What the caller may do with it, decided by the server (server/policy.ts). */
  abilities: z.object({
    buy: z.boolean(),
    edit: z.boolean(),
    delete: z.boolean(),
    report: z.boolean(),
    /** Watch it for detection alerts: members other than its seller, cheat listings only. */
    watch: z.boolean(),
    /** Change its detection status (sold or not): its seller or staff, cheat listings only. */
    setDetection: z.boolean(),
    /** Leave feedback: its buyer, once the order is complete (released), once. */
    feedback: z.boolean(),
  }),
  /** Whether the caller watches it (detection alerts). */
  watching: z.boolean(),
  /** The seller card's figures beside the average, computed by the server. */
  sellerReputation,
});
export type ListingDetail = z.infer<typeof listingDetail>;

export const feedbackEntry = vouch.extend({
  author: person.nullable(),
  /** The caller's own vouch, held for staff as a possible vouch ring: shown to them only, as "Awaiting review". */
  awaitingReview: z.boolean(),
  createdAt: z.string(),
});
/** What leaving feedback answers: `counted` false while it awaits staff review, and the text to show. */
export const feedbackResult = z.object({ id: z.string(), counted: z.boolean(), message: z.string() });
/** A seller's feedback: the reputation figures, then the counted entries (flagged ones wait for staff). */
export const feedbackPage = sellerReputation.extend({
  items: z.array(feedbackEntry),
  nextCursor: z.string().nullable(),
});
export type FeedbackPage = z.infer<typeof feedbackPage>;
