DROP INDEX "listing_keys_available_idx";--> statement-breakpoint
DROP INDEX "listing_keys_listing_state_idx";--> statement-breakpoint
CREATE INDEX "listing_keys_listing_state_idx" ON "listing_keys" USING btree ("listing_id","state","created_at","id");