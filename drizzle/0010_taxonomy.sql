CREATE TABLE "article_tags" (
	"article_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_tags_article_id_tag_id_pk" PRIMARY KEY("article_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_slug_shape" CHECK ("series"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "series_name_present" CHECK (length(trim("series"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "series_parts" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_slug_shape" CHECK ("tags"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "tags_name_present" CHECK (length(trim("tags"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_parts" ADD CONSTRAINT "series_parts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_parts" ADD CONSTRAINT "series_parts_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_redirects" ADD CONSTRAINT "tag_redirects_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_tags_tag_idx" ON "article_tags" USING btree ("tag_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_slug_key" ON "series" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "series_name_lower_key" ON "series" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "series_parts_position_key" ON "series_parts" USING btree ("series_id","position");--> statement-breakpoint
CREATE INDEX "tag_redirects_tag_idx" ON "tag_redirects" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");
--> statement-breakpoint
-- The search's tag filter (issue 26), written by hand: like the category filter, repeatable, a
-- hit has any of the given tags (NULL or empty: every article). The three functions of
-- 0005_search_candidates.sql are dropped and made again with a tag_ids argument; everything
-- else is unchanged. The filter is a semi-join on article_tags (article_tags_pkey, or
-- article_tags_tag_idx when the tags are rarer than the hits).
DROP FUNCTION search_articles(text, integer[], integer, integer);
--> statement-breakpoint
DROP FUNCTION search_articles_page(text, tsquery, tsquery, text, integer[], integer, integer);
--> statement-breakpoint
DROP FUNCTION search_articles_params(text, integer[]);
--> statement-breakpoint
CREATE FUNCTION search_articles_params(
  keyword text,
  category_ids integer[],
  tag_ids integer[] DEFAULT NULL,
  OUT search_mode text,
  OUT ts_query tsquery,
  OUT rank_query tsquery,
  OUT search_keyword text,
  OUT search_category_ids integer[],
  OUT search_tag_ids integer[]
)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  search_keyword := left(btrim(regexp_replace(coalesce(keyword, ''), '[[:space:]]+', ' ', 'g')), 200);
  search_category_ids := CASE WHEN cardinality(category_ids) > 0 THEN category_ids END;
  search_tag_ids := CASE WHEN cardinality(tag_ids) > 0 THEN tag_ids END;
  IF search_keyword = '' THEN
    search_mode := 'all';
    RETURN;
  END IF;
  ts_query := search_tsquery(search_keyword);
  IF ts_query IS NOT NULL AND EXISTS (
    SELECT 1 FROM article_search x
    WHERE x.status = 'published'
      AND x.document @@ ts_query
      AND (search_category_ids IS NULL OR x.category_id = ANY (search_category_ids))
      AND (search_tag_ids IS NULL OR EXISTS (
        SELECT 1 FROM article_tags t WHERE t.article_id = x.article_id AND t.tag_id = ANY (search_tag_ids)))
  ) THEN
    search_mode := 'fts';
    -- Ranked by what the reader asked for, not by what they excluded.
    rank_query := search_tsquery(regexp_replace(search_keyword, '(^|[[:space:]])-("[^"]*("|$)|[^[:space:]]*)', ' ', 'g'));
  ELSIF length(search_keyword) >= 3
    AND search_keyword !~* '["]|(^|[[:space:]])-|(^|[[:space:]])or([[:space:]]|$)' THEN
    search_mode := 'fuzzy';
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_articles_page(
  search_mode text,
  ts_query tsquery,
  rank_query tsquery,
  keyword text,
  category_ids integer[],
  tag_ids integer[],
  result_limit integer,
  result_offset integer
)
RETURNS TABLE (
  id integer,
  slug text,
  title text,
  excerpt text,
  image_url text,
  category_name text,
  category_slug text,
  author_name text,
  published_at timestamptz,
  reading_minutes integer,
  snippet_html text,
  rank real,
  total_count integer
)
LANGUAGE sql STABLE
AS $$
  WITH hits AS MATERIALIZED (
    SELECT x.article_id, x.published_at, x.document, NULL::text AS title
    FROM article_search x
    WHERE search_mode = 'fts'
      AND x.status = 'published'
      AND x.document @@ ts_query
      AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
      AND (tag_ids IS NULL OR EXISTS (
        SELECT 1 FROM article_tags t WHERE t.article_id = x.article_id AND t.tag_id = ANY (tag_ids)))
    UNION ALL
    SELECT x.article_id, x.published_at, NULL, x.title
    FROM article_search x
    WHERE search_mode = 'fuzzy'
      AND x.status = 'published'
      AND keyword <% x.title
      AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
      AND (tag_ids IS NULL OR EXISTS (
        SELECT 1 FROM article_tags t WHERE t.article_id = x.article_id AND t.tag_id = ANY (tag_ids)))
  ),
  total AS (
    SELECT CASE
      WHEN search_mode = 'all' THEN (
        SELECT count(*) FROM article_search x
        WHERE x.status = 'published'
          AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
          AND (tag_ids IS NULL OR EXISTS (
            SELECT 1 FROM article_tags t WHERE t.article_id = x.article_id AND t.tag_id = ANY (tag_ids)))
      )
      ELSE (SELECT count(*) FROM hits)
    END::integer AS n
  ),
  ranked AS (
    SELECT r.article_id, r.published_at,
           coalesce(CASE WHEN search_mode = 'fts' THEN ts_rank(r.document, rank_query)
                         ELSE word_similarity(keyword, r.title) END, 0)::real AS rank
    FROM (
      SELECT h.article_id, h.published_at, h.document, h.title FROM hits h
      ORDER BY h.published_at DESC, h.article_id DESC
      LIMIT 200
    ) r
  ),
  ordered AS (
    SELECT r.article_id, r.published_at, r.rank, 0 AS tier FROM ranked r
    UNION ALL
    SELECT h.article_id, h.published_at, 0::real, 1
    FROM hits h
    WHERE result_offset + result_limit > 200
      AND NOT EXISTS (SELECT 1 FROM ranked r WHERE r.article_id = h.article_id)
    UNION ALL
    (
      SELECT x.article_id, x.published_at, 0::real, 1
      FROM article_search x
      WHERE search_mode = 'all'
        AND x.status = 'published'
        AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
        AND (tag_ids IS NULL OR EXISTS (
          SELECT 1 FROM article_tags t WHERE t.article_id = x.article_id AND t.tag_id = ANY (tag_ids)))
      ORDER BY x.published_at DESC, x.article_id DESC
      LIMIT result_offset + result_limit
    )
  ),
  page AS (
    SELECT o.article_id, o.published_at, o.rank, o.tier
    FROM ordered o
    ORDER BY o.tier, o.rank DESC, o.published_at DESC, o.article_id DESC
    LIMIT result_limit OFFSET result_offset
  )
  SELECT
    a.id, a.slug, a.title, a.excerpt, a.image_url,
    c.name, c.slug, au.name,
    a.published_at, a.reading_minutes,
    CASE WHEN search_mode = 'fts' THEN search_snippet_from_text(s.search_text, coalesce(rank_query, ts_query)) END,
    p.rank, t.n
  FROM page p
  CROSS JOIN total t
  JOIN articles a ON a.id = p.article_id
  JOIN article_search s ON s.article_id = p.article_id
  LEFT JOIN categories c ON c.id = a.category_id
  LEFT JOIN authors au ON au.id = a.author_id
  ORDER BY p.tier, p.rank DESC, p.published_at DESC, p.article_id DESC
$$;
--> statement-breakpoint
-- The search (drizzle/0001_search.sql), with the tag filter: tag_ids NULL or empty = every tag.
CREATE FUNCTION search_articles(
  keyword text,
  category_ids integer[] DEFAULT NULL,
  result_limit integer DEFAULT 12,
  result_offset integer DEFAULT 0,
  tag_ids integer[] DEFAULT NULL
)
RETURNS TABLE (
  id integer,
  slug text,
  title text,
  excerpt text,
  image_url text,
  category_name text,
  category_slug text,
  author_name text,
  published_at timestamptz,
  reading_minutes integer,
  snippet_html text,
  rank real,
  total_count integer
)
LANGUAGE plpgsql STABLE
-- A one-letter slip in a 7-letter word ("clsures") scores about 0.55 against its title; the
-- default threshold (0.6) would miss it. Only used when full text found nothing.
SET pg_trgm.word_similarity_threshold = 0.5
-- The search never reads the whole table (drizzle/0005_search_candidates.sql).
SET enable_seqscan = off
AS $$
DECLARE
  p record;
BEGIN
  SELECT * INTO p FROM search_articles_params(keyword, category_ids, tag_ids);
  IF p.search_mode IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM search_articles_page(
    p.search_mode, p.ts_query, p.rank_query, p.search_keyword, p.search_category_ids, p.search_tag_ids,
    least(greatest(coalesce(result_limit, 12), 0), 100),
    greatest(coalesce(result_offset, 0), 0)
  );
END
$$;
