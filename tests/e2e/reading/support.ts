/**
 * Helpers for the reading specs: forced read failures, axe, and private servers started on a
 * database prepared for one scenario (long lists, hostile markdown, a missing Changelog).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { type Database, openDatabase } from "../../../app/db/db.server";
import { articles, categories } from "../../../app/db/schema";
import { renderMarkdown } from "../../../app/markdown/markdown.server";
import { expect } from "../support/fixtures";
import { type RunningServer, startServer } from "../support/server-process";

export const SITE = "DevPerspective";

/** Makes every database read of this context fail (the server's test hook). */
export async function failReads(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "dp_test_fail_reads", value: "1", url: baseURL }]);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * No serious or critical WCAG 2 A/AA violation on the page as it is now. axe is a script, and
 * scripts cannot run where JavaScript is off, so the no-JS page is checked as the server sent it:
 * the same document with every <script> removed, loaded in a context where axe itself can run.
 */
export async function expectNoSeriousAxeViolations(page: Page, jsEnabled = true) {
  if (jsEnabled) {
    expect(await seriousViolations(page)).toEqual([]);
    return;
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to open a scripting context in");
  // The test runner applies the project's options to new contexts too: switch scripting back on.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
      return route.fulfill({ response, body });
    });
    const copy = await context.newPage();
    await copy.goto(page.url());
    expect(await copy.evaluate(() => document.documentElement.className)).toBe("no-js");
    expect(await seriousViolations(copy)).toEqual([]);
  } finally {
    await context.close();
  }
}

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
export async function startPreparedServer(port: number, prepare: (db: Database) => Promise<void>): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-reading-"));
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
