import { z } from 'zod';
import { idParams } from './id-params.ts';
import { isMediaPath } from './media.ts';
import { productMessages as m } from './messages/product.ts';
import { cursorParam, pageOf } from './pages.ts';
import { textField } from './text-field.ts';

export const productStatuses = ['active', 'inactive'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const urlMax = 2048;
const isHttpUrl = (v: string) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v);

/** A required http(s) link: anything else (javascript:, data:, relative) is refused. */
export function httpUrlField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(urlMax, invalid)
    .refine(isHttpUrl, { message: invalid });
}

/**
 * An optional image: an upload of ours (`/media/…`, shown) or an http(s) address (kept from before uploads,
 * shown as a link and never loaded: decision 023). Empty means none (null).
 */
export function optionalImageField(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .max(urlMax, invalid)
    .refine((v) => v === '' || isMediaPath(v) || isHttpUrl(v), { message: invalid })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const productLimits = {
  title: { max: 200 },
  description: { max: 5000 },
  search: { max: 100 },
} as const;
export const productPageSize = 24;

export const productBody = z.object({
  title: textField(productLimits.title, m.titleRequired, m.titleTooLong),
  salesUrl: httpUrlField(m.salesUrlRequired, m.salesUrlInvalid),
  description: textField(productLimits.description, m.descriptionRequired, m.descriptionTooLong),
  imageUrl: optionalImageField(m.imageUrlInvalid),
});
export type ProductBody = z.output<typeof productBody>;

export const productIdParams = idParams(m.notFound);
export const productPinBody = z.object({ isPinned: z.boolean() });
export const productStatusBody = z.object({ status: z.enum(productStatuses) });

/** A list's opaque keyset cursor and free-text search, shared by the catalogue's lists. */
const listQueryBase = {
  q: z.string().trim().max(productLimits.search.max).optional(),
  cursor: cursorParam,
};

export const productListQuery = z.object({
  status: z.enum(['active', 'all']).default('active'),
  ...listQueryBase,
});
export const adminProductListQuery = z.object({
  status: z.enum(['all', 'active', 'inactive']).default('active'),
  ...listQueryBase,
});

/** A product as anyone sees it; the sales link only while it is active (only active products sell). */
export const product = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  salesUrl: z.string().nullable(),
  status: z.enum(productStatuses),
  isPinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const productPage = pageOf(product);

/** Staff see every product's sales link. */
export const adminProduct = product.extend({ salesUrl: z.string() });
export type AdminProduct = z.infer<typeof adminProduct>;
export const adminProductPage = pageOf(adminProduct);
