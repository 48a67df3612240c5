CREATE TABLE "snapshot_schedule" (
	"user_id" text NOT NULL,
	"store_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"hour" integer NOT NULL,
	"keep_daily" integer NOT NULL,
	"keep_weekly" integer NOT NULL,
	"keep_monthly" integer NOT NULL,
	"last_run_on" text,
	"last_run_at" timestamp with time zone,
	"last_snapshot_id" text,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "snapshot_schedule_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "snapshot_schedule" ADD CONSTRAINT "snapshot_schedule_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "snapshot_schedule_due_idx" ON "snapshot_schedule" USING btree ("enabled","hour");