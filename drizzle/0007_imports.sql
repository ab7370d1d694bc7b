CREATE TABLE "import_redirects" (
	"path" text PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_articles" (
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_articles_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
ALTER TABLE "import_redirects" ADD CONSTRAINT "import_redirects_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_articles" ADD CONSTRAINT "imported_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_redirects_article_idx" ON "import_redirects" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "imported_articles_article_idx" ON "imported_articles" USING btree ("article_id");