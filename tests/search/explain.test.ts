/**
 * The search walks its indexes. On 2,000 synthetic articles (plus the demo content), the plan of
 * the statement search_articles runs uses a Bitmap Index Scan on the GIN index of the narrow
 * search table (article_search), never a sequential scan, and ranks a bounded set. The same
 * check on 10,000 articles, with timings: `npx tsx scripts/explain-search.ts` (about a minute).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent, seedSyntheticArticles } from "~/seed/seed.server";
import { explainSearch, searchArticles } from "~/search/search.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const SYNTHETIC_ARTICLES = 2_000;

describe.each(testDatabaseKinds())("search plan on %s", (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    await seedSyntheticArticles(SYNTHETIC_ARTICLES, { seed: 42 });
    await handle.db.execute(sql`analyze articles`);
    await handle.db.execute(sql`analyze article_search`);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("uses the GIN index for a full-text search", async () => {
    const { mode, plan } = await explainSearch({ keyword: "memory leaks" });
    console.log(
      `EXPLAIN search_articles('memory leaks') on ${kind}, ${SYNTHETIC_ARTICLES} synthetic articles:\n${plan}`,
    );
    expect(mode).toBe("fts");
    expect(plan).toMatch(/Bitmap Index Scan on article_search_document_idx/);
  });

  it("uses the GIN index for a prefix search too", async () => {
    const { mode, plan } = await explainSearch({ keyword: "webhook retr" });
    expect(mode).toBe("fts");
    expect(plan).toMatch(/Bitmap Index Scan on article_search_document_idx/);
  });

  it("never scans the table for a word most articles contain, within categories", async () => {
    // The planner would pick a sequential scan for a word in half the rows; each row's document
    // would then be decompressed to test it. search_articles runs with enable_seqscan = off.
    const { mode, plan } = await explainSearch({ keyword: "testing", categoryIds: [2, 3] });
    expect(mode).toBe("fts");
    expect(plan).toMatch(/Bitmap Index Scan on article_search_document_idx/);
    expect(plan).not.toMatch(/Seq Scan on article_search/);
  });

  it("reads only the chosen categories' hits: the index intersects words and categories", async () => {
    const { plan } = await explainSearch({ keyword: "testing", categoryIds: [2, 3], analyze: true });
    const hits =
      /CTE hits\s+->\s+Bitmap Heap Scan on article_search x \(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)[\s\S]*?Bitmap Index Scan on article_search_document_idx \(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(
        plan,
      );
    expect(hits, plan).not.toBeNull();
    expect(Number(hits![1])).toBeGreaterThan(0);
    expect(Number(hits![2])).toBe(Number(hits![1]));
    expect(plan).not.toMatch(/Rows Removed by Filter/);
  });

  it("finds typos through the titles' words: no title is rechecked", async () => {
    // drizzle/0013: the typo query (close title words, any of them per word of the keyword) is
    // answered by the GIN index of the titles' words, with nothing to recheck.
    const { mode, plan } = await explainSearch({ keyword: "clsures explaned", analyze: true });
    expect(mode).toBe("fuzzy");
    expect(plan).toMatch(/Bitmap Index Scan on article_search_title_words_idx/);
    expect(plan).not.toMatch(/article_search_title_trgm_idx/);
    expect(plan).not.toMatch(/Rows Removed by (Filter|Index Recheck)/);
    const results = await searchArticles({ keyword: "clsures explaned" });
    expect(results.articles[0]?.slug).toBe("closures-explained-through-real-bugs");
  });

  it("ranks at most the newest 200 hits, whatever their number", async () => {
    const { total } = await searchArticles({ keyword: "test" });
    expect(total).toBeGreaterThan(200);
    const { plan } = await explainSearch({ keyword: "test", analyze: true });
    const ranked = /CTE ranked[\s\S]*?Limit \(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(plan);
    expect(ranked, plan).not.toBeNull();
    expect(Number(ranked![1])).toBeLessThanOrEqual(200);
  });
});
