import {
  type AnyPgColumn,
  customType,
  type ExtraConfigColumn,
  index,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes; pg hands back a Buffer and PGlite a Uint8Array, so both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The row's id: a UUID the database draws. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (the writer sets it). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was written and when it last changed, for a row that changes. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** The pending list's bound of a trigram index that keeps one, in kB (PostgreSQL's default is 4 MB). */
export const PENDING_LIST_KB = 256;

/**
 * A trigram index for substring search (decision 013). No pending list (`fastupdate` off): with it, new rows'
 * entries wait in an unsorted list that every search reads through until a vacuum merges it, so a search
 * slowed as members wrote (1.6 to 4-5 ms after 3,000 new listings on 100 k). Each insert pays its entries
 * at once instead.
 *
 * `pendingList`: the exception, for a long text of a row that changes state often and that only a fallback
 * search reads (the listing's description, decision 013 amended). New entries wait in a pending list of at
 * most PENDING_LIST_KB (32 pages, about 170 listings), merged in one pass when it fills: a sale rewrites the
 * listing's row in every index, and entering each trigram of the description one by one was a fifth of a
 * purchase's work in the database; a search through the full list costs 0.3 to 0.8 ms more.
 */
export const trigramIndex = (name: string, column: ExtraConfigColumn, { pendingList = false } = {}) =>
  index(name)
    .using('gin', column.op('gin_trgm_ops'))
    .with(
      pendingList ? { fastupdate: true, gin_pending_list_limit: PENDING_LIST_KB } : { fastupdate: false },
    );
