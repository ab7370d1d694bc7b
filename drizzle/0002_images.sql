-- Hand-edited after `drizzle-kit generate --name images` (two additions at the end, nothing else changed):
-- 1. ALTER TABLE media_blobs ALTER COLUMN bytes SET STORAGE EXTERNAL: images are already compressed,
--    so PostgreSQL should store them out of line without trying (and failing) to compress them again.
-- 2. media_uploads_original_name_trgm_idx (gin_trgm_ops; pg_trgm comes from 0001_search.sql): the media
--    library's search by name (ILIKE '%q%'), which a btree cannot serve. Drizzle cannot express either.
CREATE TABLE "media_blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_hash_shape" CHECK ("media_uploads"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "media_uploads_mime_known" CHECK ("media_uploads"."mime" in ('image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif')),
	CONSTRAINT "media_uploads_size_positive" CHECK ("media_uploads"."bytes" > 0 and "media_uploads"."width" > 0 and "media_uploads"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "media_usages" (
	"article_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	CONSTRAINT "media_usages_article_id_upload_id_pk" PRIMARY KEY("article_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"upload_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "media_variants_format_known" CHECK ("media_variants"."format" in ('webp', 'avif'))
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_usages" ADD CONSTRAINT "media_usages_upload_id_media_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."media_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_upload_id_media_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."media_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_hash_key" ON "media_uploads" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "media_uploads_created_idx" ON "media_uploads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_usages_upload_idx" ON "media_usages" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_variants_upload_width_format_key" ON "media_variants" USING btree ("upload_id","width","format");--> statement-breakpoint
CREATE INDEX "media_variants_hash_idx" ON "media_variants" USING btree ("hash");--> statement-breakpoint
ALTER TABLE "media_blobs" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE INDEX "media_uploads_original_name_trgm_idx" ON "media_uploads" USING gin ("original_name" gin_trgm_ops);
