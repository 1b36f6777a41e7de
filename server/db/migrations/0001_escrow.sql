DROP INDEX "ledger_entries_user_idx";--> statement-breakpoint
ALTER TABLE "marketplace_orders" ALTER COLUMN "status" SET DEFAULT 'held';--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "release_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "seller_payout" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "settled_by" uuid;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "settlement_note" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "party_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after" integer;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_settled_by_profiles_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_party_id_profiles_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_orders_release_idx" ON "marketplace_orders" USING btree ("release_at") WHERE "marketplace_orders"."status" = 'held';--> statement-breakpoint
CREATE INDEX "tickets_party_updated_idx" ON "tickets" USING btree ("party_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_order_key" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_settlement_check" CHECK ("marketplace_orders"."refunded_amount" >= 0 and "marketplace_orders"."seller_payout" >= 0 and "marketplace_orders"."refunded_amount" + "marketplace_orders"."seller_payout" <= "marketplace_orders"."price");--> statement-breakpoint
-- Orders made before escrow paid the seller at once: they are released, settled when they were made.
UPDATE "marketplace_orders" SET "status" = 'released', "settled_at" = "created_at", "release_at" = "created_at", "seller_payout" = "price" - "fee" WHERE "status" = 'completed';--> statement-breakpoint
-- The wallet history's running balance for rows written before the column existed.
UPDATE "ledger_entries" l SET "balance_after" = r."running" FROM (
  SELECT "id", sum("amount") OVER (PARTITION BY "user_id", "currency" ORDER BY "created_at", "id") AS "running"
  FROM "ledger_entries" WHERE "account" = 'user'
) r WHERE l."id" = r."id";
