-- Full-text search over articles, maintained by the database itself (docs/decisions/0004-search.md).
--
--   articles.search_document  weighted tsvector: title A, excerpt B, category + author names C,
--                             content D (markdown, code included). Written only by triggers.
--   search_articles(keyword, category_ids, result_limit, result_offset)
--                             the search: web-search syntax, last word as prefix, typo fallback,
--                             relevance then recency, a safe highlighted snippet and the total.
--
-- Runs on PostgreSQL 15+ and on PGlite (PostgreSQL 18). The column exists only in SQL: Drizzle's
-- schema does not declare it, and migrations (never `drizzle-kit push`) keep it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- English stemming, accents folded (café = cafe) on both the documents and the queries.
CREATE TEXT SEARCH CONFIGURATION devperspective_search (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION devperspective_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
-- The parser reads dotted and slashed code (arr.flatMap, node.js, src/db.server.ts) as one token;
-- the text is indexed as it is plus those tokens split into their parts, so `flatMap`, `node` and
-- `server` find them too.
CREATE FUNCTION search_text_with_code_parts(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(body, '') || coalesce(' ' || (
    SELECT string_agg(regexp_replace(m[1], '[./@:]+', ' ', 'g'), ' ')
    FROM regexp_matches(coalesce(body, ''), '([[:alnum:]_$]+(?:[./@:]+[[:alnum:]_$]+)+)', 'g') AS m
  ), '')
$$;
--> statement-breakpoint
-- Content beyond this many characters is not indexed: a tsvector is limited to 1 MB.
CREATE FUNCTION article_search_document(title text, excerpt text, content text, category_name text, author_name text)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT
    setweight(to_tsvector('devperspective_search', search_text_with_code_parts(title)), 'A') ||
    setweight(to_tsvector('devperspective_search', search_text_with_code_parts(excerpt)), 'B') ||
    setweight(to_tsvector('devperspective_search', coalesce(category_name, '') || ' ' || coalesce(author_name, '')), 'C') ||
    setweight(to_tsvector('devperspective_search', search_text_with_code_parts(left(content, 300000))), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION articles_search_document_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.search_document := article_search_document(
    NEW.title,
    NEW.excerpt,
    NEW.content,
    (SELECT c.name FROM categories c WHERE c.id = NEW.category_id),
    (SELECT au.name FROM authors au WHERE au.id = NEW.author_id)
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE articles ADD COLUMN search_document tsvector;
--> statement-breakpoint
-- Any write of a searched column (or of the document itself) recomputes the document. An
-- ON DELETE SET NULL of the category or author is such a write too.
CREATE TRIGGER articles_search_document_refresh
  BEFORE INSERT OR UPDATE OF title, excerpt, content, category_id, author_id, search_document ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_search_document_trigger();
--> statement-breakpoint
UPDATE articles SET search_document = NULL;
--> statement-breakpoint
ALTER TABLE articles ALTER COLUMN search_document SET NOT NULL;
--> statement-breakpoint
-- A renamed category or author: its articles' documents are recomputed (by the trigger above).
CREATE FUNCTION categories_search_rename_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE articles SET search_document = NULL WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_rename
  AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION categories_search_rename_trigger();
--> statement-breakpoint
CREATE FUNCTION authors_search_rename_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE articles SET search_document = NULL WHERE author_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER authors_search_rename
  AFTER UPDATE OF name ON authors
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION authors_search_rename_trigger();
--> statement-breakpoint
CREATE INDEX articles_search_document_idx ON articles USING gin (search_document);
--> statement-breakpoint
-- Typo tolerance of the search (word_similarity, <%) and the admin dashboard's title search (ILIKE).
CREATE INDEX articles_title_trgm_idx ON articles USING gin (title gin_trgm_ops);
--> statement-breakpoint
-- A keyword as web search reads it ("exact phrase", -exclude, or), with its last word matched as
-- a prefix when it is a plain word at the very end (not quoted, not excluded, not "or"), so
-- results appear while that word is still being typed. NULL when nothing is left to search for.
CREATE FUNCTION search_tsquery(keyword text) RETURNS tsquery
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
  kw text := btrim(regexp_replace(coalesce(keyword, ''), '[[:space:]]+', ' ', 'g'));
  ts_query tsquery;
  last_word text;
  last_lexeme text;
  query_text text;
  core text;
BEGIN
  IF kw = '' THEN
    RETURN NULL;
  END IF;
  ts_query := websearch_to_tsquery('devperspective_search', kw);
  IF numnode(ts_query) = 0 THEN
    RETURN NULL;
  END IF;
  last_word := substring(kw FROM '(?:^|[[:space:]])([[:alnum:]]+)$');
  IF last_word IS NOT NULL
     AND lower(last_word) <> 'or'
     AND (length(kw) - length(replace(kw, '"', ''))) % 2 = 0 THEN
    last_lexeme := websearch_to_tsquery('devperspective_search', last_word)::text;
    query_text := ts_query::text;
    -- The last word is the last operand of the query text (possibly followed by closing parentheses).
    core := regexp_replace(query_text, '( \))+$', '');
    IF numnode(last_lexeme::tsquery) = 1 AND right(core, length(last_lexeme)) = last_lexeme THEN
      ts_query := (core || ':*' || substring(query_text FROM length(core) + 1))::tsquery;
    END IF;
  END IF;
  RETURN ts_query;
END
$$;
--> statement-breakpoint
-- The highlighted snippet of a hit, safe to insert as HTML: the markdown is reduced to text, the
-- headline marks matches with private-use sentinels (removed from the text first), the result is
-- HTML-escaped and only then are the sentinels turned into <mark> and </mark>.
CREATE FUNCTION search_snippet_html(excerpt text, content text, ts_query tsquery) RETURNS text
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
      translate(
        coalesce(excerpt || E'\n\n', '') ||
        -- Markdown to text: fences, images and links (keep their text), heading, list and quote
        -- markers, emphasis and code marks.
        regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
          left(content, 100000),
          '^[[:space:]]*(```|~~~).*$', '', 'gn'),
          '!?\[([^]]*)\]\([^)]*\)', '\1', 'g'),
          '^[[:space:]]*(#{1,6}|[-*+]|[0-9]+[.)]|>)[[:space:]]+', '', 'gn'),
          '[*`~]+', '', 'g'),
          '[[:space:]]+', ' ', 'g'),
        chr(57344) || chr(57345), ''),
      ts_query,
      'StartSel=' || chr(57344) || ', StopSel=' || chr(57345) ||
        ', MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "'
    ) AS headline
  ) AS h
