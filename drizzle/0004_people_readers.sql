CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text,
	"summary" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reports" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"user_id" integer,
	"parent_id" integer,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_status_known" CHECK ("comments"."status" in ('pending', 'approved', 'hidden')),
	CONSTRAINT "comments_body_length" CHECK (length("comments"."body") <= 10000)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_role_staff" CHECK ("invites"."role" in ('contributor', 'author', 'editor', 'administrator'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"details" jsonb,
	"status" text DEFAULT 'unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" in ('contact', 'pitch')),
	CONSTRAINT "messages_status_known" CHECK ("messages"."status" in ('unread', 'read', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pages_slug_shape" CHECK ("pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "reading_list" (
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_list_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "thread_mutes" (
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_mutes_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_purpose_known";--> statement-breakpoint
DROP INDEX "interview_questions_category_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "slug" text;--> statement-breakpoint
-- Hand edit: existing authors get a slug from their name (the id keeps duplicates apart).
UPDATE "authors" a SET "slug" = s.slug FROM (
  SELECT "id",
    coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'author')
      || CASE WHEN count(*) OVER (PARTITION BY lower(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')))) > 1
           AND row_number() OVER (PARTITION BY lower(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g'))) ORDER BY "id") > 1
         THEN '-' || "id" ELSE '' END AS slug
  FROM "authors"
) s WHERE a."id" = s."id";--> statement-breakpoint
ALTER TABLE "authors" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
-- Hand edit: an author inserted without a slug gets one from the name, unique with a -2, -3 suffix
-- (profiles are created by sign-ups, invitations, the admin tool and seeds alike).
CREATE FUNCTION "authors_default_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
  n integer := 1;
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    base := trim(both '-' from left(regexp_replace(lower(NEW.name), '[^a-z0-9]+', '-', 'g'), 60));
    IF base = '' THEN base := 'author'; END IF;
    candidate := base;
    WHILE EXISTS (SELECT 1 FROM authors WHERE slug = candidate) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    NEW.slug := candidate;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "authors_default_slug" BEFORE INSERT ON "authors" FOR EACH ROW EXECUTE FUNCTION "authors_default_slug"();--> statement-breakpoint
ALTER TABLE "interview_questions" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand edit: the existing order (by id) becomes the positions.
UPDATE "interview_questions" SET "position" = "id";--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "payload" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'reader' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comments_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_on_comment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_on_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list" ADD CONSTRAINT "reading_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list" ADD CONSTRAINT "reading_list_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_mutes" ADD CONSTRAINT "thread_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_mutes" ADD CONSTRAINT "thread_mutes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_id_idx" ON "audit_log" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "category_redirects_category_idx" ON "category_redirects" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "comment_reports_user_idx" ON "comment_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_article_idx" ON "comments" USING btree ("article_id","status","id");--> statement-breakpoint
CREATE INDEX "comments_status_idx" ON "comments" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invites_created_idx" ON "invites" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reading_list_user_created_idx" ON "reading_list" USING btree ("user_id","created_at" DESC NULLS LAST,"article_id");--> statement-breakpoint
CREATE INDEX "reading_list_article_idx" ON "reading_list" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "thread_mutes_article_idx" ON "thread_mutes" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "articles_review_queue_idx" ON "articles" USING btree ("submitted_at") WHERE "articles"."submitted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_slug_key" ON "authors" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "interview_questions_position_idx" ON "interview_questions" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "interview_questions_category_idx" ON "interview_questions" USING btree ("category_id","position","id");--> statement-breakpoint
-- Hand edit: the administrator flag becomes the Administrator role.
UPDATE "users" SET "role" = 'administrator' WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "authors" ADD CONSTRAINT "authors_slug_shape" CHECK ("authors"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_purpose_known" CHECK ("user_tokens"."purpose" in ('verify-email', 'reset-password', 'change-email'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('reader', 'contributor', 'author', 'editor', 'administrator'));