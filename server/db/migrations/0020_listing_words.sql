CREATE TABLE "listing_words" (
	"word" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"is_pinned" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_words_newest_idx" ON "listing_words" USING btree ("word","is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"listing_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_words_price_low_idx" ON "listing_words" USING btree ("word","is_pinned" DESC NULLS LAST,"price","listing_id");--> statement-breakpoint
CREATE INDEX "listing_words_price_high_idx" ON "listing_words" USING btree ("word","is_pinned","price","listing_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
-- The words a search can find a listing by (docs/decisions/031): its title and description lower-cased, as
-- ILIKE compares them, cut into runs of a-z and 0-9. A search's text of 3 to 32 such characters lies inside
-- one run, so the listings holding it are those holding a word that contains it. A run over 64 characters
-- is kept as 64-character windows 32 apart, which still hold any 33 characters of it in one window, and keeps
-- every index entry small.
CREATE FUNCTION "listing_words_of"("title" text, "description" text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(w, 1 + s * 32, 64)
  FROM regexp_split_to_table(lower("title" || ' ' || "description"), '[^a-z0-9]+') AS w
  CROSS JOIN LATERAL generate_series(0, CASE WHEN length(w) <= 64 THEN 0 ELSE (length(w) - 33) / 32 END) AS s
  WHERE w <> ''
$$;--> statement-breakpoint
-- New listings' words, for a whole statement at once (a bulk insert writes them in one pass). New words
-- join search_words in order, so two listings created together never wait on each other's words crosswise.
CREATE FUNCTION "listing_words_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "found" AS MATERIALIZED (
    SELECT w AS "word", a."id", a."is_pinned", a."created_at", a."price"
    FROM "added" a CROSS JOIN LATERAL "listing_words_of"(a."title", a."description") AS w
  ), "vocabulary" AS (
    INSERT INTO "search_words" ("word")
      SELECT DISTINCT "word" FROM "found" ORDER BY "word" ON CONFLICT DO NOTHING
  )
  INSERT INTO "listing_words" ("word", "listing_id", "is_pinned", "created_at", "price")
    SELECT "word", "id", "is_pinned", "created_at", "price" FROM "found";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listing_words_on_insert" AFTER INSERT ON "marketplace_listings"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "listing_words_added"();--> statement-breakpoint
-- An edit, a pin or a deletion rewrites the listing's rows; a purchase, a restock or a status change, which
-- leave the words and sort keys alone, never reach this function (the trigger's WHEN).
CREATE FUNCTION "listing_words_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "listing_words"
    WHERE "word" = ANY (ARRAY(SELECT "listing_words_of"(OLD."title", OLD."description")))
      AND "is_pinned" = OLD."is_pinned" AND "created_at" = OLD."created_at" AND "listing_id" = OLD."id";
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "search_words" ("word")
      SELECT w FROM "listing_words_of"(NEW."title", NEW."description") AS w ORDER BY w ON CONFLICT DO NOTHING;
    INSERT INTO "listing_words" ("word", "listing_id", "is_pinned", "created_at", "price")
      SELECT w, NEW."id", NEW."is_pinned", NEW."created_at", NEW."price"
      FROM "listing_words_of"(NEW."title", NEW."description") AS w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listing_words_on_update"
  AFTER UPDATE OF "title", "description", "price", "is_pinned", "created_at" ON "marketplace_listings"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."price" IS DISTINCT FROM NEW."price" OR OLD."is_pinned" IS DISTINCT FROM NEW."is_pinned"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "listing_words_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_words_on_delete" AFTER DELETE ON "marketplace_listings"
  FOR EACH ROW EXECUTE FUNCTION "listing_words_changed"();--> statement-breakpoint
-- The listings already there.
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "marketplace_listings" l CROSS JOIN LATERAL "listing_words_of"(l."title", l."description") AS w
  ORDER BY w;--> statement-breakpoint
INSERT INTO "listing_words" ("word", "listing_id", "is_pinned", "created_at", "price")
  SELECT w, l."id", l."is_pinned", l."created_at", l."price"
  FROM "marketplace_listings" l CROSS JOIN LATERAL "listing_words_of"(l."title", l."description") AS w;
