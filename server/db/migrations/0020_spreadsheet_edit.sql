CREATE TABLE "spreadsheet_export" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"store_hash" text NOT NULL,
	"job_id" text NOT NULL,
	"object_key" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"variants" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spreadsheet_export_row" (
	"export_id" text NOT NULL,
	"sheet" text NOT NULL,
	"item_id" integer NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "spreadsheet_export_row_export_id_sheet_item_id_pk" PRIMARY KEY("export_id","sheet","item_id")
);
--> statement-breakpoint
CREATE TABLE "spreadsheet_preview" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"store_hash" text NOT NULL,
	"export_id" text,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spreadsheet_preview_row" (
	"preview_id" text NOT NULL,
	"seq" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "spreadsheet_preview_row_preview_id_seq_pk" PRIMARY KEY("preview_id","seq")
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "result" jsonb;--> statement-breakpoint
CREATE INDEX "spreadsheet_export_expires_idx" ON "spreadsheet_export" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "spreadsheet_preview_expires_idx" ON "spreadsheet_preview" USING btree ("expires_at");