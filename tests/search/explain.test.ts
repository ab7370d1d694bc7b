/**
 * The search walks its indexes. On 2,000 synthetic articles (plus the demo content), the plan of
 * the statement search_articles runs uses a Bitmap Index Scan on the GIN search index. The same
 * check on 10,000 articles, with timings: `npx tsx scripts/explain-search.ts` (about a minute).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent, seedSyntheticArticles } from "~/db/seed.server";
import { explainSearch } from "~/search/search.server";
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
    expect(plan).toMatch(/Bitmap Index Scan on articles_search_document_idx/);
  });

  it("uses the GIN index for a prefix search too", async () => {
    const { mode, plan } = await explainSearch({ keyword: "webhook retr" });
    expect(mode).toBe("fts");
    expect(plan).toMatch(/Bitmap Index Scan on articles_search_document_idx/);
  });
});
