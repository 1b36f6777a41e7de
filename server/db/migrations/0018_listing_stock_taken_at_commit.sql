ALTER TABLE "marketplace_listings" ADD COLUMN "low_stock_warned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Listings already under their warning were told when their stock crossed it.
UPDATE "marketplace_listings" SET "low_stock_warned" = true
  WHERE "low_stock_threshold" IS NOT NULL AND "stock" < "low_stock_threshold";--> statement-breakpoint
-- A key listing's stock is taken at COMMIT, one unit per key its purchase claimed, by the database itself:
-- buyers of one key listing then queue on its row only for the commit, never across a round trip to the
-- app (docs/decisions/021). The sale is re-checked under the row lock: still active, at the unit price the
-- order was written at, with a unit left; otherwise the COMMIT fails (SQLSTATE CMK01) and nothing stands.
CREATE FUNCTION "take_listing_key_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "marketplace_listings" l
    SET "stock" = l."stock" - 1,
      "status" = CASE WHEN l."stock" = 1 THEN 'sold' ELSE l."status" END,
      "sold_to" = CASE WHEN l."stock" = 1 THEN o."buyer_id" ELSE l."sold_to" END,
      "sold_at" = CASE WHEN l."stock" = 1 THEN now() ELSE l."sold_at" END
    FROM "marketplace_orders" o
    WHERE l."id" = NEW."listing_id" AND o."id" = NEW."order_id"
      AND l."status" = 'active' AND l."stock" >= 1 AND l."price" * o."units" = o."price";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the listing no longer sells on these terms' USING ERRCODE = 'CMK01';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "listing_keys_take_stock" AFTER UPDATE OF "state" ON "listing_keys"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."state" = 'available' AND NEW."state" = 'reserved')
  EXECUTE FUNCTION "take_listing_key_stock"();
