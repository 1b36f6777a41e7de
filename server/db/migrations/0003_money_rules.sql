ALTER TABLE "profiles" DROP CONSTRAINT "profiles_credits_check";--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_balance_check";--> statement-breakpoint
DROP INDEX "marketplace_orders_idempotency_key";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "balance" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "credits" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ALTER COLUMN "fee" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ALTER COLUMN "refunded_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ALTER COLUMN "seller_payout" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" SET DATA TYPE bigint;--> statement-breakpoint
-- Reveals become one row per order and viewer: keep the first of each, tied to the listing's order.
ALTER TABLE "listing_content_reveals" ADD COLUMN "order_id" uuid;--> statement-breakpoint
UPDATE "listing_content_reveals" r SET "order_id" = o."id" FROM "marketplace_orders" o WHERE o."listing_id" = r."listing_id";--> statement-breakpoint
DELETE FROM "listing_content_reveals" r WHERE r."order_id" IS NULL OR EXISTS (SELECT 1 FROM "listing_content_reveals" e WHERE e."order_id" = r."order_id" AND e."user_id" = r."user_id" AND (e."created_at", e."id") < (r."created_at", r."id"));--> statement-breakpoint
ALTER TABLE "listing_content_reveals" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_content_reveals" ADD CONSTRAINT "listing_content_reveals_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_content_reveals_order_user_key" ON "listing_content_reveals" USING btree ("order_id","user_id");--> statement-breakpoint
-- Keys become unique across buyers and live 24 h: expired ones go, and of any two buyers' equal keys the older is dropped.
UPDATE "marketplace_orders" SET "idempotency_key" = NULL WHERE "created_at" < now() - interval '24 hours';--> statement-breakpoint
UPDATE "marketplace_orders" o SET "idempotency_key" = NULL WHERE o."idempotency_key" IS NOT NULL AND EXISTS (SELECT 1 FROM "marketplace_orders" n WHERE n."idempotency_key" = o."idempotency_key" AND (n."created_at", n."id") > (o."created_at", o."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_idempotency_key" ON "marketplace_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "marketplace_orders_key_age_idx" ON "marketplace_orders" USING btree ("created_at") WHERE "marketplace_orders"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_credits_check" CHECK ("profiles"."credits" between 0 and 1000000000000);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_balance_check" CHECK ("profiles"."balance" between 0 and 1000000000000);