CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"credits" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"problem" text,
	"processor_ref" text,
	"payment_ref" text,
	"checkout_url" text,
	"reversed_credits" bigint DEFAULT 0 NOT NULL,
	"staff_note" text,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_credits_check" CHECK ("deposits"."credits" > 0),
	CONSTRAINT "deposits_reversed_check" CHECK ("deposits"."reversed_credits" between 0 and "deposits"."credits")
);
--> statement-breakpoint
CREATE TABLE "payout_destinations" (
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"destination" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_destinations_user_id_method_pk" PRIMARY KEY("user_id","method")
);
--> statement-breakpoint
CREATE TABLE "spent_totp_steps" (
	"user_id" uuid NOT NULL,
	"step" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spent_totp_steps_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"credits" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_ref" text,
	"reference" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amounts_check" CHECK ("withdrawals"."credits" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."fee" < "withdrawals"."credits")
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_credits_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "earned_credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spent_totp_steps" ADD CONSTRAINT "spent_totp_steps_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_processor_ref_key" ON "deposits" USING btree ("method","processor_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_payment_ref_key" ON "deposits" USING btree ("method","payment_ref");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("expires_at","id") WHERE "deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_open_key" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_ref_key" ON "withdrawals" USING btree ("payout_ref");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_earned_credits_check" CHECK ("profiles"."earned_credits" between 0 and greatest("profiles"."credits", 0));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_credits_check" CHECK ("profiles"."credits" between -1000000000000 and 1000000000000);