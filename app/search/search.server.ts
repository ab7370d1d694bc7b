/**
 * Search: the page's two reads, both index-backed.
 *
 * - `searchArticles` calls the SQL function `search_articles` (drizzle/0001_search.sql, reworked
 *   for scale in 0005_search_candidates.sql; the ranking, typo fallback and snippet rules are in
 *   docs/decisions/0004-search.md and 0013-search-at-scale.md). One call returns one page of cards
 *   with the total count of hits, whether they are close matches (the typo fallback) and the
 *   search those suggest (drizzle/0014_search_close_words.sql).
 * - `listSearchCategories` reads the categories (id, name) offered as filters.
 */
import { sql } from "drizzle-orm";
import { type Database, getDb, queryRows } from "~/db/db.server";
import type { ArticleCardData } from "~/lib/article-card";
import { MAX_PAGE } from "~/lib/pagination";
import { normalizeKeyword, SEARCH_PAGE_SIZE, type SearchCategory } from "./search-params";
import { toIso } from "~/lib/dates";
import { attachTags } from "~/taxonomy/card-tags.server";

export type { SearchCategory };

export type SearchResults = {
  articles: ArticleCardData[];
  /** Hits of the whole search. */
  total: number;
  /** The page shown (1-based). */
  page: number;
  pageCount: number;
  /**
   * Nothing matched the keyword itself: these are titles with words close to its words (the typo
   * fallback, decision 13), and the page must say so.
   */
  closeMatches: boolean;
  /** For close matches: the search they suggest ("testing" for "tesing"), or null. */
  didYouMean: string | null;
};

type SearchRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  image_url: string | null;
  category_name: string | null;
  category_slug: string | null;
  author_name: string | null;
  published_at: Date | string;
  reading_minutes: number;
  snippet_html: string | null;
  rank: number | string;
  total_count: number | string;
  /** The mode that answered, on every row: full text, or close title words (typos). */
  search_mode: "all" | "fts" | "fuzzy";
  /** For typo results: the keyword with each word replaced by its closest title word. */
  suggestion: string | null;
};

/**
 * Defence in depth for the snippet the database built (text already HTML-escaped, matches in
 * <mark>): anything that is not exactly <mark> or </mark> has its angle brackets escaped, so the
 * snippet can never carry other markup whatever the database returns.
 */
export function sanitizeSnippet(html: string | null): string | null {
  if (!html) return null;
  return html
    .split(/(<\/?mark>)/)
    .map((part) => (part === "<mark>" || part === "</mark>" ? part : part.replace(/</g, "&lt;").replace(/>/g, "&gt;")))
    .join("");
}

function toCard(row: SearchRow): ArticleCardData {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    categoryName: row.category_name,
    categorySlug: row.category_slug,
    authorName: row.author_name,
    publishedAt: toIso(row.published_at),
    readingMinutes: row.reading_minutes,
    snippetHtml: sanitizeSnippet(row.snippet_html),
  };
}

/** An integer[] parameter as a PostgreSQL array literal (both drivers take it as text). */
function intArrayLiteral(ids: readonly number[]): string | null {
  const valid = ids.filter((id) => Number.isSafeInteger(id));
  return valid.length > 0 ? `{${valid.join(",")}}` : null;
}

type Filters = { categoryIds: readonly number[]; tagIds: readonly number[] };

async function searchPage(db: Database, keyword: string, filters: Filters, limit: number, offset: number) {
  return queryRows<SearchRow>(
    db,
    sql`select * from search_articles(${keyword}, ${intArrayLiteral(filters.categoryIds)}::integer[], ${limit}::integer, ${offset}::integer, ${intArrayLiteral(filters.tagIds)}::integer[])`,
  );
}

export type SearchOptions = {
  keyword: string;
  categoryIds?: readonly number[];
  /** Tags (ids): a hit has any of them. */
  tagIds?: readonly number[];
  /** 1-based; clamped to 1..MAX_PAGE. */
  page?: number;
  pageSize?: number;
};

/**
 * One page of results. The keyword is normalized again here (trimmed, control characters out,
 * cut to MAX_KEYWORD_LENGTH) so no caller can send more. A page past the last one comes back
 * empty with the real total and page count, so the caller can send the reader to the last page.
 */
export async function searchArticles(options: SearchOptions): Promise<SearchResults> {
  const db = await getDb();
  const keyword = normalizeKeyword(options.keyword);
  const filters = { categoryIds: options.categoryIds ?? [], tagIds: options.tagIds ?? [] };
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), MAX_PAGE);

  const rows = await searchPage(db, keyword, filters, pageSize, (page - 1) * pageSize);
  // Past the end: one more row-sized call learns the total (and the mode).
  const head = rows[0] ?? (page > 1 ? (await searchPage(db, keyword, filters, 1, 0))[0] : undefined);
  const total = head ? Number(head.total_count) : 0;
  const closeMatches = head?.search_mode === "fuzzy";
  return {
    articles: await attachTags(rows.map(toCard)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    closeMatches,
    didYouMean: closeMatches ? (head?.suggestion ?? null) : null,
  };
}

/** Categories offered as search filters, by name. */
export async function listSearchCategories(): Promise<SearchCategory[]> {
  return queryRows<SearchCategory>(await getDb(), sql`select id, name, slug from categories order by lower(name), id`);
}

type SearchParamsRow = {
  search_mode: "all" | "fts" | "fuzzy" | null;
  ts_query: string | null;
  rank_query: string | null;
  search_keyword: string;
  search_category_ids: string | null;
  search_tag_ids: string | null;
};

/**
 * The plan of the query `search_articles` runs for this search: the same decision
 * (search_articles_params) and the same statement (search_articles_page), under EXPLAIN.
 * For the benchmark script and the index test; `analyze` also runs it and reports timings.
 */
export async function explainSearch(options: {
  keyword: string;
  categoryIds?: readonly number[];
  tagIds?: readonly number[];
  analyze?: boolean;
}): Promise<{ mode: SearchParamsRow["search_mode"]; plan: string }> {
  const db = await getDb();
  const [params] = await queryRows<SearchParamsRow>(
    db,
    sql`select search_mode, ts_query::text as ts_query, rank_query::text as rank_query, search_keyword,
               search_category_ids::text as search_category_ids, search_tag_ids::text as search_tag_ids
        from search_articles_params(${normalizeKeyword(options.keyword)}, ${intArrayLiteral(options.categoryIds ?? [])}::integer[],
          ${intArrayLiteral(options.tagIds ?? [])}::integer[])`,
  );
  if (!params?.search_mode) return { mode: null, plan: "(nothing can match: no query runs)" };
  const explain = options.analyze
    ? sql.raw("explain (analyze, buffers off, costs off)")
    : sql.raw("explain (costs off)");
  // search_articles runs the page with enable_seqscan = off (drizzle/0005_search_candidates.sql).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return queryRows<Record<string, string>>(
      tx as unknown as Database,
      sql`${explain} select * from search_articles_page(${params.search_mode}::text, ${params.ts_query}::tsquery,
          ${params.rank_query}::tsquery, ${params.search_keyword}::text, ${params.search_category_ids}::integer[],
          ${params.search_tag_ids}::integer[], ${SEARCH_PAGE_SIZE}::integer, 0::integer)`,
    );
  });
  return { mode: params.search_mode, plan: rows.map((row) => Object.values(row)[0]).join("\n") };
}
