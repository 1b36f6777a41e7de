CREATE TABLE "realtime_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"online_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_presence_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_instance_id_realtime_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."realtime_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_presence_user_id_idx" ON "realtime_presence" USING btree ("user_id");