CREATE TABLE "page_widgets_backup" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"store_hash" text NOT NULL,
	"channel_id" integer NOT NULL,
	"template_file" text,
	"entity_id" text,
	"regions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_widgets_backup_owner_created_idx" ON "page_widgets_backup" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "page_widgets_backup_created_idx" ON "page_widgets_backup" USING btree ("created_at");