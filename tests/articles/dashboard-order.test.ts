/**
 * The dashboard's "All" view (issue 26, item 9): drafts and scheduled articles first, newest
 * first, then published ones, newest published first; pages and counts as before, on the indexes.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_PAGE_SIZE, dashboardSql, listDashboardArticles } from "~/articles/dashboard.server";
import { createArticle } from "~/articles/save-article.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { contentChanged, EVERYTHING } from "~/cache/content-events.server";
import { type Database, type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { categories } from "~/db/schema";
import type { ArticleInput } from "~/lib/article-schema";
import { seedSyntheticArticles } from "~/seed/seed.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const input = (slug: string): ArticleInput => ({
  title: `Article ${slug}`,
  slug,
  content: "Some text.",
  excerpt: "",
  imageUrl: null,
  categoryId: null,
  featured: false,
});

describe.each(testDatabaseKinds())("the dashboard's order on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    userId = (await createOrPromoteAdmin({ email: "order@example.com", password: "secret12", fullName: "Or Der" }))
      .userId;
    await handle.db.insert(categories).values({ name: "Order", slug: "order" });
  });

  afterAll(async () => {
    await handle.close();
  });

  async function create(slug: string, intent: "publish" | "draft" | "schedule") {
    const result = await createArticle({
      userId,
      input: input(slug),
      intent,
      scheduledAt: intent === "schedule" ? new Date(Date.now() + 86_400_000) : null,
    });
    if (result.status !== "saved") throw new Error(`setup failed: ${result.status}`);
    return result.id;
  }

  it("lists drafts and scheduled articles first (newest first), then published ones (newest first)", async () => {
    const published1 = await create("published-one", "publish");
    const draft1 = await create("draft-one", "draft");
    const published2 = await create("published-two", "publish");
    const scheduled = await create("scheduled-one", "schedule");
    const draft2 = await create("draft-two", "draft");
    // The older published article was published last: published order follows published_at.
    await handle.db.execute(
      sql`update articles set published_at = now() + interval '1 minute' where id = ${published1}`,
    );
    await contentChanged("test", EVERYTHING);

    const page = await listDashboardArticles();
    expect(page.articles.map((article) => article.id)).toEqual([draft2, scheduled, draft1, published1, published2]);
    expect(page).toMatchObject({ total: 5, matching: 5, pageCount: 1 });
    // A title search keeps the same order; the status filters keep theirs.
    const search = await listDashboardArticles({ query: "article" });
    expect(search.articles.map((article) => article.id)).toEqual([draft2, scheduled, draft1, published1, published2]);
    expect((await listDashboardArticles({ status: "draft" })).articles.map((a) => a.id)).toEqual([draft2, draft1]);
    expect((await listDashboardArticles({ status: "published" })).articles.map((a) => a.id)).toEqual([
      published1,
      published2,
    ]);
  });

  it("pages straddle the unpublished and published rows without losing or repeating one, on the index", async () => {
    await seedSyntheticArticles(2 * DASHBOARD_PAGE_SIZE + 7, { seed: 11 });
    const drafts: number[] = [];
    for (let n = 0; n < DASHBOARD_PAGE_SIZE + 3; n++) drafts.push(await create(`late-draft-${n}`, "draft"));
    await contentChanged("test", EVERYTHING);
    await handle.db.execute(sql`analyze articles`);
    const all = await queryRows<{ id: number; published: boolean }>(
      handle.db,
      sql`select id, published_at is not null as published from articles order by published_at desc nulls first, id desc`,
    );
    const first = await listDashboardArticles({ page: 1 });
    const pages = [first];
    for (let page = 2; page <= first.pageCount; page++) pages.push(await listDashboardArticles({ page }));
    const listed = pages.flatMap((page) => page.articles.map((article) => article.id));
    expect(listed).toEqual(all.map((row) => row.id));
    expect(first.total).toBe(all.length);
    expect(first.pageCount).toBe(Math.ceil(all.length / DASHBOARD_PAGE_SIZE));
    // Every draft comes before every published article.
    const lastDraft = Math.max(...drafts.map((id) => listed.indexOf(id)));
    const published = new Set(all.filter((row) => row.published).map((row) => row.id));
    const firstPublished = listed.findIndex((id) => published.has(id));
    expect(lastDraft).toBeLessThan(firstPublished);

    // On a table this small the planner would rather scan; with scans and sorts that need no index
    // off, each of the two ranges is walked in the index's order (only the page's merge sorts).
    await handle.db.execute(sql`vacuum analyze articles`);
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const rows = await queryRows<{ "QUERY PLAN": string }>(
        tx as unknown as Database,
        sql`explain ${dashboardSql("", 2)}`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan.match(/Index (Only )?Scan using articles_published_idx on articles a_\d/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Sort Key: a_\d\.published_at DESC NULLS LAST/);
  });
});
