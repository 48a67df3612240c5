CREATE TABLE "user_store" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"store_hash" text NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "user_store_user_id_store_hash_unique" UNIQUE("user_id","store_hash")
);
--> statement-breakpoint
ALTER TABLE "user_store" ADD CONSTRAINT "user_store_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;