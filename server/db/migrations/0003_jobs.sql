CREATE TABLE "job" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner" text NOT NULL,
	"store_hash" text NOT NULL,
	"state" text NOT NULL,
	"input" jsonb NOT NULL,
	"credentials_sealed" text,
	"total" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb,
	"checkpoint" integer DEFAULT 0 NOT NULL,
	"backup" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"waiting" jsonb,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"undo_of" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "job_owner_created_idx" ON "job" USING btree ("owner","created_at");