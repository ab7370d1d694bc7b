-- Search that stays flat as articles grow (issue 13; docs/decisions/0013-search-at-scale.md).
-- Written by hand (drizzle-kit generate --custom). Like articles.search_document, everything
-- here exists only in SQL: Drizzle's schema does not declare it.
--
--   article_search   one narrow row per article: what the search reads for every hit (id,
--                    status, category, author, date, title) stays in ~12 MB at 100 000 articles;
--                    the document and the snippet text are kept out of line (TOAST) and read
--                    only for the few rows that need them. Kept by triggers on articles. The
--                    public search reads the published rows (partial indexes); the admin
--                    dashboard's title search reads every row.
--   search_text      the excerpt and the markdown reduced to text, computed at save, so a
--                    snippet is one ts_headline instead of five regular expressions per hit.
--   ranking          the newest 200 full-text hits are ranked by relevance (ts_rank, as before)
--                    and come first; the older hits follow, newest first. The total stays exact.
CREATE FUNCTION search_plain_text(excerpt text, content text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  -- Markdown to text: fences, images and links (keep their text), heading, list and quote
  -- markers, emphasis and code marks; the snippet sentinels (private use) removed.
  SELECT translate(
    coalesce(excerpt || E'\n\n', '') ||
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      left(coalesce(content, ''), 100000),
      '^[[:space:]]*(```|~~~).*$', '', 'gn'),
      '!?\[([^]]*)\]\([^)]*\)', '\1', 'g'),
      '^[[:space:]]*(#{1,6}|[-*+]|[0-9]+[.)]|>)[[:space:]]+', '', 'gn'),
      '[*`~]+', '', 'g'),
      '[[:space:]]+', ' ', 'g'),
    chr(57344) || chr(57345), '')
