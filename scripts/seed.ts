/**
 * npm run db:seed [-- --articles N]
 *
 * Applies migrations, writes the demo content (idempotent) and, with --articles N, adds N
 * synthetic articles for benchmarks. Uses DATABASE_URL, or the embedded database in DATA_DIR.
 */
import { closeDatabase, DataDirLockedError, getDatabaseHandle } from "~/db/db.server";
import { seedDemoContent, seedSitePages, seedSyntheticArticles } from "~/seed/seed.server";

class UsageError extends Error {}

function parseArgs(argv: string[]): { articles: number } {
  let articles = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg === "--articles") {
      value = argv[++i];
    } else if (arg.startsWith("--articles=")) {
      value = arg.slice("--articles=".length);
    } else {
      throw new UsageError(`Unknown argument "${arg}". Usage: npm run db:seed [-- --articles N]`);
    }
    if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
      throw new UsageError(
        `--articles needs a positive integer (got ${value === undefined ? "nothing" : `"${value}"`}).`,
      );
    }
    articles = Number(value);
  }
  return { articles };
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim() || "Unknown error";
}

async function main(): Promise<number> {
  let options: { articles: number };
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(oneLine(error));
    return 1;
  }

  const started = performance.now();
  try {
    const handle = await getDatabaseHandle();
    await handle.migrate();
    const demo = await seedDemoContent();
    await seedSitePages();
    let synthetic = 0;
    if (options.articles > 0) {
      const total = options.articles;
      const interactive = process.stdout.isTTY;
      let lastReported = 0;
      synthetic = await seedSyntheticArticles(total, {
        onProgress(done) {
          if (interactive) {
            process.stdout.write(`\rSynthetic articles: ${done}/${total}`);
          } else if (done === total || done - lastReported >= total / 4) {
            lastReported = done;
            console.log(`Synthetic articles: ${done}/${total}`);
          }
        },
      });
      if (interactive) process.stdout.write("\n");
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where =
      handle.driver === "pglite" ? `embedded database in ${process.env.DATA_DIR || "./data"}` : "PostgreSQL";
    console.log(
      `Seeded ${where}: ${demo.categories} categories, ${demo.authors} authors, ${demo.articles} articles, ${demo.questions} questions added (existing rows left as they were)${
        synthetic > 0 ? `, plus ${synthetic} synthetic articles` : ""
      } in ${seconds}s.`,
    );
    return 0;
  } catch (error) {
    if (process.stdout.isTTY) process.stdout.write("\n");
    console.error(error instanceof DataDirLockedError ? error.message : `Seeding failed: ${oneLine(error)}`);
    return 1;
  } finally {
    await closeDatabase().catch(() => {});
  }
}

process.exitCode = await main();
