-- The listing description's trigram index keeps a pending list of at most 256 kB (decision 013 amended):
-- a sale rewrites the listing's row in every index, and entering the description's trigrams one by one was
-- a fifth of a purchase's work in the database. Altered in place, not rebuilt (a rebuild would block the
-- table's writes for as long as it takes on a large table).
ALTER INDEX "listings_description_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
