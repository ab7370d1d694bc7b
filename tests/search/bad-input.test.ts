/**
 * Bad input is harmless (issue 4, item 3): whatever a URL or a caller sends, the search answers
 * with results or none, never an error, and the keyword is cut to its documented limit.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { searchArticles } from "~/search/search.server";
import {
  MAX_CATEGORY_FILTERS,
  MAX_KEYWORD_LENGTH,
  normalizeKeyword,
  closeMatchesSummary,
  parseSearchParams,
  resultSummary,
} from "~/search/search-params";
import { MAX_PAGE } from "~/lib/pagination";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { fixtureArticles, insertSearchFixtures } from "./fixtures";

const HOSTILE_KEYWORDS = [
  '"',
  '""',
  '"""',
  '"unbalanced quote',
  'closures"',
  "'",
  "''",
  "it's",
  "-",
  "--",
  "-closures",
  '-"event loop"',
  "or",
  "OR or OR",
  "&",
  "|",
  "!",
  "!!!",
  "( )",
  "((",
  "<->",
  ":*",
  "closures:*",
  "a & b | !c <-> d",
  "&|!():*<->'\"\\",
  "'; drop table articles; --",
  "1 OR 1=1",
  '" OR ""="',
  "%",
  "_",
  "%_%",
  "\\",
  "\\\\'",
  "$1",
  "$$",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal that looks like a placeholder
  "${keyword}",
  "<script>alert(1)</script>",
  "🚀",
  "🚀🔥 react",
  "react 🚀",
  "👩‍💻 closures",
  "日本語の検索",
  "مرحبا",
  "\u202Eevil",
  "zero\u200Bwidth",
  "nul\u0000byte",
  "\t\n\r",
  "the",
  "a an the of",
  "x".repeat(10_000),
  "closures ".repeat(1_500),
  "🚀".repeat(5_000),
  '"'.repeat(10_000),
];

describe.each(testDatabaseKinds())("bad input is harmless (%s)", (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await insertSearchFixtures(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each(
    HOSTILE_KEYWORDS.map((keyword) => [
      JSON.stringify(keyword.length > 40 ? `${keyword.slice(0, 40)}…(${keyword.length})` : keyword),
      keyword,
    ]),
  )("keyword %s", async (_label, keyword) => {
    const results = await searchArticles({ keyword });
    expect(results.total).toBeGreaterThanOrEqual(results.articles.length);
    for (const article of results.articles) expect(fixtureArticles.some((a) => a.slug === article.slug)).toBe(true);
  });

  it("still has every article afterwards", async () => {
    const [row] = await queryRows<{ n: number | string }>(handle.db, sql`select count(*) as n from articles`);
    expect(Number(row!.n)).toBe(fixtureArticles.length);
  });

  it("unknown, negative and huge category ids match nothing, never fail", async () => {
    for (const categoryIds of [[999_999], [0], [-1], [2_147_483_647], [1, 999_999]]) {
      const results = await searchArticles({ keyword: "", categoryIds });
      expect(results.total).toBeGreaterThanOrEqual(0);
    }
    const none = await searchArticles({ keyword: "", categoryIds: [999_999] });
    expect(none.total).toBe(0);
  });

  it("the SQL function itself cuts a long keyword to 200 characters and bounds the page", async () => {
    const rows = await queryRows<{ search_keyword: string }>(
      handle.db,
      sql`select search_keyword from search_articles_params(${"closures ".repeat(2_000)}, null)`,
    );
    expect(rows[0]!.search_keyword.length).toBeLessThanOrEqual(200);
    const page = await queryRows<{ slug: string }>(
      handle.db,
      sql`select slug from search_articles('', null, 100000, -5)`,
    );
    expect(page.length).toBe(Math.min(100, fixtureArticles.length));
    const nothing = await queryRows(handle.db, sql`select * from search_articles(null, '{}'::integer[], null, null)`);
    expect(nothing.length).toBe(12);
  });

  it("a huge page number is answered", async () => {
    const results = await searchArticles({ keyword: "closures", page: Number.MAX_SAFE_INTEGER });
    expect(results.articles).toEqual([]);
    expect(results.page).toBe(MAX_PAGE);
    expect(results.total).toBeGreaterThan(0);
  });
});

describe("search URL parameters", () => {
  const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

  it("trims the keyword, drops control characters and cuts it to the limit", () => {
    expect(parse("q=%20%20react%20%20hooks%20").q).toBe("react hooks");
    expect(parse("q=nul%00byte").q).toBe("nul byte");
    expect(parse("").q).toBe("");
    expect(parse(`q=${"x".repeat(10_000)}`).q).toHaveLength(MAX_KEYWORD_LENGTH);
    // Emoji are cut whole (code points), never into a lone surrogate.
    const emoji = normalizeKeyword("🚀".repeat(300));
    expect(Array.from(emoji)).toHaveLength(MAX_KEYWORD_LENGTH);
    expect(emoji).toBe("🚀".repeat(MAX_KEYWORD_LENGTH));
    expect(normalizeKeyword("a\ud800b")).toBe("ab");
  });

  it("reads repeatable category ids, ignoring anything that is not a positive integer", () => {
    expect(parse("category=3&category=5&category=3").categoryIds).toEqual([3, 5]);
    expect(
      parse(
        "category=abc&category=-1&category=0&category=1.5&category=0x10&category=1e3&category=99999999999&category=&category=%207%20",
      ).categoryIds,
    ).toEqual([7]);
    const many = Array.from({ length: 200 }, (_, i) => `category=${i + 1}`).join("&");
    expect(parse(many).categoryIds).toHaveLength(MAX_CATEGORY_FILTERS);
  });

  it("says 'N result(s) for \"q\"', singular for one", () => {
    expect(resultSummary(1, "react")).toBe('1 result for "react"');
    expect(resultSummary(0, "react")).toBe('0 results for "react"');
    expect(resultSummary(12, "react")).toBe('12 results for "react"');
    expect(resultSummary(3, "")).toBe("3 results");
  });

  it("never counts close matches as results for the keyword", () => {
    expect(closeMatchesSummary("tesing")).toBe('No exact matches for "tesing". Close matches:');
    expect(closeMatchesSummary("tesing", 2, 3)).toBe('No exact matches for "tesing". Close matches, page 2 of 3:');
  });
});
