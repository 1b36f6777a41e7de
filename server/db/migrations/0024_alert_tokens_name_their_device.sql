ALTER TABLE "security_alert_tokens" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "security_alert_tokens" ADD COLUMN "network" text;