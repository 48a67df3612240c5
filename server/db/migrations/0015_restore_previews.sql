CREATE TABLE "restore_preview" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"snapshot_id" text NOT NULL,
	"store_hash" text NOT NULL,
	"items" jsonb NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "outcomes" jsonb;--> statement-breakpoint
ALTER TABLE "restore_preview" ADD CONSTRAINT "restore_preview_snapshot_id_store_snapshot_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."store_snapshot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restore_preview_owner_idx" ON "restore_preview" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "restore_preview_expires_idx" ON "restore_preview" USING btree ("expires_at");