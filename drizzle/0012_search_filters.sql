-- Search filters inside the full-text index (issue 23; docs/decisions/0013-search-at-scale.md).
-- Written by hand (drizzle-kit generate --custom); like the rest of the search, SQL only.
--
-- A search within categories read every full-text hit's row and dropped the other categories'
-- ("performance" in one category at 100 000 articles: 60 000 rows read for 4 400 kept). The GIN
-- index now has a second column, a one-lexeme vector of the article's category ('#c<id>': the
-- parser never makes a '#' lexeme from a reader's words), so the index intersects the words with
-- the chosen categories and only the rows kept are read. The category_id test stays beside it.
--
-- The search's GIN indexes also stop keeping a pending list (fastupdate = off). With it, new
-- entries wait in an unsorted list of up to 4 MB (gin_pending_list_limit) that every search reads
-- whole until VACUUM merges it, and the embedded database never vacuums on its own: after seeding
-- 10 000 articles each search read 516 pages of that list, and a soak search spent ~12 ms on
-- average (p95 ~100 ms) just deciding its mode. Now a write puts its entries in the tree at once
-- (a little slower to save, never slower to search). The list already there is merged here.
CREATE FUNCTION search_filter_lexemes(category_id integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN category_id IS NULL THEN ''::tsvector ELSE array_to_tsvector(ARRAY['#c' || category_id]) END
$$;
--> statement-breakpoint
-- The categories as a query on those lexemes: any of them.
CREATE FUNCTION search_category_filter(category_ids integer[]) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT string_agg(quote_literal('#c' || id), ' | ')::tsquery FROM unnest(category_ids) AS id
$$;
--> statement-breakpoint
DROP INDEX article_search_document_idx;
--> statement-breakpoint
CREATE INDEX article_search_document_idx ON article_search
  USING gin (document, search_filter_lexemes(category_id)) WITH (fastupdate = off) WHERE status = 'published';
--> statement-breakpoint
ALTER INDEX article_search_title_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('article_search_title_trgm_idx'::regclass);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_articles_params(
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
      AND (search_category_ids IS NULL OR (
        search_filter_lexemes(x.category_id) @@ search_category_filter(search_category_ids)
        AND x.category_id = ANY (search_category_ids)))
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
CREATE OR REPLACE FUNCTION search_articles_page(
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
      AND (category_ids IS NULL OR (
        search_filter_lexemes(x.category_id) @@ search_category_filter(category_ids)
        AND x.category_id = ANY (category_ids)))
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
