CREATE TABLE "store_id_map" (
	"store_hash" text NOT NULL,
	"kind" text NOT NULL,
	"old_id" text NOT NULL,
	"new_id" text NOT NULL,
	"job_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_id_map_store_hash_kind_old_id_pk" PRIMARY KEY("store_hash","kind","old_id")
);
--> statement-breakpoint
CREATE INDEX "store_id_map_new_idx" ON "store_id_map" USING btree ("store_hash","kind","new_id");