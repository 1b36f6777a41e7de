-- The buyer's first fetch of an order's license keys, recorded on their reveal row (issue 36).
ALTER TABLE "listing_content_reveals" ADD COLUMN "keys_revealed_at" timestamp with time zone;