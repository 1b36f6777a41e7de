CREATE TABLE "cheat_watches" (
	"cheat_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cheat_watches_cheat_id_user_id_pk" PRIMARY KEY("cheat_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "listing_watches" (
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_watches_listing_id_user_id_pk" PRIMARY KEY("listing_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "marketplace_vouches" ADD COLUMN "review" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_vouches" ADD COLUMN "ring_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "marketplace_vouches" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "marketplace_vouches" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cheat_watches" ADD CONSTRAINT "cheat_watches_cheat_id_cheats_id_fk" FOREIGN KEY ("cheat_id") REFERENCES "public"."cheats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheat_watches" ADD CONSTRAINT "cheat_watches_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cheat_watches_user_idx" ON "cheat_watches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listing_watches_user_idx" ON "listing_watches" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "marketplace_vouches" ADD CONSTRAINT "marketplace_vouches_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_vouches_review_idx" ON "marketplace_vouches" USING btree ("review","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "marketplace_vouches"."review" <> 'counted';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('message_new', 'marketplace_new', 'order_new', 'order_completed', 'order_cancelled', 'order_update', 'ticket_reply', 'stock_low', 'detection_alert'));