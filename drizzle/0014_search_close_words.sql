-- Honest typo results (docs/decisions/0013-search-at-scale.md, amended 2026-12-07). Written by
-- hand (drizzle-kit generate --custom); like the rest of the search, SQL only.
--
-- A word of the keyword was matched to a title word by word_similarity alone (`<%`, at least 0.5):
-- the share of the keyword word's trigrams found in some stretch of the title word. A long made-up
-- word then matched every title word holding about half of it: a 25-letter word took the titles
-- that contain its last 15 letters. Now the two words' lengths must also be close: they differ by
-- at most a fifth of the keyword word's length (at least one letter). "tesing" (6) still finds
-- "testing" (7); "zzqxjvkwpminstrumentation" (25) no longer finds "instrumentation" (15). (Plain
-- similarity() would not tell those two apart, 0.5 each, and it loses a dropped letter in a short
-- word, "seach" for "search": 0.44.) Among close words, the more similar whole word comes first.
--
-- search_articles also says which mode answered (fts or fuzzy) and, for typo results, the search
-- it would suggest ("Did you mean testing?"): each matched word replaced by its closest title word.

-- The title words close to one word of a keyword, closest first (at most 50).
CREATE FUNCTION search_close_title_words(kw_word text) RETURNS SETOF text
LANGUAGE sql STABLE
SET pg_trgm.word_similarity_threshold = 0.5
AS $$
  SELECT t.word FROM search_title_words t
  WHERE kw_word <% t.word
    AND abs(length(t.word) - length(kw_word)) <= greatest(1, length(kw_word) / 5)
    AND t.word !~ '\\'
  ORDER BY kw_word <<-> t.word, kw_word <-> t.word, t.word
  LIMIT 50
$$;
--> statement-breakpoint
-- The words of a keyword the typo search matches, in the keyword's order: those of 3 characters or
-- more when it has any, else all; none when it has more than 8.
CREATE FUNCTION search_typo_words(keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  WITH w AS (
    SELECT v.lexeme AS word, v.positions[1] AS position
    FROM unnest(to_tsvector('simple'::regconfig, coalesce(keyword, ''))) AS v
  ),
  chosen AS (
    SELECT word, position FROM w
    WHERE length(word) >= 3 OR NOT EXISTS (SELECT 1 FROM w WHERE length(w.word) >= 3)
  )
  SELECT CASE WHEN count(*) BETWEEN 1 AND 8 THEN array_agg(word ORDER BY position, word) ELSE '{}' END
  FROM chosen
$$;
--> statement-breakpoint
-- The typo query of a keyword: for each of its words, any of its close title words; every word of
-- the keyword must be matched. NULL when a word has no close title word or there is no word.
CREATE OR REPLACE FUNCTION search_typo_tsquery(keyword text) RETURNS tsquery
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  kw_word text;
  alternatives tsquery;
  result tsquery;
BEGIN
  FOREACH kw_word IN ARRAY search_typo_words(keyword) LOOP
    SELECT string_agg(quote_literal(c.word), ' | ')::tsquery INTO alternatives
    FROM search_close_title_words(kw_word) AS c(word);
    IF alternatives IS NULL THEN
      RETURN NULL;
    END IF;
    result := CASE WHEN result IS NULL THEN alternatives ELSE result && alternatives END;
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
-- The search a typo search suggests: the matched words in order, each replaced by its closest
-- title word. NULL when a word has no close title word, or when nothing would change.
CREATE FUNCTION search_typo_suggestion(keyword text) RETURNS text
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  words text[] := search_typo_words(keyword);
  kw_word text;
  closest text;
  suggested text[] := '{}';
BEGIN
  FOREACH kw_word IN ARRAY words LOOP
    SELECT c.word INTO closest FROM search_close_title_words(kw_word) AS c(word) LIMIT 1;
    IF closest IS NULL THEN
      RETURN NULL;
    END IF;
    suggested := suggested || closest;
  END LOOP;
  IF cardinality(suggested) = 0 OR suggested = words THEN
    RETURN NULL;
  END IF;
  RETURN array_to_string(suggested, ' ');
END
$$;
--> statement-breakpoint
DROP FUNCTION search_articles(text, integer[], integer, integer, integer[]);
--> statement-breakpoint
-- One page of a search (as in 0013), with the mode that answered ('fts' or 'fuzzy') and, for typo
-- results, the suggested search, on every row.
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
  total_count integer,
  search_mode text,
  suggestion text
)
LANGUAGE plpgsql STABLE
-- word_similarity ranks typo hits.
SET pg_trgm.word_similarity_threshold = 0.5
-- The search never reads the whole table (drizzle/0005_search_candidates.sql).
SET enable_seqscan = off
AS $$
DECLARE
  p record;
  page_limit integer := least(greatest(coalesce(result_limit, 12), 0), 100);
  page_offset integer := greatest(coalesce(result_offset, 0), 0);
  suggested_search text;
BEGIN
  SELECT * INTO p FROM search_articles_params(keyword, category_ids, tag_ids, true);
  IF p.search_mode IS NULL THEN
    RETURN;
  END IF;
  IF p.search_mode <> 'fuzzy' THEN
    RETURN QUERY SELECT r.*, p.search_mode, NULL::text FROM search_articles_page(
      p.search_mode, p.ts_query, p.rank_query, p.search_keyword, p.search_category_ids, p.search_tag_ids,
      page_limit, page_offset
    ) AS r;
    IF FOUND OR p.search_mode <> 'fts' THEN
      RETURN;
    END IF;
    SELECT * INTO p FROM search_articles_params(keyword, category_ids, tag_ids, false);
    IF p.search_mode IS DISTINCT FROM 'fuzzy' THEN
      RETURN;
    END IF;
  END IF;
  suggested_search := search_typo_suggestion(p.search_keyword);
  RETURN QUERY SELECT r.*, p.search_mode, suggested_search FROM search_articles_page(
    p.search_mode, p.ts_query, p.rank_query, p.search_keyword, p.search_category_ids, p.search_tag_ids,
    page_limit, page_offset
  ) AS r;
END
$$;
