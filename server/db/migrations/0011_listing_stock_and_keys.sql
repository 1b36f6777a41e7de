CREATE TABLE "listing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"ciphertext" text NOT NULL,
	"hash" text NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"order_id" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_keys_state_check" CHECK (state in ('available', 'reserved', 'sold', 'burned', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
DROP INDEX "marketplace_orders_listing_key";--> statement-breakpoint
DROP INDEX "listings_seller_idx";--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "delivery_kind" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "stock" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_keys" ADD CONSTRAINT "listing_keys_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_keys" ADD CONSTRAINT "listing_keys_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_keys_listing_hash_key" ON "listing_keys" USING btree ("listing_id","hash") WHERE "listing_keys"."state" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "listing_keys_available_idx" ON "listing_keys" USING btree ("listing_id","created_at","id") WHERE "listing_keys"."state" = 'available';--> statement-breakpoint
CREATE INDEX "listing_keys_listing_state_idx" ON "listing_keys" USING btree ("listing_id","state");--> statement-breakpoint
CREATE INDEX "listing_keys_claimed_idx" ON "listing_keys" USING btree ("listing_id","claimed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listing_keys"."claimed_at" is not null;--> statement-breakpoint
CREATE INDEX "listing_keys_order_idx" ON "listing_keys" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_listing_idx" ON "marketplace_orders" USING btree ("listing_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "marketplace_listings" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_stock_check" CHECK ("marketplace_listings"."stock" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_low_stock_check" CHECK ("marketplace_listings"."low_stock_threshold" is null or "marketplace_listings"."low_stock_threshold" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_units_check" CHECK ("marketplace_orders"."units" between 1 and 10);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('message_new', 'marketplace_new', 'order_new', 'order_completed', 'order_cancelled', 'order_update', 'ticket_reply', 'stock_low'));--> statement-breakpoint
-- Listings sold before stock existed have none left.
UPDATE "marketplace_listings" SET "stock" = 0 WHERE "status" = 'sold';
