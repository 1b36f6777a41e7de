DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
CREATE INDEX "profiles_username_pattern_idx" ON "profiles" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cheats_title_lower_idx" ON "cheats" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "listings_newest_idx" ON "marketplace_listings" USING btree ("is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_price_low_idx" ON "marketplace_listings" USING btree ("is_pinned" DESC NULLS LAST,"price","id");--> statement-breakpoint
CREATE INDEX "listings_price_high_idx" ON "marketplace_listings" USING btree ("is_pinned","price","id");--> statement-breakpoint
CREATE INDEX "listings_active_title_lower_idx" ON "marketplace_listings" USING btree (lower("title") text_pattern_ops) WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_orders_created_idx" ON "marketplace_orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketplace_orders_status_created_idx" ON "marketplace_orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);