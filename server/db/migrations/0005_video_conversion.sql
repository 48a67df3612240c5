CREATE TABLE "video_conversion" (
	"id" text PRIMARY KEY NOT NULL,
	"upload_key" text NOT NULL,
	"owner" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"preset" text,
	"probe" jsonb,
	"original_size" bigint,
	"converted_size" bigint,
	"output_key" text,
	"output_name" text,
	"encode_seconds" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_conversion_upload_key_unique" UNIQUE("upload_key")
);
--> statement-breakpoint
CREATE INDEX "video_conversion_owner_created_idx" ON "video_conversion" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "video_conversion_expires_idx" ON "video_conversion" USING btree ("expires_at");