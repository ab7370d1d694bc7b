import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, categories, readingList, users } from "~/db/schema";
import { seedDemoContent } from "~/seed/seed.server";
import {
  exportReadingList,
  isSaved,
  listReadingList,
  removeArticle,
  saveArticle,
  savedAmong,
} from "~/reading-list/reading-list.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("reading list on %s", (kind) => {
  let handle: DatabaseHandle;
  let published: { id: number; title: string; categorySlug: string | null }[];
  let nextUser = 1;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    published = await handle.db
      .select({ id: articles.id, title: articles.title, categorySlug: categories.slug })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .where(isPublished)
      .orderBy(articles.id)
      .limit(30);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  async function newUser() {
    const n = nextUser++;
    const [user] = await handle.db
      .insert(users)
      .values({ email: `reader${n}@example.com`, fullName: `Reader ${n}` })
      .returning({ id: users.id });
    return user!.id;
  }

  /** Saves in this order, each a minute after the previous one (so "newest saved" is certain). */
  async function saveInOrder(userId: number, ids: number[]) {
    for (const [index, articleId] of ids.entries()) {
      expect(await saveArticle(userId, articleId)).toEqual({ status: "saved" });
      await handle.db
        .update(readingList)
        .set({ createdAt: sql`now() - make_interval(mins => ${ids.length - index})` })
        .where(and(eq(readingList.userId, userId), eq(readingList.articleId, articleId)));
    }
  }

  it("saving is idempotent and so is removing", async () => {
    const userId = await newUser();
    const article = published[0]!;
    expect(await saveArticle(userId, article.id)).toEqual({ status: "saved" });
    expect(await saveArticle(userId, article.id)).toEqual({ status: "saved" });
    const rows = await handle.db.select().from(readingList).where(eq(readingList.userId, userId));
    expect(rows).toHaveLength(1);
    expect(await isSaved(userId, article.id)).toBe(true);

    await removeArticle(userId, article.id);
    await removeArticle(userId, article.id);
    expect(await isSaved(userId, article.id)).toBe(false);
    await removeArticle(userId, published[1]!.id);
  });

  it("lists newest saved first, paged, and tells which cards are saved", async () => {
    const userId = await newUser();
    const [a, b, c, d] = published;
    await saveInOrder(userId, [a!.id, b!.id, c!.id]);
    const list = await listReadingList(userId);
    expect(list.articles.map((article) => article.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(list.total).toBe(3);
    expect(list.articles[0]?.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const page2 = await listReadingList(userId, { page: 2, pageSize: 2 });
    expect(page2.articles.map((article) => article.id)).toEqual([a!.id]);
    expect(page2.pageCount).toBe(2);
    // A page past the end still counts the list (the route redirects to the last page).
    const past = await listReadingList(userId, { page: 9, pageSize: 2 });
    expect(past.articles).toEqual([]);
    expect(past.total).toBe(3);

    expect((await savedAmong(userId, [a!.id, d!.id, c!.id])).sort()).toEqual([a!.id, c!.id].sort());
    expect(await savedAmong(userId, [])).toEqual([]);
    // Another reader's list is their own.
    expect((await listReadingList(await newUser())).total).toBe(0);
  });

  it("searches titles (case-insensitive, wildcards literal) and filters by category", async () => {
    const userId = await newUser();
    const chosen = published.slice(0, 6);
    await saveInOrder(
      userId,
      chosen.map((article) => article.id),
    );
    const target = chosen[2]!;
    const word = target.title.split(/\s+/).find((w) => w.length > 4) ?? target.title;
    const found = await listReadingList(userId, { q: word.toUpperCase() });
    expect(found.articles.map((article) => article.id)).toContain(target.id);
    for (const article of found.articles) expect(article.title.toLowerCase()).toContain(word.toLowerCase());
    expect((await listReadingList(userId, { q: "%" })).total).toBe(0);

    const slug = target.categorySlug!;
    const inCategory = await listReadingList(userId, { category: slug });
    expect(inCategory.articles.length).toBeGreaterThan(0);
    for (const article of inCategory.articles) expect(article.categorySlug).toBe(slug);
    expect(inCategory.categories.map((category) => category.slug)).toContain(slug);
  });

  it("only published articles can be saved or listed", async () => {
    const userId = await newUser();
    const article = published[5]!;
    await saveArticle(userId, article.id);
    await handle.db.update(articles).set({ status: "draft", publishedAt: null }).where(eq(articles.id, article.id));
    try {
      expect((await listReadingList(userId)).total).toBe(0);
      const other = await newUser();
      expect(await saveArticle(other, article.id)).toEqual({ status: "not-found" });
      expect(await saveArticle(other, 2_000_000_000)).toEqual({ status: "not-found" });
      // Still in the export: it is the reader's data.
      expect((await exportReadingList(userId)).map((row) => row.title)).toEqual([article.title]);
    } finally {
      await handle.db
        .update(articles)
        .set({ status: "published", publishedAt: sql`now()` })
        .where(eq(articles.id, article.id));
    }
  });
});
