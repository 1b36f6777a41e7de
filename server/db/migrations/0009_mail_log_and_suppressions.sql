CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_log" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"user_id" uuid,
	"thread" text,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_log_sent_at_idx" ON "mail_log" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "mail_log_recipient_sent_at_idx" ON "mail_log" USING btree ("recipient","sent_at");--> statement-breakpoint
CREATE INDEX "mail_log_thread_sent_at_idx" ON "mail_log" USING btree ("thread","sent_at");