/**
 * npx tsx scripts/explain-search.ts [--articles N] [--query "text"]…
 *
 * Seeds a private database (an in-memory PGlite, or a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL, dropped afterwards) with the demo content plus N synthetic articles (default
 * 10,000), then prints, for each query, the plan of the statement search_articles runs
 * (EXPLAIN ANALYZE) and the time of a whole search_articles call. Never touches DATA_DIR or
 * DATABASE_URL.
 */
import { setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent, seedSyntheticArticles } from "~/seed/seed.server";
import { explainSearch, searchArticles } from "~/search/search.server";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "../tests/support/databases";

const DEFAULT_QUERIES = ["memory leaks", "kubernetes", '"feature flags" -docker', "rate limit", "webhoks", ""];

function parseArgs(argv: string[]) {
  let articles = 10_000;
  const queries: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--articles") articles = Number(argv[++i]);
    else if (arg === "--query") queries.push(argv[++i] ?? "");
    else
      throw new Error(
        `Unknown argument "${arg}". Usage: tsx scripts/explain-search.ts [--articles N] [--query "text"]…`,
      );
  }
  if (!Number.isSafeInteger(articles) || articles < 0) throw new Error("--articles needs a non-negative integer");
  return { articles, queries: queries.length > 0 ? queries : DEFAULT_QUERIES };
}

async function main() {
  const { articles, queries } = parseArgs(process.argv.slice(2));
  const handle = await openTestDatabase(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  setDatabaseHandle(handle);
  try {
    let started = performance.now();
    await seedDemoContent();
    await seedSyntheticArticles(articles, { seed: 42 });
    await handle.db.execute(sql`analyze articles`);
    console.log(
      `${handle.driver}: demo content + ${articles} synthetic articles in ${Math.round(performance.now() - started)} ms\n`,
    );
    for (const query of queries) {
      const { mode, plan } = await explainSearch({ keyword: query, analyze: true });
      started = performance.now();
      const results = await searchArticles({ keyword: query });
      const elapsed = performance.now() - started;
      console.log(
        `── ${JSON.stringify(query)}: mode ${mode}, ${results.total} hits, search_articles ${elapsed.toFixed(1)} ms`,
      );
      console.log(plan.replace(/^/gm, "   "));
      console.log();
    }
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
