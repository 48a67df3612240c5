CREATE TABLE "agent_dump" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tool" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_dump" ADD CONSTRAINT "agent_dump_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_dump_user_idx" ON "agent_dump" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_dump_expires_idx" ON "agent_dump" USING btree ("expires_at");