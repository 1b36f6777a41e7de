-- Trigram indexes without a pending list (decision 013): new entries go straight into the index, so a
-- search never reads through an unsorted list of recent rows. Altered in place, not rebuilt (a rebuild of
-- a large table's trigram index would block its writes for minutes); the entries already pending are
-- merged now, since turning the option off does not flush them.
ALTER INDEX "profiles_username_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "cheats_title_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "cheats_game_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "products_title_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "products_description_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "forum_threads_title_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "forum_threads_content_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "listings_title_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "listings_description_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('profiles_username_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('cheats_title_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('cheats_game_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_title_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_description_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('forum_threads_title_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('forum_threads_content_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('listings_title_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('listings_description_trgm_idx'::regclass);
