/**
 * Helpers for the reading specs: forced read failures, axe, and private servers started on a
 * database prepared for one scenario (long lists, hostile markdown, a missing Changelog).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { type Database, openDatabase } from "../../../app/db/db.server";
import { articles, categories } from "../../../app/db/schema";
import { renderMarkdown } from "../../../app/markdown/markdown.server";
import { type RunningServer, startServer } from "../support/server-process";
import { seedDataDirFromTemplate } from "../support/data-dir-template";

export const SITE = "DevPerspective";

export { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "../support/page-checks";

/** A port for a private server, distinct per parallel worker and per slot. */
export function privatePort(testInfo: TestInfo, slot: number) {
  return Number(process.env.E2E_PORT ?? 4317) + 100 + testInfo.parallelIndex * 4 + slot;
}

export type ArticleSeed = {
  slug: string;
  title: string;
  content: string;
  categoryId: number | null;
  publishedAt: Date;
  excerpt?: string;
};

/** Inserts articles through the same render-at-save path the seed and admin forms use. */
export async function insertArticles(db: Database, rows: ArticleSeed[]) {
  for (const row of rows) {
    const rendered = await renderMarkdown(row.content);
    await db.insert(articles).values({
      title: row.title,
      slug: row.slug,
      content: row.content,
      contentHtml: rendered.html,
      previewHtml: rendered.previewHtml,
      toc: rendered.toc,
      readingMinutes: rendered.readingMinutes,
      excerpt: row.excerpt ?? null,
      categoryId: row.categoryId,
      publishedAt: row.publishedAt,
      updatedAt: row.publishedAt,
    });
  }
}

export async function insertCategory(db: Database, slug: string, name: string, description = "") {
  const [row] = await db.insert(categories).values({ slug, name, description }).returning({ id: categories.id });
  return row!.id;
}

/**
 * Starts the production server on a fresh database that `prepare` filled (instead of the demo
 * content, which the server only seeds into an empty database).
 */
export async function startPreparedServer(
  port: number,
  prepare: (db: Database) => Promise<void>,
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-reading-"));
  seedDataDirFromTemplate(dataDir);
  const handle = await openDatabase({ dataDir, migrationsFolder: path.resolve("drizzle") });
  try {
    await handle.migrate();
    await prepare(handle.db);
  } finally {
    await handle.close();
  }
  return startServer({ port, env: { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` } });
}

export async function stopServer(server: RunningServer | undefined) {
  if (!server) return;
  server.process.kill("SIGTERM");
  await server.exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