$$;
--> statement-breakpoint
-- The highlighted snippet of a text made by search_plain_text, safe to insert as HTML: the
-- headline marks matches with private-use sentinels, the result is HTML-escaped and only then are
-- the sentinels turned into <mark> and </mark>.
CREATE FUNCTION search_snippet_from_text(plain text, ts_query tsquery) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT replace(replace(
           replace(replace(replace(replace(replace(
             btrim(regexp_replace(headline, '[[:space:]]+', ' ', 'g')),
             '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'),
           chr(57344), '<mark>'), chr(57345), '</mark>')
  FROM (
    SELECT ts_headline(
      'devperspective_search',
      plain,
      ts_query,
      'StartSel=' || chr(57344) || ', StopSel=' || chr(57345) ||
        ', MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "'
    ) AS headline
  ) AS h
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_snippet_html(excerpt text, content text, ts_query tsquery) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT search_snippet_from_text(search_plain_text(excerpt, content), ts_query)
$$;
--> statement-breakpoint
-- toast_tuple_target = 128: the document and the text always go out of line, so a row is ~150
-- bytes and a search that touches every hit reads a few hundred pages, not the articles table.
CREATE TABLE article_search (
  article_id integer PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  status text NOT NULL,
  category_id integer,
  author_id integer,
  published_at timestamptz,
  title text NOT NULL,
  document tsvector NOT NULL,
  search_text text NOT NULL
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
-- The title is read for every hit of a title search: MAIN keeps it in the row (only a row too big
-- for a page would move it out), where the 128-byte target would otherwise send it to TOAST.
ALTER TABLE article_search ALTER COLUMN title SET STORAGE MAIN;
--> statement-breakpoint
CREATE FUNCTION article_search_sync_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO article_search AS s (article_id, status, category_id, author_id, published_at, title, document, search_text)
  VALUES (NEW.id, NEW.status, NEW.category_id, NEW.author_id, NEW.published_at, NEW.title, NEW.search_document,
          search_plain_text(NEW.excerpt, NEW.content))
  ON CONFLICT (article_id) DO UPDATE SET
    status = EXCLUDED.status,
    category_id = EXCLUDED.category_id,
    author_id = EXCLUDED.author_id,
    published_at = EXCLUDED.published_at,
    title = EXCLUDED.title,
    document = EXCLUDED.document,
    search_text = EXCLUDED.search_text;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deletes cascade through the foreign key. An update copies the row only when something the
-- search reads changed (the document is recomputed by articles_search_document_refresh first;
-- an author's rename reaches it that way too).
CREATE TRIGGER article_search_sync_insert
  AFTER INSERT ON articles
  FOR EACH ROW EXECUTE FUNCTION article_search_sync_trigger();
--> statement-breakpoint
CREATE TRIGGER article_search_sync_update
  AFTER UPDATE ON articles
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.published_at IS DISTINCT FROM NEW.published_at
    OR OLD.category_id IS DISTINCT FROM NEW.category_id
    OR OLD.author_id IS DISTINCT FROM NEW.author_id
    OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.excerpt IS DISTINCT FROM NEW.excerpt
    OR OLD.content IS DISTINCT FROM NEW.content
    OR OLD.search_document IS DISTINCT FROM NEW.search_document
  )
  EXECUTE FUNCTION article_search_sync_trigger();
--> statement-breakpoint
INSERT INTO article_search (article_id, status, category_id, author_id, published_at, title, document, search_text)
SELECT a.id, a.status, a.category_id, a.author_id, a.published_at, a.title, a.search_document,
       search_plain_text(a.excerpt, a.content)
FROM articles a;
--> statement-breakpoint
CREATE INDEX article_search_document_idx ON article_search USING gin (document) WHERE status = 'published';
--> statement-breakpoint
-- The typo search (published rows) and the admin dashboard's title search (ILIKE, every row).
CREATE INDEX article_search_title_trgm_idx ON article_search USING gin (title gin_trgm_ops);
--> statement-breakpoint
-- Not partial: a partial index on status = 'published' would look like a cheap way to read every
-- published row, and the planner (which does not price decompressing a document) would test
-- each row's document instead of using the GIN index.
CREATE INDEX article_search_recent_idx ON article_search (published_at DESC, article_id DESC);
--> statement-breakpoint
ANALYZE article_search;
--> statement-breakpoint
-- Neither the search nor the dashboard reads the articles' own document and title indexes now.
DROP INDEX articles_search_document_idx;
--> statement-breakpoint
DROP INDEX articles_title_trgm_idx;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_articles_params(
  keyword text,
  category_ids integer[],
  OUT search_mode text,
  OUT ts_query tsquery,
  OUT rank_query tsquery,
  OUT search_keyword text,
  OUT search_category_ids integer[]
)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  search_keyword := left(btrim(regexp_replace(coalesce(keyword, ''), '[[:space:]]+', ' ', 'g')), 200);
  search_category_ids := CASE WHEN cardinality(category_ids) > 0 THEN category_ids END;
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
-- One page of hits for a decided mode. hits: every match as a narrow row (read once); total: its
-- count; ranked: the newest 200 hits by relevance (ts_rank in 'fts' mode, title similarity in
-- 'fuzzy' mode), first; the rest follow newest first (only read when the page reaches past them).
-- 'all' (no keyword) reads the newest rows by index and counts.
CREATE OR REPLACE FUNCTION search_articles_page(
  search_mode text,
  ts_query tsquery,
  rank_query tsquery,
  keyword text,
  category_ids integer[],
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
    UNION ALL
    SELECT x.article_id, x.published_at, NULL, x.title
    FROM article_search x
    WHERE search_mode = 'fuzzy'
      AND x.status = 'published'
      AND keyword <% x.title
      AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
  ),
  total AS (
    SELECT CASE
      WHEN search_mode = 'all' THEN (
        SELECT count(*) FROM article_search x
        WHERE x.status = 'published'
          AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
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
-- A planner that thinks a common word matches "most rows" picks a sequential scan, which
-- decompresses every document (~2 KB each) to test it: ten times slower than the index. The search
-- never reads the whole table, so it never scans it.
ALTER FUNCTION search_articles(text, integer[], integer, integer) SET enable_seqscan = off;