$$;
--> statement-breakpoint
-- One page of hits for a decided mode ('fts', 'fuzzy' or 'all'): a single SQL statement the
-- planner inlines, so `EXPLAIN SELECT * FROM search_articles_page(...)` shows the real plan.
-- ts_query selects the hits; rank_query (the query without its exclusions, which would make
-- ts_rank return ~0) ranks them and marks the snippet.
CREATE FUNCTION search_articles_page(
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
  SELECT
    a.id, a.slug, a.title, a.excerpt, a.image_url,
    c.name, c.slug, au.name,
    a.published_at, a.reading_minutes,
    CASE WHEN search_mode = 'fts' THEN search_snippet_html(a.excerpt, a.content, coalesce(rank_query, ts_query)) END,
    p.rank, p.total_count
  FROM (
    SELECT h.id, h.rank, h.published_at, (count(*) OVER ())::integer AS total_count
    FROM (
      SELECT x.id, coalesce(ts_rank(x.search_document, rank_query), 0)::real AS rank, x.published_at
      FROM articles x
      WHERE search_mode = 'fts'
        AND x.search_document @@ ts_query
        AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
      UNION ALL
      SELECT x.id, word_similarity(keyword, x.title)::real, x.published_at
      FROM articles x
      WHERE search_mode = 'fuzzy'
        AND keyword <% x.title
        AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
      UNION ALL
      SELECT x.id, 0::real, x.published_at
      FROM articles x
      WHERE search_mode = 'all'
        AND (category_ids IS NULL OR x.category_id = ANY (category_ids))
    ) AS h
    ORDER BY h.rank DESC, h.published_at DESC, h.id DESC
    LIMIT result_limit OFFSET result_offset
  ) AS p
  JOIN articles a ON a.id = p.id
  LEFT JOIN categories c ON c.id = a.category_id
  LEFT JOIN authors au ON au.id = a.author_id
  ORDER BY p.rank DESC, p.published_at DESC, p.id DESC
$$;
--> statement-breakpoint
-- How search_articles will search for a keyword and category ids: the normalized keyword (trimmed,
-- whitespace collapsed, cut to 200 characters) and ids (NULL for none), the mode and the queries.
-- search_mode: 'all' (empty keyword: every article, newest first), 'fts' (full text finds
-- something), 'fuzzy' (it does not, and the keyword is a plain query of 3+ characters: no quotes,
-- exclusions or "or": titles by trigram word similarity, for typos), or NULL (nothing can match).
-- Kept apart from the search so a test or the bench can EXPLAIN exactly the query it runs.
CREATE FUNCTION search_articles_params(
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
    SELECT 1 FROM articles x
    WHERE x.search_document @@ ts_query
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
-- The search. keyword: web-search syntax ("exact phrase", -exclude, or), the last word also as a
-- prefix; empty = every article, newest first. category_ids: NULL or empty = every category.
-- Full text first, trigram similarity of titles when it finds nothing (see search_articles_params).
-- Ordered by rank, then newest. One page of result_limit (at most 100) rows from result_offset;
-- total_count is the number of hits of the whole search (the same on every row; past the last page
-- no row comes back). snippet_html: safe HTML, text with matches in <mark> (full-text hits only).
CREATE FUNCTION search_articles(
  keyword text,
  category_ids integer[] DEFAULT NULL,
  result_limit integer DEFAULT 12,
  result_offset integer DEFAULT 0
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
AS $$
DECLARE
  p record;
BEGIN
  SELECT * INTO p FROM search_articles_params(keyword, category_ids);
  IF p.search_mode IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM search_articles_page(
    p.search_mode, p.ts_query, p.rank_query, p.search_keyword, p.search_category_ids,
    least(greatest(coalesce(result_limit, 12), 0), 100),
    greatest(coalesce(result_offset, 0), 0)
  );
END
$$;
