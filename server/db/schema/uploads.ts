import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { memberRow } from './member-rows.ts';

/**
 * Images members upload for threads, replies, posts, listings and products (decision 023). The bytes are
 * the server's own re-encoding, never the member's file, and live in the database so every instance
 * serves them, or in an S3 bucket when one is configured (`data` null; `npm run media:migrate` moves them). An id's bytes never change (its URL is cached for a year); the same image uploaded again
 * by the same member answers the row it already has (sha256 of the stored bytes).
 */
export const uploads = pgTable(
  'uploads',
  {
    ...memberRow(),
    sha256: text('sha256').notNull(),
    mime: text('mime', { enum: ['image/webp', 'image/png'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The bytes, or null once they live in the S3 bucket under `uploads/<id>.<ext>` (bucket.ts). */
    data: bytea('data'),
    /** Stored size, counted against the member's daily quota. */
    bytes: integer('bytes').notNull().default(0),
    /** When content first used it; images nothing uses a day after upload are swept. */
    referencedAt: timestamp('referenced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_unreferenced_idx').on(t.createdAt).where(sql`${t.referencedAt} is null`),
    uniqueIndex('uploads_user_id_sha256_idx').on(t.userId, t.sha256),
    check('uploads_mime_check', sql`${t.mime} in ('image/webp', 'image/png')`),
  ],
);
