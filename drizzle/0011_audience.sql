CREATE TABLE "mail_bodies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_bodies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"article_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_article_id_subscriber_id_pk" PRIMARY KEY("article_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"skip" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"body_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "newsletter_issues_state_known" CHECK ("newsletter_issues"."state" in ('waiting', 'queued', 'done', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "subscriber_authors" (
	"subscriber_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	CONSTRAINT "subscriber_authors_subscriber_id_author_id_pk" PRIMARY KEY("subscriber_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "subscriber_categories" (
	"subscriber_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "subscriber_categories_subscriber_id_category_id_pk" PRIMARY KEY("subscriber_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"everything" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'each' NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"consent" text,
	"consented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"digest_sent_at" timestamp with time zone,
	CONSTRAINT "subscribers_status_known" CHECK ("subscribers"."status" in ('pending', 'confirmed', 'unsubscribed')),
	CONSTRAINT "subscribers_frequency_known" CHECK ("subscribers"."frequency" in ('each', 'weekly')),
	CONSTRAINT "subscribers_email_shape" CHECK ("subscribers"."email" ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "body_id" bigint;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "vars" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_body_id_mail_bodies_id_fk" FOREIGN KEY ("body_id") REFERENCES "public"."mail_bodies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_authors" ADD CONSTRAINT "subscriber_authors_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_authors" ADD CONSTRAINT "subscriber_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_categories" ADD CONSTRAINT "subscriber_categories_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_categories" ADD CONSTRAINT "subscriber_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_message_idx" ON "newsletter_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "newsletter_issues_queued_idx" ON "newsletter_issues" USING btree ("queued_at") WHERE "newsletter_issues"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "subscriber_authors_author_idx" ON "subscriber_authors" USING btree ("author_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "subscriber_categories_category_idx" ON "subscriber_categories" USING btree ("category_id","subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_lower_key" ON "subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_user_id_key" ON "subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_confirm_token_key" ON "subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "subscribers_confirmed_idx" ON "subscribers" USING btree ("frequency","id") WHERE "subscribers"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "subscribers_confirmed_at_idx" ON "subscribers" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "subscribers_unsubscribed_at_idx" ON "subscribers" USING btree ("unsubscribed_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_id_mail_bodies_id_fk" FOREIGN KEY ("body_id") REFERENCES "public"."mail_bodies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_body_idx" ON "mail_outbox" USING btree ("body_id") WHERE "mail_outbox"."body_id" is not null;--> statement-breakpoint
-- Articles live before newsletters existed are never mailed (republishing one never sends).
INSERT INTO "newsletter_issues" ("article_id", "state", "done_at") SELECT "id", 'skipped', now() FROM "articles" WHERE "status" = 'published';
--> statement-breakpoint
-- The admin's search by a part of an address (pg_trgm comes from 0001_search.sql).
CREATE INDEX "subscribers_email_trgm_idx" ON "subscribers" USING gin (lower("email") gin_trgm_ops);
