CREATE TABLE "snapshot_blob" (
	"owner" text NOT NULL,
	"hash" text NOT NULL,
	"bytes" integer NOT NULL,
	"stored_bytes" integer NOT NULL,
	"first_snapshot_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "snapshot_blob_owner_hash_pk" PRIMARY KEY("owner","hash")
);
--> statement-breakpoint
CREATE TABLE "snapshot_item" (
	"snapshot_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_key" text NOT NULL,
	"name" text NOT NULL,
	"search" text NOT NULL,
	"hash" text NOT NULL,
	"bytes" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "snapshot_item_snapshot_id_kind_item_key_pk" PRIMARY KEY("snapshot_id","kind","item_key")
);
--> statement-breakpoint
CREATE TABLE "store_snapshot" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"store_hash" text NOT NULL,
	"reason" text NOT NULL,
	"scope" jsonb NOT NULL,
	"state" text NOT NULL,
	"job_id" text,
	"counts" jsonb,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"new_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "snapshot_item" ADD CONSTRAINT "snapshot_item_snapshot_id_store_snapshot_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."store_snapshot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_snapshot_owner_idx" ON "store_snapshot" USING btree ("owner","store_hash","created_at");