-- The typo fallback through the words of titles; one index pass fewer; snippets from a window
-- (issue 23; docs/decisions/0013-search-at-scale.md, amended 2026-11-29). Written by hand
-- (drizzle-kit generate --custom); like the rest of the search, SQL only.
--
-- At 100 000 articles a typo search took 40-130 ms: the title trigram index offered every title
-- sharing half of the word's trigrams ("tesing": 4 315 hits among many more candidates) and each
-- was rechecked with word_similarity (~12 us each in WebAssembly). Now each word of the keyword is
-- matched against the words of titles (a small table with its own trigram index), and the titles
-- holding, for every word of the keyword, one of its close words are found through a GIN index
-- on the titles' words: no recheck. Only the 200 newest hits are ranked by word_similarity.
CREATE TABLE search_title_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX search_title_words_trgm_idx ON search_title_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- A title's words: lower case, no stemming, no stop words removed.
CREATE FUNCTION search_title_lexemes(title text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT strip(to_tsvector('simple'::regconfig, coalesce(title, '')))
$$;
--> statement-breakpoint
CREATE INDEX article_search_title_words_idx ON article_search
  USING gin (search_title_lexemes(title)) WITH (fastupdate = off) WHERE status = 'published';
--> statement-breakpoint
-- Words are added as titles are saved and never removed: a word no title holds any more matches
-- nothing, so it can only add an alternative that finds no article.
CREATE FUNCTION search_title_words_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO search_title_words (word)
  SELECT w FROM unnest(tsvector_to_array(search_title_lexemes(NEW.title))) AS w
  WHERE length(w) <= 100
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER article_search_title_words
  AFTER INSERT OR UPDATE OF title ON article_search
  FOR EACH ROW EXECUTE FUNCTION search_title_words_trigger();
--> statement-breakpoint
INSERT INTO search_title_words (word)
SELECT DISTINCT w FROM article_search, unnest(tsvector_to_array(search_title_lexemes(title))) AS w
WHERE length(w) <= 100
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The typo query of a keyword: for each of its words (those of 3 characters or more when it has
-- any), the 50 title words closest to it (pg_trgm's word similarity at least 0.5, as the fallback
-- had for whole titles), any of them; every word of the keyword must be matched. NULL when a word
-- has no close title word (no title can match) or the keyword has more than 8 words.
CREATE FUNCTION search_typo_tsquery(keyword text) RETURNS tsquery
LANGUAGE plpgsql STABLE
SET pg_trgm.word_similarity_threshold = 0.5
AS $$
DECLARE
  words text[] := tsvector_to_array(search_title_lexemes(keyword));
  long_words text[];
  kw_word text;
  alternatives tsquery;
  result tsquery;
BEGIN
  long_words := ARRAY(SELECT w FROM unnest(words) AS w WHERE length(w) >= 3);
  IF cardinality(long_words) > 0 THEN
    words := long_words;
  END IF;
  IF coalesce(cardinality(words), 0) = 0 OR cardinality(words) > 8 THEN
    RETURN NULL;
  END IF;
  FOREACH kw_word IN ARRAY words LOOP
    alternatives := NULL;
    SELECT string_agg(quote_literal(v.word), ' | ')::tsquery INTO alternatives
    FROM (
      SELECT t.word FROM search_title_words t
      WHERE kw_word <% t.word
      ORDER BY kw_word <<-> t.word, t.word
      LIMIT 50
    ) AS v
    WHERE v.word !~ '\\';
    IF alternatives IS NULL THEN
      RETURN NULL;
    END IF;
    result := CASE WHEN result IS NULL THEN alternatives ELSE result && alternatives END;
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
-- Snippets: ts_headline parses all the text it is given (~0.4 us a character in WebAssembly), so a
-- text longer than 1 200 characters is cut first to ~900 characters around the first place a word
-- of the query appears, or to its first ~900 characters when none does (a hit by its title: the
-- headline shows the beginning, as it did). A window whose headline shows no match (the letters
-- were inside a longer word) gives way to the whole text.
-- The words of a query as its text shows them ('word' or 'word':*; a quote inside is doubled),
-- to be looked for in a text; a stem that ends in i may stand for a word ending in y ('queri').
CREATE FUNCTION search_query_words(ts_query tsquery) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(CASE WHEN length(w) > 3 AND right(w, 1) = 'i' THEN left(w, -1) ELSE w END), '{}')
  FROM (
    SELECT replace(m[1], '''''', '''') AS w
    FROM regexp_matches(coalesce(ts_query::text, ''), '''((?:[^'']|'''')+)''', 'g') AS m
  ) AS x
$$;
--> statement-breakpoint
-- ~900 characters of a text from about `start_at`, whole words only (the cut words at either end go).
CREATE FUNCTION search_snippet_cut(plain text, start_at integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  part text := substr(plain, start_at, 900);
  cut integer;
BEGIN
  IF start_at > 1 THEN
    cut := strpos(part, ' ');
    IF cut BETWEEN 1 AND 40 THEN
      part := substr(part, cut + 1);
    END IF;
  END IF;
  IF start_at + 900 <= length(plain) THEN
    cut := strpos(reverse(part), ' ');
    IF cut BETWEEN 1 AND 40 THEN
      part := left(part, -cut);
    END IF;
  END IF;
  RETURN part;
END
$$;
--> statement-breakpoint
-- A text longer than 1 200 characters cut around the first place one of `words` appears (from
-- 300 characters before it); NULL when none appears. A shorter text whole.
CREATE FUNCTION search_snippet_window(plain text, words text[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  lowered text;
  word text;
  found_at integer;
  first_at integer;
BEGIN
  IF plain IS NULL OR length(plain) <= 1200 THEN
    RETURN plain;
  END IF;
  lowered := lower(plain);
  FOREACH word IN ARRAY coalesce(words, '{}') LOOP
    found_at := strpos(lowered, word);
    IF found_at > 0 AND (first_at IS NULL OR found_at < first_at) THEN
      first_at := found_at;
    END IF;
  END LOOP;
  IF first_at IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN search_snippet_cut(plain, greatest(1, first_at - 300));
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_headline_html(plain text, ts_query tsquery) RETURNS text
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
CREATE FUNCTION search_snippet_from_text(plain text, ts_query tsquery, words text[]) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
  part text := search_snippet_window(plain, words);
  html text;
BEGIN
  IF part IS NULL THEN
    -- No word of the query in a long text (a hit by its title): its beginning, as before.
    RETURN search_headline_html(search_snippet_cut(plain, 1), ts_query);
  END IF;
  html := search_headline_html(part, ts_query);
  -- The place found was no match (the word inside a longer one): the whole text.
  IF part IS DISTINCT FROM plain AND strpos(html, '<mark>') = 0 THEN
    html := search_headline_html(plain, ts_query);
  END IF;
  RETURN html;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_snippet_from_text(plain text, ts_query tsquery) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT search_snippet_from_text(plain, ts_query, search_query_words(ts_query))
$$;
--> statement-breakpoint
DROP FUNCTION search_articles(text, integer[], integer, integer, integer[]);
--> statement-breakpoint
DROP FUNCTION search_articles_params(text, integer[], integer[]);
--> statement-breakpoint
-- The mode of a search and its queries. With assume_fts, a keyword that makes a full-text query is
-- taken as a full-text search without first asking whether it has a hit (search_articles asks
-- only when the page it reads comes back empty). In typo mode ts_query is the typo query
-- (search_typo_tsquery) over the titles' words.
CREATE FUNCTION search_articles_params(
  keyword text,
  category_ids integer[],
  tag_ids integer[] DEFAULT NULL,
  assume_fts boolean DEFAULT false,
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
  IF ts_query IS NOT NULL AND (assume_fts OR EXISTS (
    SELECT 1 FROM article_search x
    WHERE x.status = 'published'
      AND x.document @@ ts_query
      AND (search_category_ids IS NULL OR (
        search_filter_lexemes(x.category_id) @@ search_category_filter(search_category_ids)
        AND x.category_id = ANY (search_category_ids)))
      AND (search_tag_ids IS NULL OR EXISTS (
        SELECT 1 FROM article_tags t WHERE t.article_id = x.article_id AND t.tag_id = ANY (search_tag_ids)))
  )) THEN
    search_mode := 'fts';
    -- Ranked by what the reader asked for, not by what they excluded.
    rank_query := search_tsquery(regexp_replace(search_keyword, '(^|[[:space:]])-("[^"]*("|$)|[^[:space:]]*)', ' ', 'g'));
  ELSIF length(search_keyword) >= 3
    AND search_keyword !~* '["]|(^|[[:space:]])-|(^|[[:space:]])or([[:space:]]|$)' THEN
    ts_query := search_typo_tsquery(search_keyword);
    IF ts_query IS NOT NULL THEN
      search_mode := 'fuzzy';
    END IF;
  ELSE
    ts_query := NULL;
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
    SELECT x.article_id, x.published_at
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
    SELECT x.article_id, x.published_at
    FROM article_search x
    WHERE search_mode = 'fuzzy'
      AND x.status = 'published'
      AND search_title_lexemes(x.title) @@ ts_query
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
  newest AS (
    SELECT h.article_id, h.published_at FROM hits h
    ORDER BY h.published_at DESC, h.article_id DESC
    LIMIT 200
  ),
  ranked AS (
    SELECT r.article_id, r.published_at,
           coalesce(CASE WHEN search_mode = 'fts' THEN ts_rank(x.document, rank_query)
                         ELSE word_similarity(keyword, x.title) END, 0)::real AS rank
    FROM newest r
    JOIN article_search x ON x.article_id = r.article_id
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
  query_words AS (
    SELECT search_query_words(coalesce(rank_query, ts_query)) AS words
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
    CASE WHEN search_mode = 'fts' THEN search_snippet_from_text(s.search_text, coalesce(rank_query, ts_query), q.words) END,
    p.rank, t.n
  FROM page p
  CROSS JOIN total t
  CROSS JOIN query_words q
  JOIN articles a ON a.id = p.article_id
  JOIN article_search s ON s.article_id = p.article_id
  LEFT JOIN categories c ON c.id = a.category_id
  LEFT JOIN authors au ON au.id = a.author_id
  ORDER BY p.tier, p.rank DESC, p.published_at DESC, p.article_id DESC
$$;
--> statement-breakpoint
-- One page of a search. A keyword that makes a full-text query is read as one at once; only when
-- that page comes back empty is the mode decided in full (no hit at all: the typo fallback; a page
-- past the last one: nothing).
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
-- word_similarity ranks typo hits; the threshold is the one search_typo_tsquery matches words with.
SET pg_trgm.word_similarity_threshold = 0.5
-- The search never reads the whole table (drizzle/0005_search_candidates.sql).
SET enable_seqscan = off
AS $$
DECLARE
  p record;
  page_limit integer := least(greatest(coalesce(result_limit, 12), 0), 100);
  page_offset integer := greatest(coalesce(result_offset, 0), 0);
BEGIN
  SELECT * INTO p FROM search_articles_params(keyword, category_ids, tag_ids, true);
  IF p.search_mode IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM search_articles_page(
    p.search_mode, p.ts_query, p.rank_query, p.search_keyword, p.search_category_ids, p.search_tag_ids,
    page_limit, page_offset
  );
  IF FOUND OR p.search_mode <> 'fts' THEN
    RETURN;
  END IF;
  SELECT * INTO p FROM search_articles_params(keyword, category_ids, tag_ids, false);
  IF p.search_mode = 'fuzzy' THEN
    RETURN QUERY SELECT * FROM search_articles_page(
      p.search_mode, p.ts_query, p.rank_query, p.search_keyword, p.search_category_ids, p.search_tag_ids,
      page_limit, page_offset
    );
  END IF;
END
$$;
