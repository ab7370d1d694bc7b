import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHANGELOG_MISSING_MESSAGE,
  ChangelogCategoryMissingError,
  categoryCandidates,
  findCategory,
  getArticleBySlug,
  getHomeArticles,
  listCarouselArticles,
  listCategoryArticles,
  listChangelogArticles,
  listRecentArticles,
  PAGE_SIZE,
} from "~/articles/articles.server";
import { type Database, type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, authors, categories } from "~/db/schema";
import { seedDemoContent } from "~/seed/seed.server";
import type { ArticleCardData } from "~/lib/article-card";
import { renderMarkdown } from "~/markdown/markdown.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const CARD_KEYS = [
  "authorName",
  "categoryName",
  "categorySlug",
  "excerpt",
  "id",
  "imageUrl",
  "publishedAt",
  "readingMinutes",
  "slug",
  // Its tags (issue 26), read for the whole list in one query.
  "tags",
  "title",
].sort();

/** As the indexes are declared: DESC NULLS LAST. */
const NEWEST_FIRST = [sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectCards(cards: ArticleCardData[]) {
  for (const card of cards) {
    expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(card.publishedAt).toMatch(ISO);
    expect(card.readingMinutes).toBeGreaterThan(0);
    expect(Array.isArray(card.tags)).toBe(true);
  }
}

function expectNewestFirst(cards: ArticleCardData[]) {
  for (let i = 1; i < cards.length; i++) {
    const previous = cards[i - 1]!;
    const current = cards[i]!;
    const order = previous.publishedAt.localeCompare(current.publishedAt);
    expect(order > 0 || (order === 0 && previous.id > current.id), `${previous.slug} before ${current.slug}`).toBe(
      true,
    );
  }
}

/** Inserts an article through the same render-at-save path the seed and admin forms use. */
async function insertArticle(
  db: Database,
  values: {
    slug: string;
    title: string;
    content: string;
    categoryId?: number | null;
    publishedAt?: Date;
    featured?: boolean;
  },
) {
  const rendered = await renderMarkdown(values.content);
  const [row] = await db
    .insert(articles)
    .values({
      title: values.title,
      slug: values.slug,
      content: values.content,
      contentHtml: rendered.html,
      previewHtml: rendered.previewHtml,
      toc: rendered.toc,
      readingMinutes: rendered.readingMinutes,
      categoryId: values.categoryId ?? null,
      featured: values.featured ?? false,
      publishedAt: values.publishedAt ?? new Date(),
    })
    .returning({ id: articles.id });
  return row!.id;
}

/** The plan when scans and sorts that need no index are off: proves an index can serve the query in order. */
async function planFor(db: Database, query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  // As autovacuum keeps a live table: statistics and the visibility map (which prices index-only
  // scans); with ANALYZE alone, a 75-row table left the planner a coin toss between two indexes.
  await db.execute(sql`vacuum analyze articles`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const rows = await queryRows<Record<string, string>>(tx as unknown as Database, sql`explain ${query.getSQL()}`);
    return rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

describe.each(testDatabaseKinds())("articles.server (%s)", (kind) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    // The application code calls getDb(): point it at this database.
    setDatabaseHandle(handle);
    await seedDemoContent();
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe("home", () => {
    it("lists the 6 newest articles: 3 recent, then 3 featured, with the card fields", async () => {
      const { recent, featured } = await getHomeArticles();
      expect(recent).toHaveLength(3);
      expect(featured).toHaveLength(3);
      const six = [...recent, ...featured];
      expectCards(six);
      expectNewestFirst(six);

      const expected = await db
        .select({ slug: articles.slug })
        .from(articles)
        .orderBy(...NEWEST_FIRST)
        .limit(6);
      expect(six.map((card) => card.slug)).toEqual(expected.map((row) => row.slug));
      expect(await listRecentArticles()).toEqual(six);
    });

    it("joins the author and category names", async () => {
      const [first] = await listRecentArticles(1);
      const [row] = await db
        .select({ author: authors.name, category: categories.name, categorySlug: categories.slug })
        .from(articles)
        .leftJoin(authors, eq(authors.id, articles.authorId))
        .leftJoin(categories, eq(categories.id, articles.categoryId))
        .where(eq(articles.id, first!.id));
      expect(first!.authorName).toBe(row!.author);
      expect(first!.categoryName).toBe(row!.category);
      expect(first!.categorySlug).toBe(row!.categorySlug);
    });

    it("fills the carousel with articles marked featured, newest first", async () => {
      const { carousel } = await getHomeArticles();
      expect(carousel.length).toBeGreaterThan(0);
      expectCards(carousel);
      expectNewestFirst(carousel);
      const featuredIds = new Set(
        (await db.select({ id: articles.id }).from(articles).where(eq(articles.featured, true))).map((row) => row.id),
      );
      for (const card of carousel) expect(featuredIds.has(card.id)).toBe(true);
      expect(await listCarouselArticles()).toEqual(carousel);
    });

    it("falls back to the newest articles when none is marked featured", async () => {
      const marked = (await db.select({ id: articles.id }).from(articles).where(eq(articles.featured, true))).map(
        (row) => row.id,
      );
      await db.update(articles).set({ featured: false }).where(inArray(articles.id, marked));
      try {
        const { carousel, recent, featured } = await getHomeArticles();
        expect(carousel.map((card) => card.id)).toEqual(
          [...recent, ...featured].slice(0, carousel.length).map((c) => c.id),
        );
        expect(carousel.length).toBeGreaterThan(0);
        expect(await listCarouselArticles(3)).toEqual(carousel.slice(0, 3));
      } finally {
        await db.update(articles).set({ featured: true }).where(inArray(articles.id, marked));
      }
    });

    it("is served by the published-at indexes", async () => {
      const newest = db
        .select({ id: articles.id })
        .from(articles)
        .orderBy(...NEWEST_FIRST)
        .limit(6);
      expect(await planFor(db, newest)).toContain("articles_published_idx");
      const featured = db
        .select({ id: articles.id })
        .from(articles)
        // As the public query reads it: published articles only (the index is partial).
        .where(and(eq(articles.featured, true), isPublished))
        .orderBy(sql`${articles.publishedAt} desc nulls last`)
        .limit(5);
      expect(await planFor(db, featured)).toContain("articles_featured_published_idx");
    });
  });

  describe("article by slug", () => {
    it("returns the stored HTML, preview, table of contents, author and category", async () => {
      const [row] = await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(
          sql`${articles.previewHtml} is not null and ${articles.authorId} is not null and ${articles.categoryId} is not null`,
        )
        .limit(1);
      const article = await getArticleBySlug(row!.slug);
      expect(article).not.toBeNull();
      expect(article!.contentHtml.length).toBeGreaterThan(article!.previewHtml!.length);
      expect(article!.author?.name).toBeTruthy();
      expect(article!.author?.bio).toBeTruthy();
      expect(article!.author?.avatarUrl).toMatch(/^\/images\/avatars\//);
      expect(article!.category?.name).toBeTruthy();
      expect(article!.category?.slug).toMatch(/^[a-z0-9-]+$/);
      expect(article!.publishedAt).toMatch(ISO);
      expect(article!.updatedAt).toMatch(ISO);
      expect(Array.isArray(article!.toc)).toBe(true);
      for (const entry of article!.toc) {
        expect([2, 3]).toContain(entry.depth);
        expect(article!.contentHtml).toContain(`id="${entry.id}"`);
      }
    });

    it("keeps a short article without a preview", async () => {
      const article = await getArticleBySlug("quick-tip-focus-visible");
      expect(article).not.toBeNull();
      expect(article!.previewHtml).toBeNull();
    });

    it("answers null for an unknown or impossible slug", async () => {
      expect(await getArticleBySlug("no-such-article")).toBeNull();
      expect(await getArticleBySlug("Not A Slug")).toBeNull();
      expect(await getArticleBySlug("bad\u0000slug")).toBeNull();
      expect(await getArticleBySlug("../etc/passwd")).toBeNull();
      expect(await getArticleBySlug("a".repeat(5000))).toBeNull();
    });

    it("falls back to no author and no category when they are gone", async () => {
      const id = await insertArticle(db, { slug: "orphan-article", title: "Orphan", content: "Just text." });
      const article = await getArticleBySlug("orphan-article");
      expect(article?.author).toBeNull();
      expect(article?.category).toBeNull();
      const [card] = await listRecentArticles(1);
      expect(card?.id).toBe(id);
      expect(card?.authorName).toBeNull();
      expect(card?.categoryName).toBeNull();
      await db.delete(articles).where(eq(articles.id, id));
    });

    it("never returns script from hostile markdown (sanitized at save)", async () => {
      const hostile = [
        "# Hi <script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(2)">',
        "",
        "[click](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=)",
        "",
        '<a href="#" onclick="alert(4)">raw</a> <iframe src="https://evil.example"></iframe>',
        "",
        "![img](javascript:alert(5))",
        "",
        "## Heading <svg onload=alert(6)>",
        "",
        "[external](https://evil.example/path)",
      ].join("\n");
      await insertArticle(db, { slug: "hostile-markdown", title: "Hostile", content: hostile });
      const article = await getArticleBySlug("hostile-markdown");
      const html = article!.contentHtml.toLowerCase();
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<iframe");
      expect(html).not.toContain("<svg");
      expect(html).not.toMatch(/\son[a-z]+=/);
      expect(html).not.toContain("javascript:");
      expect(html).not.toContain("data:text/html");
      expect(html).toContain('rel="noopener noreferrer"');
      await db.delete(articles).where(eq(articles.slug, "hostile-markdown"));
    });
  });

  describe("category lookup", () => {
    it("matches the slug and the name (case-insensitive, hyphens as spaces)", async () => {
      expect((await findCategory("javascript"))?.name).toBe("JavaScript");
      expect((await findCategory("JavaScript"))?.slug).toBe("javascript");
      expect((await findCategory("ai-development"))?.name).toBe("AI & Development");
      expect((await findCategory("ai-&-development"))?.name).toBe("AI & Development");
      expect((await findCategory("data-structures"))?.name).toBe("Data Structures");
      expect((await findCategory("DATA-STRUCTURES"))?.name).toBe("Data Structures");
      expect((await findCategory("interview-prep"))?.name).toBe("Interview Prep");
      expect((await findCategory("nodejs"))?.name).toBe("Node.js");
      expect((await findCategory("node.js"))?.name).toBe("Node.js");
      expect((await findCategory("Changelog"))?.slug).toBe("changelog");
    });

    it("resolves every category link the site renders, singular or plural", async () => {
      const links = [
        "javascript",
        "react",
        "css",
        "devtools",
        "tutorials",
        "tutorial",
        "opinion",
        "opinions",
        "interview-prep",
        "data-structures",
        "algorithms",
        "typescript",
        "nodejs",
        "database",
        "databases",
        "ai-development",
        "devops",
      ];
      for (const link of links) expect(await findCategory(link), link).not.toBeNull();
      expect((await findCategory("opinions"))?.slug).toBe("opinion");
      expect((await findCategory("tutorial"))?.slug).toBe("tutorials");
    });

    it("prefers an exact match over a singular/plural variant", async () => {
      const [extra] = await db
        .insert(categories)
        .values({ slug: "opinions", name: "Opinions Weekly", description: "" })
        .returning({ id: categories.id });
      try {
        expect((await findCategory("opinions"))?.name).toBe("Opinions Weekly");
        expect((await findCategory("opinion"))?.name).toBe("Opinion");
      } finally {
        await db.delete(categories).where(eq(categories.id, extra!.id));
      }
    });

    it("answers null for unknown or hostile parameters", async () => {
      expect(await findCategory("no-such-topic")).toBeNull();
      expect(await findCategory("")).toBeNull();
      expect(await findCategory("java\u0000script")).toBeNull();
      expect(await findCategory("x".repeat(1000))).toBeNull();
      expect(await findCategory("'; drop table categories; --")).toBeNull();
      expect(await findCategory("javascript")).not.toBeNull();
    });

    it("builds the candidate readings in order", () => {
      expect(categoryCandidates("Opinions")).toEqual({
        slugs: ["opinions", "opinion"],
        names: ["opinions", "opinion"],
      });
      expect(categoryCandidates("ai-development").names[0]).toBe("ai development");
      expect(categoryCandidates("categories").slugs).toContain("category");
      expect(categoryCandidates("css").slugs).toEqual(["css"]);
    });
  });

  describe("category articles", () => {
    it("lists one category newest first, with its total", async () => {
      const category = await findCategory("javascript");
      const page = await listCategoryArticles(category!.id);
      expect(page.articles.length).toBeGreaterThan(0);
      expectCards(page.articles);
      expectNewestFirst(page.articles);
      for (const card of page.articles) expect(card.categorySlug).toBe("javascript");
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(articles)
        .where(eq(articles.categoryId, category!.id));
      expect(page.total).toBe(counted!.n);
      expect(page).toMatchObject({ page: 1, pageSize: PAGE_SIZE, pageCount: 1 });
    });

    it("paginates long lists 12 at a time", async () => {
      const [category] = await db
        .insert(categories)
        .values({ slug: "pagination-test", name: "Pagination Test", description: "Many articles" })
        .returning({ id: categories.id });
      const base = Date.UTC(2024, 0, 1);
      for (let i = 0; i < 30; i++) {
        await insertArticle(db, {
          slug: `paged-${i}`,
          title: `Paged ${i}`,
          content: `Article number ${i}.`,
          categoryId: category!.id,
          publishedAt: new Date(base + i * 86_400_000),
        });
      }
      const first = await listCategoryArticles(category!.id, 1);
      expect(first).toMatchObject({ total: 30, pageCount: 3, page: 1 });
      expect(first.articles.map((card) => card.slug)).toEqual(Array.from({ length: 12 }, (_, i) => `paged-${29 - i}`));
      const third = await listCategoryArticles(category!.id, 3);
      expect(third.articles.map((card) => card.slug)).toEqual(Array.from({ length: 6 }, (_, i) => `paged-${5 - i}`));
      const beyond = await listCategoryArticles(category!.id, 4);
      expect(beyond).toMatchObject({ total: 30, pageCount: 3, articles: [] });

      const query = db
        .select({ id: articles.id })
        .from(articles)
        // As the public query reads it: published articles only (the index is partial).
        .where(and(eq(articles.categoryId, category!.id), isPublished))
        .orderBy(...NEWEST_FIRST)
        .limit(12);
      expect(await planFor(db, query)).toContain("articles_category_published_idx");

      await db.delete(articles).where(eq(articles.categoryId, category!.id));
      await db.delete(categories).where(eq(categories.id, category!.id));
    });

    it("is empty for a category without articles", async () => {
      const [category] = await db
        .insert(categories)
        .values({ slug: "empty-topic", name: "Empty Topic", description: "" })
        .returning({ id: categories.id });
      expect(await listCategoryArticles(category!.id)).toMatchObject({ articles: [], total: 0, pageCount: 1 });
      await db.delete(categories).where(eq(categories.id, category!.id));
    });
  });

  describe("changelog", () => {
    it("lists the Changelog category's articles newest first", async () => {
      const result = await listChangelogArticles();
      expect(result.category.name).toBe("Changelog");
      expect(result.articles.length).toBeGreaterThan(0);
      expectCards(result.articles);
      expectNewestFirst(result.articles);
      for (const card of result.articles) expect(card.categoryName).toBe("Changelog");
    });

    it("is empty when the category has no articles", async () => {
      const changelog = (await listChangelogArticles()).category;
      const ids = (
        await db.select({ id: articles.id }).from(articles).where(eq(articles.categoryId, changelog.id))
      ).map((row) => row.id);
      await db.update(articles).set({ categoryId: null }).where(inArray(articles.id, ids));
      try {
        expect((await listChangelogArticles()).articles).toEqual([]);
      } finally {
        await db.update(articles).set({ categoryId: changelog.id }).where(inArray(articles.id, ids));
      }
    });

    it("says so when the Changelog category is missing", async () => {
      await db.update(categories).set({ name: "Release Notes" }).where(eq(categories.slug, "changelog"));
      try {
        await expect(listChangelogArticles()).rejects.toBeInstanceOf(ChangelogCategoryMissingError);
        await expect(listChangelogArticles()).rejects.toThrow(CHANGELOG_MISSING_MESSAGE);
      } finally {
        await db
          .update(categories)
          .set({ name: "Changelog" })
          .where(and(eq(categories.slug, "changelog")));
      }
      expect((await listChangelogArticles()).articles.length).toBeGreaterThan(0);
    });
  });
});
