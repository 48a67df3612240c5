-- UNLOGGED by hand (drizzle-kit has no option for it): a demo copy is disposable, and every sandbox request
-- updates its row, which then costs no WAL flush. After a database crash the tables are empty: copies start again
-- from their seed, as after an idle expiry.
CREATE UNLOGGED TABLE "demo_store" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"incarnation" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"snapshot_version" bigint DEFAULT 0 NOT NULL,
	"snapshot" "bytea",
	"log_bytes" bigint DEFAULT 0 NOT NULL,
	"budget_counted" bigint DEFAULT 0 NOT NULL,
	"window_start" bigint NOT NULL,
	"window_used" integer NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "demo_store_op" (
	"hash" text NOT NULL,
	"version" bigint NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"content_type" text,
	"body" "bytea",
	"tape" jsonb NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "demo_store_op_hash_version_pk" PRIMARY KEY("hash","version")
);
--> statement-breakpoint
ALTER TABLE "demo_store_op" ADD CONSTRAINT "demo_store_op_hash_demo_store_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."demo_store"("hash") ON DELETE cascade ON UPDATE no action;