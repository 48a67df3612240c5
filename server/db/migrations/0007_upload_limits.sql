ALTER TABLE "video_conversion" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "video_conversion" ADD COLUMN "uploaded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "video_conversion_state_created_idx" ON "video_conversion" USING btree ("state","created_at");