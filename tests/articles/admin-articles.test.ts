import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { DASHBOARD_PAGE_SIZE, dashboardSql, listDashboardArticles } from "~/articles/dashboard.server";
import { deleteArticle } from "~/articles/delete-article.server";
import { getEditableArticle, listCategoryOptions } from "~/articles/admin-articles.server";
import { parseId as parseArticleId } from "~/lib/ids";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articles, authors, categories, users } from "~/db/schema";
import { seedSyntheticArticles } from "~/seed/seed.server";
import { ARTICLE_MESSAGES, ArticleSchema, type ArticleInput, isImageUrl, toArticleInput } from "~/lib/article-schema";
import { contentChanged, EVERYTHING, onContentChanged } from "~/cache/content-events.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const input = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: "Understanding Closures",
  slug: "understanding-closures",
  content: "## Scope\n\nA closure keeps its **scope**.\n\n```js\nconst f = () => 1;\n```\n",
  excerpt: "Closures, explained.",
  imageUrl: null,
  categoryId: null,
  featured: false,
  ...overrides,
});

describe.each(testDatabaseKinds())("admin articles on %s", (kind) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let authorId: number;
  let noProfileUserId: number;
  let categoryId: number;
  const changes: string[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    // contentChanged() notifies through the application's handle: point it at this database.
    setDatabaseHandle(handle);
    stopListening = onContentChanged((reason) => changes.push(reason)) as unknown as () => void;
    const admin = await createOrPromoteAdmin({
      email: "editor@example.com",
      password: "secret12",
      fullName: "Ed Itor",
    });
    adminId = admin.userId;
    authorId = admin.authorId;
    const [plain] = await handle.db
      .insert(users)
      .values({ email: "noprofile@example.com", fullName: "No Profile", role: "administrator" })
      .returning({ id: users.id });
    noProfileUserId = plain!.id;
    const [category] = await handle.db
      .insert(categories)
      .values({ name: "JavaScript", slug: "javascript", description: "JS" })
      .returning({ id: categories.id });
    categoryId = category!.id;
  });

  afterAll(async () => {
    stopListening();
    await handle.close();
  });

  it("creates an article rendered at save, by the editor's profile, published and updated now", async () => {
    changes.length = 0;
    const before = Date.now();
    const result = await createArticle({ userId: adminId, input: input({ categoryId, featured: true }) });
    expect(result.status).toBe("saved");
    if (result.status !== "saved") return;
    const [row] = await handle.db.select().from(articles).where(eq(articles.id, result.id));
    expect(row).toMatchObject({
      title: "Understanding Closures",
      authorId,
      categoryId,
      featured: true,
      excerpt: "Closures, explained.",
    });
    expect(row!.contentHtml).toContain('<h2 id="scope">');
    expect(row!.contentHtml).toContain("<strong>scope</strong>");
    expect(row!.contentHtml).toContain("shiki");
    expect(row!.toc).toEqual([{ depth: 2, id: "scope", text: "Scope" }]);
    expect(row!.readingMinutes).toBe(1);
    expect(row!.publishedAt!.getTime()).toBe(row!.updatedAt.getTime());
    expect(row!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(changes).toEqual([`article:${result.id}`]);
  });

  it("refuses a slug already in use with the field error, on create and update", async () => {
    const taken = await createArticle({ userId: adminId, input: input({ title: "Other" }) });
    expect(taken).toEqual({ status: "invalid", fieldErrors: { slug: [ARTICLE_MESSAGES.slugTaken] } });
    const other = await createArticle({ userId: adminId, input: input({ slug: "second-article" }) });
    if (other.status !== "saved") throw new Error("setup failed");
    const editable = await getEditableArticle(other.id);
    const clash = await updateArticle({
      id: other.id,
      userId: adminId,
      version: editable!.version,
      input: input({ slug: "understanding-closures" }),
    });
    expect(clash).toEqual({ status: "invalid", fieldErrors: { slug: [ARTICLE_MESSAGES.slugTaken] } });
  });

  it("turns the unique-index race into the same field error", async () => {
    // Two saves of one new slug at once: at most one wins, the other gets the field error.
    const results = await Promise.all(
      [1, 2, 3].map((n) => createArticle({ userId: adminId, input: input({ title: `Race ${n}`, slug: "race-slug" }) })),
    );
    expect(results.filter((r) => r.status === "saved")).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== "saved")) {
      expect(result).toEqual({ status: "invalid", fieldErrors: { slug: [ARTICLE_MESSAGES.slugTaken] } });
    }
  });

  it("requires the category to exist", async () => {
    const result = await createArticle({
      userId: adminId,
      input: input({ slug: "no-such-category", categoryId: 999_999 }),
    });
    expect(result).toEqual({ status: "invalid", fieldErrors: { categoryId: [ARTICLE_MESSAGES.categoryInvalid] } });
    const [row] = await handle.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.slug, "no-such-category"));
    expect(row).toBeUndefined();
  });

  it("refuses to save without an author profile linked to the user", async () => {
    expect(await createArticle({ userId: noProfileUserId, input: input({ slug: "orphan" }) })).toEqual({
      status: "no-author-profile",
    });
    const [existing] = await handle.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.slug, "understanding-closures"));
    const editable = await getEditableArticle(existing!.id);
    expect(
      await updateArticle({
        id: existing!.id,
        userId: noProfileUserId,
        version: editable!.version,
        input: input({ title: "Hijack" }),
      }),
    ).toEqual({ status: "no-author-profile" });
    const [row] = await handle.db.select({ title: articles.title }).from(articles).where(eq(articles.id, existing!.id));
    expect(row!.title).toBe("Understanding Closures");
  });

  it("updates: re-renders, keeps published_at and the byline, moves updated_at forward", async () => {
    const [other] = await handle.db.insert(authors).values({ name: "Guest Writer" }).returning({ id: authors.id });
    const created = await createArticle({
      userId: adminId,
      input: input({ slug: "to-update", title: "Before" }),
    });
    if (created.status !== "saved") throw new Error("setup failed");
    await handle.db
      .update(articles)
      .set({ authorId: other!.id, publishedAt: new Date("2020-01-02T03:04:05Z") })
      .where(eq(articles.id, created.id));
    const editable = await getEditableArticle(created.id);
    expect(editable!.version).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    changes.length = 0;
    const result = await updateArticle({
      id: created.id,
      userId: adminId,
      version: editable!.version,
      input: input({
        slug: "updated-slug",
        title: "After",
        content: "### Small\n\nNew *text*.",
        categoryId,
        excerpt: null,
      }),
    });
    expect(result).toEqual({
      status: "saved",
      id: created.id,
      slug: "updated-slug",
      outcome: "published",
      publishedNow: false,
    });
    const [row] = await handle.db.select().from(articles).where(eq(articles.id, created.id));
    expect(row).toMatchObject({ title: "After", slug: "updated-slug", categoryId, excerpt: null, authorId: other!.id });
    expect(row!.contentHtml).toContain('<h3 id="small">Small</h3>');
    expect(row!.publishedAt!.toISOString()).toBe("2020-01-02T03:04:05.000Z");
    expect(row!.updatedAt.getTime()).toBeGreaterThan(new Date(editable!.version).getTime() - 1);
    expect((await getEditableArticle(created.id))!.version).not.toBe(editable!.version);
    expect(changes).toEqual([`article:${created.id}`]);
  });

  it("refuses an edit saved over a newer version (optimistic concurrency)", async () => {
    const created = await createArticle({
      userId: adminId,
      input: input({ slug: "contested", title: "Original" }),
    });
    if (created.status !== "saved") throw new Error("setup failed");
    const tabA = await getEditableArticle(created.id);
    const tabB = await getEditableArticle(created.id);
    const first = await updateArticle({
      id: created.id,
      userId: adminId,
      version: tabA!.version,
      input: input({ slug: "contested", title: "From A" }),
    });
    expect(first.status).toBe("saved");
    const second = await updateArticle({
      id: created.id,
      userId: adminId,
      version: tabB!.version,
      input: input({ slug: "contested", title: "From B" }),
    });
    expect(second).toEqual({ status: "conflict" });
    const [row] = await handle.db.select({ title: articles.title }).from(articles).where(eq(articles.id, created.id));
    expect(row!.title).toBe("From A");
    // Two saves racing on the same version: exactly one wins.
    const fresh = await getEditableArticle(created.id);
    const raced = await Promise.all(
      ["C", "D"].map((tab) =>
        updateArticle({
          id: created.id,
          userId: adminId,
          version: fresh!.version,
          input: input({ slug: "contested", title: `From ${tab}` }),
        }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual(["conflict", "saved"]);
  });

  it("reports an unknown article on update and delete", async () => {
    expect(
      await updateArticle({
        id: 2_000_000,
        userId: adminId,
        version: "2024-01-01T00:00:00.000000Z",
        input: input({ slug: "ghost" }),
      }),
    ).toEqual({ status: "not-found" });
    expect(await deleteArticle(2_000_000, { id: adminId })).toEqual({ status: "not-found" });
    expect(await getEditableArticle(2_000_000)).toBeNull();
  });

  it("deletes an article and announces it", async () => {
    const created = await createArticle({ userId: adminId, input: input({ slug: "short-lived" }) });
    if (created.status !== "saved") throw new Error("setup failed");
    changes.length = 0;
    expect(await deleteArticle(created.id, { id: adminId })).toEqual({ status: "deleted", slug: "short-lived" });
    expect(await getEditableArticle(created.id)).toBeNull();
    expect(changes).toEqual([`article:${created.id}`]);
  });

  it("lists the dashboard newest first with author (or none), total, pages and a literal title search", async () => {
    const page = await listDashboardArticles();
    const count = (await queryRows<{ count: number }>(handle.db, sql`select count(*)::int as count from articles`))[0]!
      .count;
    expect(page.total).toBe(count);
    const times = page.articles.map((a) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    await createArticle({
      userId: adminId,
      input: input({ slug: "percent-title", title: "100% Pure_CSS" }),
    });
    await handle.db.update(articles).set({ authorId: null }).where(eq(articles.slug, "percent-title"));
    const hit = await listDashboardArticles({ query: "  0% pure_ " });
    expect(hit.articles.map((a) => a.slug)).toEqual(["percent-title"]);
    expect(hit.articles[0]!.authorName).toBeNull();
    expect(hit.matching).toBe(1);
    expect(hit.total).toBe(count + 1);
    expect((await listDashboardArticles({ query: "%" })).matching).toBe(1);
    const none = await listDashboardArticles({ query: "zzzz-nothing" });
    expect(none).toMatchObject({ articles: [], total: count + 1, matching: 0, pageCount: 1 });
    const past = await listDashboardArticles({ page: 500 });
    expect(past.articles).toEqual([]);
    expect(past.total).toBe(count + 1);
  });

  it("paginates 50 a page over 10,000 synthetic articles, counting all, on the indexes", async () => {
    await handle.db.insert(authors).values({ name: "Synthetic Author" });
    await seedSyntheticArticles(10_000, { seed: 7 });
    // Written beside the application, so announced by hand (as any out-of-band writer must).
    await contentChanged("test: synthetic articles", EVERYTHING);
    await handle.db.execute(sql`analyze articles`);
    await handle.db.execute(sql`analyze authors`);
    await handle.db.execute(sql`analyze article_search`);
    const count = (await queryRows<{ count: number }>(handle.db, sql`select count(*)::int as count from articles`))[0]!
      .count;
    const first = await listDashboardArticles({ page: 1 });
    expect(first.articles).toHaveLength(DASHBOARD_PAGE_SIZE);
    expect(first.total).toBe(count);
    expect(first.pageCount).toBe(Math.ceil(count / DASHBOARD_PAGE_SIZE));
    const second = await listDashboardArticles({ page: 2 });
    expect(second.articles[0]!.id).not.toBe(first.articles[0]!.id);
    expect(new Set([...first.articles, ...second.articles].map((a) => a.id)).size).toBe(2 * DASHBOARD_PAGE_SIZE);

    // The dashboard's own statement walks indexes: newest-first pages use articles_published_idx,
    // the title search reads the narrow article_search table.
    const planText = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain ${query}`))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    const pagePlan = await planText(dashboardSql("", 3));
    expect(pagePlan).toContain("articles_published_idx");
    expect(pagePlan).not.toMatch(/Seq Scan on articles a\b/);
    const searchPlan = await planText(dashboardSql("closure", 1));
    // At 10,000 rows the planner may read the narrow table whole (~150 pages) rather than use
    // its trigram index; either way the matches are never read from the wide articles rows.
    expect(searchPlan).toMatch(
      /(Seq Scan on|article_search_title_trgm_idx)[\s\S]*article_search m\b|article_search m\b/,
    );
    expect(searchPlan).not.toMatch(/Scan on articles m\b|Scan on articles a\b[\s\S]*Filter: \(title/);

    // Timing (reported, not asserted: a timed unit test would be flaky on a busy machine).
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await listDashboardArticles({ page: 1 + (i % 5) * 40, query: i % 2 === 0 ? "" : "react" });
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    console.info(
      `[bench] dashboard on ${kind} with ${count} articles: median ${samples[15]!.toFixed(1)} ms, max ${samples[29]!.toFixed(1)} ms`,
    );
  }, 240_000);

  it("keeps the total between content changes, and recounts after one", async () => {
    const before = await listDashboardArticles();
    // A write behind the application's back is not seen until the next content change…
    await handle.db.execute(
      sql`insert into articles (title, slug, content, content_html) values ('Sneaky', 'sneaky-insert', 'x', '<p>x</p>')`,
    );
    expect((await listDashboardArticles()).total).toBe(before.total);
    // …while searches always count live.
    expect((await listDashboardArticles({ query: "Sneaky" })).matching).toBe(1);
    await contentChanged("test: sneaky insert", EVERYTHING);
    expect((await listDashboardArticles()).total).toBe(before.total + 1);
    // The application's own writes announce themselves.
    const created = await createArticle({ userId: adminId, input: input({ slug: "counted-at-once" }) });
    expect((await listDashboardArticles()).total).toBe(before.total + 2);
    if (created.status === "saved") await deleteArticle(created.id, { id: adminId });
    await handle.db.execute(sql`delete from articles where slug = 'sneaky-insert'`);
    await contentChanged("test: cleanup", EVERYTHING);
    expect((await listDashboardArticles()).total).toBe(before.total);
  });

  it("lists categories for the select by name", async () => {
    expect(await listCategoryOptions()).toEqual([{ id: categoryId, name: "JavaScript" }]);
  });
});

describe("the article form schema", () => {
  const parse = (values: Record<string, unknown>) =>
    ArticleSchema.safeParse({ title: "T", slug: "t", content: "Body", ...values });
  const messages = (values: Record<string, unknown>) => {
    const result = parse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("requires title, slug and content, with clear messages", () => {
    expect(messages({ title: undefined })).toEqual([ARTICLE_MESSAGES.titleRequired]);
    expect(messages({ title: "   " })).toEqual([ARTICLE_MESSAGES.titleRequired]);
    expect(messages({ slug: undefined })).toEqual([ARTICLE_MESSAGES.slugRequired]);
    expect(messages({ content: undefined })).toEqual([ARTICLE_MESSAGES.contentRequired]);
    expect(messages({ content: " \n " })).toEqual([ARTICLE_MESSAGES.contentRequired]);
  });

  it("limits lengths and the slug's shape", () => {
    expect(messages({ title: "x".repeat(201) })).toEqual([ARTICLE_MESSAGES.titleTooLong]);
    expect(messages({ slug: "a".repeat(81) })).toEqual([ARTICLE_MESSAGES.slugTooLong]);
    for (const slug of ["Upper", "two--hyphens", "-lead", "trail-", "under_score", "spa ce"]) {
      expect(messages({ slug }), slug).toEqual([ARTICLE_MESSAGES.slugShape]);
    }
    expect(messages({ content: "x".repeat(200_001) })).toEqual([ARTICLE_MESSAGES.contentTooLong]);
    expect(messages({ excerpt: "x".repeat(501) })).toEqual([ARTICLE_MESSAGES.excerptTooLong]);
  });

  it("accepts http(s) image URLs and site paths only", () => {
    for (const ok of ["https://example.com/a.png", "http://cdn.example/x", "/images/a.svg"])
      expect(isImageUrl(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example/x.png",
      "ftp://x/y",
      "images/a.png",
      "data:image/png;base64,AA",
      "/a b",
    ]) {
      expect(isImageUrl(bad), bad).toBe(false);
      expect(messages({ imageUrl: bad }), bad).toEqual([ARTICLE_MESSAGES.imageUrl]);
    }
  });

  it("takes the category as a positive integer and maps empty optional fields to null", () => {
    expect(messages({ categoryId: 1.5 })).toEqual([ARTICLE_MESSAGES.categoryInvalid]);
    expect(messages({ categoryId: -3 })).toEqual([ARTICLE_MESSAGES.categoryInvalid]);
    const parsed = parse({ categoryId: 4, excerpt: "", imageUrl: "" });
    expect(parsed.success).toBe(true);
    expect(toArticleInput(parsed.data!)).toEqual({
      title: "T",
      slug: "t",
      content: "Body",
      excerpt: null,
      imageUrl: null,
      canonicalUrl: null,
      categoryId: 4,
      featured: false,
      // The form's Tags and Series fields: none, written as such (issue 26).
      tags: [],
      seriesId: null,
    });
  });
});

describe("parseArticleId", () => {
  it("accepts only positive 32-bit integers", () => {
    expect(parseArticleId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "abc", "042", "99999999999", "2147483648", "", undefined]) {
      expect(parseArticleId(bad), String(bad)).toBeNull();
    }
  });
});
