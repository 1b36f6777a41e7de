ALTER TABLE "user_settings" ADD COLUMN "digest" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_digest_check" CHECK ("user_settings"."digest" in ('off', 'daily', 'weekly'));