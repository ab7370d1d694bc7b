/**
 * The editorial workflow on every database: drafts and scheduled articles appear nowhere public,
 * staged edits, autosave and its conflicts, revisions (thinning, compare, restore), preview
 * links, slug redirects and the scheduler (including two instances racing on PostgreSQL and an
 * instance dying mid-publish).
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { deleteArticle } from "~/articles/delete-article.server";
import { getEditableArticle } from "~/articles/admin-articles.server";
import { listDashboardArticles } from "~/articles/dashboard.server";
import {
  getArticleBySlug,
  getHomeArticles,
  listCarouselArticles,
  listCategoryArticles,
  listRecentArticles,
} from "~/articles/articles.server";
import {
  autosaveArticle,
  discardPendingChanges,
  getEditorState,
  restoreRevision,
  unpublishArticle,
} from "~/articles/pending-changes.server";
import { compareRevision, listRevisions } from "~/articles/revision-history.server";
import { REVISIONS_KEPT } from "~/articles/revisions.server";
import { createPreviewLink, resolvePreviewToken, revokePreviewLink } from "~/articles/preview-links.server";
import { findSlugRedirect } from "~/articles/slug-redirects.server";
import { publishDueArticles, publishDueOnce } from "~/articles/scheduler.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { type DatabaseHandle, openDatabase, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articleRevisions, articles, categories } from "~/db/schema";
import { feedArticles } from "~/discovery/feeds.server";
import { articleMarkdownResponse } from "~/discovery/markdown-source.server";
import { sitemapDocument } from "~/discovery/sitemap.server";
import { ARTICLE_MESSAGES, type ArticleInput } from "~/lib/article-schema";
import { searchArticles } from "~/search/search.server";
import { createPostgresDatabase, openTestDatabase, testDatabaseKinds } from "../support/databases";

const input = (slug: string, overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: `Zebrafish ${slug}`,
  slug,
  content: `## Zebrafish\n\nAll about zebrafish in ${slug}.\n`,
  excerpt: null,
  imageUrl: null,
  categoryId: null,
  featured: true,
  ...overrides,
});

const inAnHour = () => new Date(Date.now() + 3_600_000);

async function saved(promise: Promise<Awaited<ReturnType<typeof createArticle>>>) {
  const result = await promise;
  if (result.status !== "saved") throw new Error(`not saved: ${JSON.stringify(result)}`);
  return result;
}

describe.each(testDatabaseKinds())("editorial workflow on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;
  let categoryId: number;
  // PostgreSQL: the database's URL, so a test can open a second "instance" on it.
  let url = "";
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (kind === "postgres") {
      const created = await createPostgresDatabase();
      url = created.url;
      drop = created.drop;
      handle = await openDatabase({ url, poolSize: 4 });
      await handle.migrate();
    } else {
      handle = await openTestDatabase(kind);
    }
    setDatabaseHandle(handle);
    userId = (await createOrPromoteAdmin({ email: "ed@example.com", password: "secret12", fullName: "Ed Itor" }))
      .userId;
    const [category] = await handle.db
      .insert(categories)
      .values({ name: "Biology", slug: "biology", description: "" })
      .returning({ id: categories.id });
    categoryId = category!.id;
  });
  afterAll(async () => {
    await handle.close();
    await drop?.();
  });

  describe("drafts and scheduled articles appear nowhere public", () => {
    let draftSlug: string;
    let scheduledSlug: string;
    let liveSlug: string;

    beforeAll(async () => {
      liveSlug = (await saved(createArticle({ userId, input: input("live-fish", { categoryId }) }))).slug;
      draftSlug = (await saved(createArticle({ userId, input: input("draft-fish", { categoryId }), intent: "draft" })))
        .slug;
      const scheduled = await saved(
        createArticle({
          userId,
          input: input("later-fish", { categoryId }),
          intent: "schedule",
          scheduledAt: inAnHour(),
        }),
      );
      expect(scheduled.outcome).toBe("scheduled");
      scheduledSlug = scheduled.slug;
    });

    const hidden = (slugs: string[]) => {
      expect(slugs).toContain(liveSlug);
      expect(slugs).not.toContain(draftSlug);
      expect(slugs).not.toContain(scheduledSlug);
    };

    it("home, carousel, recent and category lists (and their counts)", async () => {
      const home = await getHomeArticles();
      hidden([...home.recent, ...home.featured].map((a) => a.slug));
      hidden(home.carousel.map((a) => a.slug));
      hidden((await listRecentArticles()).map((a) => a.slug));
      hidden((await listCarouselArticles()).map((a) => a.slug));
      const page = await listCategoryArticles(categoryId);
      hidden(page.articles.map((a) => a.slug));
      expect(page.total).toBe(page.articles.length);
      expect(page.articles.every((a) => a.slug.endsWith("fish"))).toBe(true);
      // Past the end, the count is of published articles too.
      expect((await listCategoryArticles(categoryId, 5)).total).toBe(page.total);
    });

    it("the article page and its markdown", async () => {
      expect(await getArticleBySlug(liveSlug)).not.toBeNull();
      expect(await getArticleBySlug(draftSlug)).toBeNull();
      expect(await getArticleBySlug(scheduledSlug)).toBeNull();
      const md = (slug: string) => articleMarkdownResponse(new Request(`http://x/post/${slug}.md`), slug);
      expect((await md(liveSlug)).status).toBe(200);
      expect((await md(draftSlug)).status).toBe(404);
      expect((await md(scheduledSlug)).status).toBe(404);
    });

    it("search (keyword, empty keyword, category filter) and its totals", async () => {
      const found = await searchArticles({ keyword: "zebrafish", pageSize: 100 });
      hidden(found.articles.map((a) => a.slug));
      expect(found.total).toBe(found.articles.length);
      hidden((await searchArticles({ keyword: "", pageSize: 100 })).articles.map((a) => a.slug));
      hidden(
        (await searchArticles({ keyword: "", categoryIds: [categoryId], pageSize: 100 })).articles.map((a) => a.slug),
      );
      // The typo fallback (titles) too.
      const typo = await searchArticles({ keyword: "zebrafsh", pageSize: 100 });
      expect(typo.articles.map((a) => a.slug)).not.toContain(draftSlug);
    });

    it("feeds (site and category), llms.txt's list and the sitemap", async () => {
      hidden((await feedArticles()).map((a) => a.slug));
      hidden((await feedArticles(categoryId)).map((a) => a.slug));
      const { xml } = await sitemapDocument();
      expect(xml).toContain(`/post/${liveSlug}<`);
      expect(xml).not.toContain(draftSlug);
      expect(xml).not.toContain(scheduledSlug);
    });

    it("the dashboard lists every status, filters by status, and leaves Published At empty for drafts", async () => {
      const all = await listDashboardArticles({ query: "fish" });
      const bySlug = new Map(all.articles.map((row) => [row.slug, row]));
      expect(bySlug.get(draftSlug)).toMatchObject({ status: "draft", publishedAt: null });
      expect(bySlug.get(scheduledSlug)).toMatchObject({ status: "scheduled", publishedAt: null });
      expect(bySlug.get(liveSlug)?.status).toBe("published");
      const drafts = await listDashboardArticles({ query: "fish", status: "draft" });
      expect(drafts.articles.map((row) => row.slug)).toEqual([draftSlug]);
      expect(drafts.matching).toBe(1);
      const scheduled = await listDashboardArticles({ status: "scheduled" });
      expect(scheduled.articles.map((row) => row.slug)).toContain(scheduledSlug);
      expect(scheduled.articles.every((row) => row.status === "scheduled")).toBe(true);
    });
  });

  it("a schedule time in the past publishes now and says so", async () => {
    const result = await saved(
      createArticle({
        userId,
        input: input("past-fish"),
        intent: "schedule",
        scheduledAt: new Date(Date.now() - 60_000),
      }),
    );
    expect(result).toMatchObject({ outcome: "published", publishedNow: true });
    expect(await getArticleBySlug("past-fish")).not.toBeNull();
  });

  it("staged edits: Save draft on a published article is pending; Update Article makes it live; discard drops it", async () => {
    const { id } = await saved(createArticle({ userId, input: input("staged-fish") }));
    let state = (await getEditorState(id))!;
    const staged = await saved(
      updateArticle({
        id,
        userId,
        version: state.version,
        input: input("staged-fish", { title: "Staged title" }),
        intent: "draft",
      }),
    );
    expect(staged.outcome).toBe("staged");
    expect((await getArticleBySlug("staged-fish"))!.title).toBe("Zebrafish staged-fish");
    state = (await getEditorState(id))!;
    expect(state.status).toBe("published");
    expect(state.pending).not.toBeNull();
    expect(state.fields.title).toBe("Staged title");
    expect(state.saved.title).toBe("Zebrafish staged-fish");

    // Discard: the live version is what the editor shows again; the revision stays.
    const discarded = await discardPendingChanges({ id, version: state.version, userId });
    expect(discarded.status).toBe("saved");
    state = (await getEditorState(id))!;
    expect(state.pending).toBeNull();
    expect(state.fields.title).toBe("Zebrafish staged-fish");
    expect((await listRevisions(id)).map((r) => r.reason)).toEqual(["saved", "created"]);

    // Update Article: live.
    await saved(
      updateArticle({ id, userId, version: state.version, input: input("staged-fish", { title: "Live title" }) }),
    );
    expect((await getArticleBySlug("staged-fish"))!.title).toBe("Live title");
    expect((await getEditorState(id))!.pending).toBeNull();
  });

  it("autosave: a pending revision that never publishes; an old version is a conflict; a deleted article is not found", async () => {
    const { id } = await saved(createArticle({ userId, input: input("auto-fish") }));
    const before = (await getEditableArticle(id))!;
    const result = await autosaveArticle({
      id,
      userId,
      version: before.version,
      fields: { ...input("auto-fish"), content: "Typed so far" },
    });
    expect(result.status).toBe("saved");
    expect((await getArticleBySlug("auto-fish"))!.contentHtml).toContain("All about zebrafish");
    const state = (await getEditorState(id))!;
    expect(state.fields.content).toBe("Typed so far");
    expect(state.pending?.reason).toBe("autosaved");
    // A second tab still on the old version: refused, nothing overwritten.
    const stale = await autosaveArticle({ id, userId, version: before.version, fields: input("auto-fish") });
    expect(stale.status).toBe("conflict");
    const staleSave = await updateArticle({ id, userId, version: before.version, input: input("auto-fish") });
    expect(staleSave.status).toBe("conflict");
    expect((await getEditorState(id))!.fields.content).toBe("Typed so far");
    await deleteArticle(id, { id: userId });
    const gone = await autosaveArticle({ id, userId, version: state.version, fields: input("auto-fish") });
    expect(gone.status).toBe("not-found");
  });

  it("unpublish: back to draft, gone from public pages, Published At emptied", async () => {
    const { id } = await saved(createArticle({ userId, input: input("unpub-fish") }));
    const { version } = (await getEditorState(id))!;
    expect((await unpublishArticle({ id, userId, version })).status).toBe("saved");
    const state = (await getEditorState(id))!;
    expect(state).toMatchObject({ status: "draft", publishedAt: null });
    expect(await getArticleBySlug("unpub-fish")).toBeNull();
    expect((await listRevisions(id))[0]?.reason).toBe("unpublished");
  });

  it("revisions: who, when, why; compare shows a line diff and changed fields; restore adds a revision", async () => {
    const { id } = await saved(createArticle({ userId, input: input("rev-fish", { content: "one\ntwo\nthree\n" }) }));
    let state = (await getEditorState(id))!;
    await saved(
      updateArticle({
        id,
        userId,
        version: state.version,
        input: input("rev-fish", { title: "New", content: "one\n2\nthree\n" }),
      }),
    );
    const revisions = await listRevisions(id);
    expect(revisions.map((r) => r.reason)).toEqual(["saved", "created"]);
    expect(revisions[0]).toMatchObject({ authorName: "Ed Itor" });
    const first = revisions[1]!;
    const comparison = (await compareRevision(id, first.id))!;
    expect(comparison.changed).toEqual(["title", "content"]);
    expect(comparison.diff).toEqual([
      { kind: "same", text: "one\n" },
      { kind: "removed", text: "two\n" },
      { kind: "added", text: "2\n" },
      { kind: "same", text: "three\n" },
    ]);
    expect(await compareRevision(id + 1000, first.id)).toBeNull();

    const restored = await restoreRevision({ id, revisionId: first.id, userId });
    expect(restored.status).toBe("saved");
    state = (await getEditorState(id))!;
    expect(state.fields.content).toBe("one\ntwo\nthree\n");
    expect(state.pending?.reason).toBe("restored");
    // Still live as it was until Update Article.
    expect((await getArticleBySlug("rev-fish"))!.title).toBe("New");
    expect((await listRevisions(id)).map((r) => r.reason)).toEqual(["restored", "saved", "created"]);
  });

  it(`keeps at least the last ${REVISIONS_KEPT} revisions, thinning autosaves first`, async () => {
    const { id } = await saved(createArticle({ userId, input: input("many-fish") }));
    let { version } = (await getEditorState(id))!;
    for (let n = 0; n < 5; n++) {
      const result = await updateArticle({ id, userId, version, input: input("many-fish", { content: `save ${n}` }) });
      expect(result.status).toBe("saved");
      version = (await getEditorState(id))!.version;
    }
    for (let n = 0; n < REVISIONS_KEPT + 10; n++) {
      const result = await autosaveArticle({
        id,
        userId,
        version,
        fields: input("many-fish", { content: `auto ${n}` }),
      });
      if (result.status !== "saved") throw new Error(result.status);
      version = result.version;
    }
    const revisions = await listRevisions(id);
    const reasons = revisions.map((r) => r.reason);
    expect(revisions.length).toBeGreaterThanOrEqual(REVISIONS_KEPT);
    // Every non-autosave is kept; autosaves beyond the newest 50 are gone.
    expect(reasons.filter((r) => r !== "autosaved")).toEqual(["saved", "saved", "saved", "saved", "saved", "created"]);
    expect(revisions.slice(0, REVISIONS_KEPT).every((r) => r.reason === "autosaved")).toBe(true);
    expect(revisions.length).toBe(REVISIONS_KEPT + 6);
    expect(revisions[0]?.pending).toBe(true);
  });

  it("preview links: work for a draft, show pending changes, 'live' once published, nothing when revoked", async () => {
    const { id } = await saved(createArticle({ userId, input: input("peek-fish"), intent: "draft" }));
    const token = (await createPreviewLink(id))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resolvePreviewToken(token)).toMatchObject({ kind: "preview", articleId: id });
    expect(await resolvePreviewToken("x".repeat(43))).toBeNull();
    let state = (await getEditorState(id))!;
    await saved(updateArticle({ id, userId, version: state.version, input: input("peek-fish") }));
    expect(await resolvePreviewToken(token)).toEqual({ kind: "live", slug: "peek-fish" });
    // Pending changes of a published article are previewable.
    state = (await getEditorState(id))!;
    await autosaveArticle({
      id,
      userId,
      version: state.version,
      fields: input("peek-fish", { title: "Peek pending" }),
    });
    const pending = await resolvePreviewToken(token);
    expect(pending?.kind === "preview" && pending.fields.title).toBe("Peek pending");
    const [link] = await handle.db
      .execute(sql`select id from preview_links where article_id = ${id}`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    expect(await revokePreviewLink(id, link!.id)).toBe(true);
    expect(await resolvePreviewToken(token)).toBeNull();
  });

  it("slugs: a published article's old slug redirects; a new article cannot take it; a draft's does not", async () => {
    const { id } = await saved(createArticle({ userId, input: input("old-fish") }));
    let state = (await getEditorState(id))!;
    await saved(updateArticle({ id, userId, version: state.version, input: input("new-fish") }));
    expect(await findSlugRedirect("old-fish")).toBe("new-fish");
    const taken = await createArticle({ userId, input: input("old-fish") });
    expect(taken).toEqual({ status: "invalid", fieldErrors: { slug: [ARTICLE_MESSAGES.slugRedirects] } });
    // Moving twice keeps both old slugs pointing at the current one; moving back frees it.
    state = (await getEditorState(id))!;
    await saved(updateArticle({ id, userId, version: state.version, input: input("newest-fish") }));
    expect(await findSlugRedirect("old-fish")).toBe("newest-fish");
    expect(await findSlugRedirect("new-fish")).toBe("newest-fish");
    state = (await getEditorState(id))!;
    await saved(updateArticle({ id, userId, version: state.version, input: input("old-fish") }));
    expect(await findSlugRedirect("old-fish")).toBeNull();
    expect(await findSlugRedirect("newest-fish")).toBe("old-fish");
    // A draft renamed leaves no redirect (it was never public).
    const draft = await saved(createArticle({ userId, input: input("draft-name"), intent: "draft" }));
    state = (await getEditorState(draft.id))!;
    await saved(
      updateArticle({ id: draft.id, userId, version: state.version, input: input("draft-renamed"), intent: "draft" }),
    );
    expect(await findSlugRedirect("draft-name")).toBeNull();
  });

  it("a published article cannot be scheduled (unpublish first)", async () => {
    const { id } = await saved(createArticle({ userId, input: input("sched-live") }));
    const state = (await getEditorState(id))!;
    const result = await updateArticle({
      id,
      userId,
      version: state.version,
      input: input("sched-live"),
      intent: "schedule",
      scheduledAt: inAnHour(),
    });
    expect(result).toEqual({ status: "invalid", fieldErrors: { scheduledAt: [ARTICLE_MESSAGES.scheduleLive] } });
  });

  describe("the scheduler", () => {
    async function scheduleDue(slug: string) {
      const { id } = await saved(
        createArticle({ userId, input: input(slug), intent: "schedule", scheduledAt: inAnHour() }),
      );
      await handle.db
        .update(articles)
        .set({ scheduledAt: sql`now() - interval '1 second'` })
        .where(eq(articles.id, id));
      return id;
    }

    it("publishes due articles once, with a 'published' revision, and leaves future ones", async () => {
      const due = await scheduleDue("due-fish");
      const future = await saved(
        createArticle({ userId, input: input("future-fish"), intent: "schedule", scheduledAt: inAnHour() }),
      );
      const published = await publishDueArticles();
      expect(published).toContain(due);
      expect(published).not.toContain(future.id);
      expect(await getArticleBySlug("due-fish")).not.toBeNull();
      expect(await getArticleBySlug("future-fish")).toBeNull();
      expect((await listRevisions(due))[0]).toMatchObject({ reason: "published", authorName: null });
      expect(await publishDueArticles()).toEqual([]);
    });

    it("a failure is kept as publish_error (on the dashboard) and the article stays unpublished", async () => {
      const id = await scheduleDue("fail-fish");
      vi.mocked(console.error).mockImplementationOnce(() => {});
      const published = await publishDueArticles({
        beforePublish: (articleId) => {
          if (articleId === id) throw new Error("The category vanished");
        },
      });
      expect(published).not.toContain(id);
      const state = (await getEditorState(id))!;
      expect(state).toMatchObject({ status: "scheduled", publishError: "The category vanished" });
      const row = (await listDashboardArticles({ query: "fail-fish" })).articles[0];
      expect(row).toMatchObject({ status: "scheduled", publishError: "The category vanished" });
      expect(await getArticleBySlug("fail-fish")).toBeNull();
      // Saving it again (rescheduling) clears the error.
      await saved(
        updateArticle({
          id,
          userId,
          version: state.version,
          input: input("fail-fish"),
          intent: "schedule",
          scheduledAt: inAnHour(),
        }),
      );
      expect((await getEditorState(id))!.publishError).toBeNull();
    });
  });

  it.runIf(kind === "postgres")(
    "two instances racing for the same due rows publish each article exactly once",
    async () => {
      const ids: number[] = [];
      for (let n = 0; n < 30; n++) {
        const { id } = await saved(
          createArticle({ userId, input: input(`race-${n}`), intent: "schedule", scheduledAt: inAnHour() }),
        );
        ids.push(id);
      }
      await handle.db
        .update(articles)
        .set({ scheduledAt: sql`now() - interval '1 second'` })
        .where(sql`${articles.slug} like 'race-%'`);
      // A second "instance": its own pool on the same database.
      const other = await openDatabase({ url, poolSize: 4 });
      try {
        const slow = { beforePublish: () => new Promise<void>((resolve) => setTimeout(resolve, 5)) };
        const [a, b] = await Promise.all([
          (async () => [...(await publishDueOnce(handle.db, slow)), ...(await publishDueOnce(handle.db, slow))])(),
          (async () => [...(await publishDueOnce(other.db, slow)), ...(await publishDueOnce(other.db, slow))])(),
        ]);
        const all = [...a, ...b].filter((id) => ids.includes(id));
        expect(new Set(all).size).toBe(all.length);
        expect(all.sort((x, y) => x - y)).toEqual(ids);
        // Both instances did some of the work (SKIP LOCKED let the second take other rows).
        expect(a.length > 0 && b.length > 0).toBe(true);
        const counts = await queryRows<{ article_id: number; n: number }>(
          handle.db,
          sql`select article_id, count(*)::int as n from article_revisions
            where reason = 'published' and article_id in ${sql.raw(`(${ids.join(",")})`)} group by article_id`,
        );
        expect(counts).toHaveLength(ids.length);
        expect(counts.every((row) => row.n === 1)).toBe(true);
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(kind === "postgres")(
    "an instance killed mid-publish: rolled back, then published once by another",
    async () => {
      const { id } = await saved(
        createArticle({ userId, input: input("crash-fish"), intent: "schedule", scheduledAt: inAnHour() }),
      );
      await handle.db
        .update(articles)
        .set({ scheduledAt: sql`now() - interval '1 second'` })
        .where(eq(articles.id, id));
      // The dying instance: claims the row, publishes it inside its transaction, and dies.
      const dying = new pg.Client({ connectionString: url });
      await dying.connect();
      dying.on("error", () => {});
      await dying.query("begin");
      const claimed = await dying.query(
        "select id from articles where status = 'scheduled' and scheduled_at <= now() and id = $1 for update skip locked",
        [id],
      );
      expect(claimed.rowCount).toBe(1);
      await dying.query("update articles set status = 'published', published_at = now() where id = $1", [id]);
      // Meanwhile the other instance skips the locked row.
      expect(await publishDueArticles()).not.toContain(id);
      const killer = new pg.Client({ connectionString: url });
      await killer.connect();
      const pid = (await dying.query("select pg_backend_pid() as pid")).rows[0].pid;
      await killer.query("select pg_terminate_backend($1)", [pid]);
      await killer.end();
      await dying.end().catch(() => {});
      // Rolled back: still scheduled, and published exactly once by the survivor.
      expect((await getEditorState(id))!.status).toBe("scheduled");
      expect(await publishDueArticles()).toEqual([id]);
      expect(await publishDueArticles()).toEqual([]);
      const published = await handle.db
        .select({ id: articleRevisions.id })
        .from(articleRevisions)
        .where(sql`${articleRevisions.articleId} = ${id} and ${articleRevisions.reason} = 'published'`);
      expect(published).toHaveLength(1);
    },
  );
});

describe("the scheduler publishes what fell due while no instance ran (a fresh start)", () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("on PostgreSQL, across a restart", async () => {
    const created = await createPostgresDatabase();
    try {
      const first = await openDatabase({ url: created.url, poolSize: 2 });
      await first.migrate();
      setDatabaseHandle(first);
      const userId = (await createOrPromoteAdmin({ email: "a@example.com", password: "secret12", fullName: "A" }))
        .userId;
      const made = await saved(
        createArticle({ userId, input: input("down-fish"), intent: "schedule", scheduledAt: inAnHour() }),
      );
      await first.db
        .update(articles)
        .set({ scheduledAt: sql`now() - interval '1 minute'` })
        .where(eq(articles.id, made.id));
      await first.close();
      // The next instance starts: its first tick publishes it.
      const second = await openDatabase({ url: created.url, poolSize: 2 });
      setDatabaseHandle(second);
      expect(await publishDueArticles()).toEqual([made.id]);
      expect(await getArticleBySlug("down-fish")).not.toBeNull();
      await second.close();
    } finally {
      await created.drop();
    }
  });
});
