import { count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { articles, authors, categories, interviewQuestions } from "~/db/schema";
import { articles as demoArticles } from "~/seed/demo/articles";
import { authors as demoAuthors } from "~/seed/demo/authors";
import { categories as demoCategories } from "~/seed/demo/categories";
import { changelogEntries } from "~/seed/demo/changelog";
import { questions as demoQuestions } from "~/seed/demo/questions";
import { isDatabaseEmpty, seedDemoContent, seedSyntheticArticles } from "~/seed/seed.server";
import { renderProgress } from "~/markdown/render-version.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

async function counts(handle: DatabaseHandle) {
  const { db } = handle;
  const [a] = await db.select({ n: count() }).from(articles);
  const [u] = await db.select({ n: count() }).from(authors);
  const [c] = await db.select({ n: count() }).from(categories);
  const [q] = await db.select({ n: count() }).from(interviewQuestions);
  return { articles: a!.n, authors: u!.n, categories: c!.n, questions: q!.n };
}

describe.each(testDatabaseKinds())("seed (%s)", (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("reports an empty database before seeding", async () => {
    expect(await isDatabaseEmpty()).toBe(true);
  });

  it("seeds the demo content", async () => {
    const summary = await seedDemoContent();
    const after = await counts(handle);
    expect(summary).toEqual(after);
    expect(after.articles).toBeGreaterThanOrEqual(30);
    expect(after.authors).toBeGreaterThanOrEqual(4);
    expect(after.questions).toBeGreaterThanOrEqual(40);
    expect(after.categories).toBe(15);
    expect(await isDatabaseEmpty()).toBe(false);
    // Everything was just rendered by this renderer: nothing to render again at the next start.
    expect(await renderProgress()).toBe(-1);

    const slugs = (await handle.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug).sort();
    expect(slugs).toEqual(demoCategories.map((c) => c.slug).sort());

    const [changelog] = await handle.db
      .select({ n: count() })
      .from(articles)
      .innerJoin(categories, eq(articles.categoryId, categories.id))
      .where(eq(categories.name, "Changelog"));
    expect(changelog!.n).toBeGreaterThanOrEqual(3);

    const [long] = await handle.db.select({ n: count() }).from(articles).where(isNotNull(articles.previewHtml));
    expect(long!.n).toBeGreaterThanOrEqual(8);

    const rows = await handle.db
      .select({
        contentHtml: articles.contentHtml,
        categoryId: articles.categoryId,
        authorId: articles.authorId,
        readingMinutes: articles.readingMinutes,
      })
      .from(articles);
    for (const row of rows) {
      expect(row.contentHtml.length).toBeGreaterThan(0);
      expect(row.categoryId).not.toBeNull();
      expect(row.authorId).not.toBeNull();
      expect(row.readingMinutes).toBeGreaterThan(0);
    }

    const answers = await handle.db
      .select({ answerHtml: interviewQuestions.answerHtml, categoryId: interviewQuestions.categoryId })
      .from(interviewQuestions);
    for (const row of answers) {
      expect(row.answerHtml.length).toBeGreaterThan(0);
      expect(row.categoryId).not.toBeNull();
    }
  });

  it("is idempotent", async () => {
    const before = await counts(handle);
    const summary = await seedDemoContent();
    expect(summary).toEqual({ categories: 0, authors: 0, articles: 0, questions: 0 });
    expect(await counts(handle)).toEqual(before);
  });

  it("adds synthetic articles with unique slugs", async () => {
    const before = await counts(handle);
    const progress: number[] = [];
    const added = await seedSyntheticArticles(300, { onProgress: (done) => progress.push(done) });
    expect(added).toBe(300);
    expect(progress.at(-1)).toBe(300);
    const after = await counts(handle);
    expect(after.articles).toBe(before.articles + 300);

    // A second run with the same content seed must still produce fresh slugs.
    expect(await seedSyntheticArticles(5, { seed: 1 })).toBe(5);
    expect(await seedSyntheticArticles(5, { seed: 1 })).toBe(5);

    const slugs = (await handle.db.select({ slug: articles.slug }).from(articles)).map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.length).toBe(before.articles + 310);
  });

  it("does not duplicate anything when two seeds run at once", async () => {
    const fresh = await openTestDatabase(kind);
    setDatabaseHandle(fresh);
    try {
      const [first, second] = await Promise.all([seedDemoContent(), seedDemoContent()]);
      const after = await counts(fresh);
      expect(after).toEqual({
        categories: demoCategories.length,
        authors: demoAuthors.length,
        articles: demoArticles.length + changelogEntries.length,
        questions: demoQuestions.length,
      });
      expect(first.authors + second.authors).toBe(after.authors);
      expect(first.articles + second.articles).toBe(after.articles);
    } finally {
      setDatabaseHandle(handle);
      await fresh.close();
    }
  });

  it("rejects a negative count", async () => {
    await expect(seedSyntheticArticles(-1)).rejects.toThrow(RangeError);
  });
});
