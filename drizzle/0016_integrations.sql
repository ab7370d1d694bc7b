CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'editor' NOT NULL,
	"content_key" text NOT NULL,
	"admin_key_id" text NOT NULL,
	"admin_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_name_present" CHECK (length(trim("integrations"."name")) > 0),
	CONSTRAINT "integrations_role_staff" CHECK ("integrations"."role" in ('contributor', 'author', 'editor', 'administrator')),
	CONSTRAINT "integrations_content_key_shape" CHECK ("integrations"."content_key" ~ '^[0-9a-f]{26}$'),
	CONSTRAINT "integrations_admin_key_id_shape" CHECK ("integrations"."admin_key_id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "integrations_admin_secret_shape" CHECK ("integrations"."admin_secret" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_name_lower_key" ON "integrations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_content_key_key" ON "integrations" USING btree ("content_key");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_admin_key_id_key" ON "integrations" USING btree ("admin_key_id");