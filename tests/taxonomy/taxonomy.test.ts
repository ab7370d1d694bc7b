/**
 * Series and tags (issue 26), on both databases: an article's tags and series are written by its
 * save, read by the pages in one query per list, renamed, merged and reordered consistently, and
 * every write announces the pages it changes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getArticleBySlug, listRecentArticles } from "~/articles/articles.server";
import { deleteArticle } from "~/articles/delete-article.server";
import { getEditorState } from "~/articles/pending-changes.server";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { onContentChanged } from "~/cache/content-events.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { articles, articleTags, seriesParts, tags as tagTable } from "~/db/schema";
import { feedArticles } from "~/discovery/feeds.server";
import { sitemapDocument } from "~/discovery/sitemap.server";
import type { ArticleInput } from "~/lib/article-schema";
import { ARTICLE_MESSAGES } from "~/lib/article-schema";
import { TAG_ADMIN_MESSAGES } from "~/lib/taxonomy-schemas";
import { setMailer } from "~/mail/mailer.server";
import { searchArticles } from "~/search/search.server";
import { resetSiteSettingsForTests } from "~/settings/settings.server";
import {
  createSeries,
  deleteSeries,
  getAdminSeries,
  moveSeriesPart,
  reorderSeries,
  updateSeries,
} from "~/taxonomy/series-admin.server";
import { findSeries, listSeriesParts, seriesNavFor } from "~/taxonomy/series.server";
import { mergeTag, renameTag } from "~/taxonomy/tag-admin.server";
import { findTag, findTagRedirect, listTagArticles, popularTags } from "~/taxonomy/tags.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("series and tags (%s)", (kind) => {
  let handle: DatabaseHandle;
  let admin: { id: number; fullName: string };
  const changes: Array<readonly string[] | null> = [];
  const announced = () => new Set(changes.flatMap((tags) => tags ?? ["EVERYTHING"]));

  function input(slug: string, extra: Partial<ArticleInput> = {}): ArticleInput {
    return {
      title: slug.replace(/-/g, " "),
      slug,
      content: `Body of ${slug}.\n`,
      excerpt: null,
      imageUrl: null,
      categoryId: null,
      featured: false,
      ...extra,
    };
  }

  async function article(slug: string, extra: Partial<ArticleInput> = {}, intent: "publish" | "draft" = "publish") {
    const saved = await createArticle({ userId: admin.id, input: input(slug, extra), intent });
    if (saved.status !== "saved") throw new Error(JSON.stringify(saved));
    return saved.id;
  }

  async function version(id: number) {
    return (await getEditorState(id))!.version;
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    resetSiteSettingsForTests();
    setMailer({ send: async () => undefined });
    const created = await createOrPromoteAdmin({
      email: `tax-${kind}@example.com`,
      password: "secret12",
      fullName: "Tess",
    });
    admin = { id: created.userId, fullName: "Tess" };
    onContentChanged((_reason, tags) => changes.push(tags));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("writes normalised tags with the article, in order, one tag per spelling", async () => {
    const id = await article("tagged-one", { tags: ["React", "react ", "#Testing"] });
    const detail = await getArticleBySlug("tagged-one");
    expect(detail?.tags).toEqual([
      { name: "React", slug: "react" },
      { name: "Testing", slug: "testing" },
    ]);
    await article("tagged-two", { tags: ["#react", "Hooks"] });
    const rows = await handle.db.select().from(tagTable).where(eq(tagTable.slug, "react"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("React");
    const state = await getEditorState(id);
    expect(state?.fields.tags).toEqual(["React", "Testing"]);
    expect(state?.fields.seriesId).toBeNull();
  });

  it("gives every card of a list its tags", async () => {
    const cards = await listRecentArticles(10);
    const one = cards.find((card) => card.slug === "tagged-one");
    expect(one?.tags?.map((tag) => tag.slug)).toEqual(["react", "testing"]);
    const two = cards.find((card) => card.slug === "tagged-two");
    expect(two?.tags?.map((tag) => tag.slug)).toEqual(["react", "hooks"]);
  });

  it("lists a tag's published articles, newest first, with the one pagination rule's numbers", async () => {
    await article("tagged-draft", { tags: ["react"] }, "draft");
    const react = await findTag("React");
    expect(react?.slug).toBe("react");
    const page = await listTagArticles(react!.id, 1, 1);
    expect(page.total).toBe(2);
    expect(page.pageCount).toBe(2);
    expect(page.articles.map((card) => card.slug)).toEqual(["tagged-two"]);
    expect((await listTagArticles(react!.id, 5, 1)).total).toBe(2);
    expect((await popularTags()).find((tag) => tag.slug === "react")?.count).toBe(2);
  });

  it("keeps the popular tags between searches, until a write changes what is published", async () => {
    const kept = await popularTags();
    // A second read is the kept list (the aggregate is not run again)...
    expect(await popularTags()).toBe(kept);
    const count = kept.find((tag) => tag.slug === "react")?.count ?? 0;
    // ...until a write announces a change: publishing one more React article counts at once.
    const id = await article("tagged-popular", { tags: ["React"] });
    const after = await popularTags();
    expect(after).not.toBe(kept);
    expect(after.find((tag) => tag.slug === "react")?.count).toBe(count + 1);
    await deleteArticle(id, { id: admin.id });
    expect((await popularTags()).find((tag) => tag.slug === "react")?.count).toBe(count);
  });

  it("filters search by tags (any of them, repeatable), with and without a keyword", async () => {
    const react = await findTag("react");
    const hooks = await findTag("hooks");
    const all = await searchArticles({ keyword: "", tagIds: [react!.id] });
    expect(all.articles.map((card) => card.slug).sort()).toEqual(["tagged-one", "tagged-two"]);
    expect(all.articles[0]?.tags?.length).toBeGreaterThan(0);
    const either = await searchArticles({ keyword: "body", tagIds: [hooks!.id] });
    expect(either.articles.map((card) => card.slug)).toEqual(["tagged-two"]);
    const none = await searchArticles({ keyword: "", tagIds: [hooks!.id], categoryIds: [999_999] });
    expect(none.total).toBe(0);
  });

  it("refuses more than 5 tags only in the form; a save keeps at most 5", async () => {
    await article("six-tags", { tags: ["a1", "b2", "c3", "d4", "e5", "f6"] });
    const rows = await handle.db
      .select({ n: articleTags.tagId })
      .from(articleTags)
      .innerJoin(articles, eq(articles.id, articleTags.articleId))
      .where(eq(articles.slug, "six-tags"));
    expect(rows).toHaveLength(5);
  });

  it("puts tags in the sitemap and feeds filtered by tag", async () => {
    const { xml } = await sitemapDocument();
    expect(xml).toContain("/tag/react</loc>");
    expect(xml).not.toContain("/tag/f6</loc>");
    const react = await findTag("react");
    const items = await feedArticles({ tagId: react!.id });
    expect(items.map((item) => item.slug).sort()).toEqual(["tagged-one", "tagged-two"]);
  });

  it("renames a tag: the old slug redirects, typing the old name gets the tag, pages are announced", async () => {
    const hooks = await findTag("hooks");
    changes.length = 0;
    const renamed = await renameTag(admin, hooks!.id, "React Hooks");
    expect(renamed.status).toBe("saved");
    expect(await findTagRedirect("hooks")).toBe("react-hooks");
    const seen = announced();
    expect(seen).toContain("tag:hooks");
    expect(seen).toContain("tag:react-hooks");
    expect(seen).toContain("post:tagged-two");
    expect(seen).toContain("lists");
    // An editor typing the old name gets the renamed tag, not a new one.
    await article("typed-old-name", { tags: ["hooks"] });
    expect((await getArticleBySlug("typed-old-name"))?.tags).toEqual([{ name: "React Hooks", slug: "react-hooks" }]);
    // A name another tag has is refused (merge instead).
    const react = await findTag("react");
    expect(await renameTag(admin, react!.id, "react hooks")).toEqual({
      status: "invalid",
      fieldErrors: { name: [TAG_ADMIN_MESSAGES.nameTaken] },
    });
  });

  it("merges a tag into another: articles move (once), addresses redirect, the tag is gone", async () => {
    await article("both-tags", { tags: ["js", "javascript"] });
    await article("only-js", { tags: ["JS"] });
    const js = await findTag("js");
    const merged = await mergeTag(admin, js!.id, "JavaScript");
    expect(merged.status).toBe("saved");
    expect(await findTag("js")).toBeNull();
    expect(await findTagRedirect("js")).toBe("javascript");
    expect((await getArticleBySlug("both-tags"))?.tags.map((tag) => tag.slug)).toEqual(["javascript"]);
    expect((await getArticleBySlug("only-js"))?.tags.map((tag) => tag.slug)).toEqual(["javascript"]);
    expect(await mergeTag(admin, (await findTag("javascript"))!.id, "javascript")).toEqual({
      status: "invalid",
      fieldErrors: { into: [TAG_ADMIN_MESSAGES.mergeSelf] },
    });
  });

  it("numbers a series' parts among the published ones, with previous and next", async () => {
    const created = await createSeries(admin, {
      name: "Rust from Scratch",
      slug: "rust-from-scratch",
      description: "",
    });
    if (created.status !== "saved") throw new Error(JSON.stringify(created));
    const seriesId = created.series.id;
    const one = await article("rust-1", { seriesId });
    const draft = await article("rust-draft", { seriesId }, "draft");
    const two = await article("rust-2", { seriesId });
    const three = await article("rust-3", { seriesId });
    expect((await listSeriesParts(seriesId, { staff: true })).map((p) => [p.slug, p.part])).toEqual([
      ["rust-1", 1],
      ["rust-draft", null],
      ["rust-2", 2],
      ["rust-3", 3],
    ]);
    expect((await listSeriesParts(seriesId, { staff: false })).map((p) => p.slug)).toEqual([
      "rust-1",
      "rust-2",
      "rust-3",
    ]);
    const nav = await seriesNavFor(two);
    expect(nav).toMatchObject({
      name: "Rust from Scratch",
      slug: "rust-from-scratch",
      part: 2,
      of: 3,
      previous: { slug: "rust-1" },
      next: { slug: "rust-3" },
    });
    expect((await seriesNavFor(one))?.previous).toBeNull();
    expect((await seriesNavFor(three))?.next).toBeNull();
    expect(await seriesNavFor(draft)).toBeNull();
    const items = await feedArticles({ seriesId });
    expect(items.map((item) => item.slug).sort()).toEqual(["rust-1", "rust-2", "rust-3"]);
  });

  it("announces the other parts' pages when a part is published", async () => {
    const series = await findSeries("rust-from-scratch");
    const draft = (await getAdminSeries(series!.id))!.parts.find((p) => p.slug === "rust-draft")!;
    changes.length = 0;
    const saved = await updateArticle({
      id: draft.id,
      userId: admin.id,
      version: await version(draft.id),
      input: input("rust-draft", { seriesId: series!.id }),
      intent: "publish",
    });
    expect(saved.status).toBe("saved");
    const seen = announced();
    for (const tag of ["series:rust-from-scratch", "post:rust-1", "post:rust-2", "post:rust-3", "post:rust-draft"])
      expect(seen).toContain(tag);
    expect((await seriesNavFor((await getArticleBySlug("rust-3"))!.id))?.of).toBe(4);
  });

  it("moves parts up and down and takes a whole new order, positions always 1..n", async () => {
    const series = await findSeries("rust-from-scratch");
    const id = series!.id;
    const order = async () => (await getAdminSeries(id))!.parts.map((p) => p.slug);
    const parts = (await getAdminSeries(id))!.parts;
    const idOf = (slug: string) => parts.find((p) => p.slug === slug)!.id;
    expect(await order()).toEqual(["rust-1", "rust-draft", "rust-2", "rust-3"]);
    expect(await moveSeriesPart(admin, id, idOf("rust-draft"), "down")).toBe("moved");
    expect(await order()).toEqual(["rust-1", "rust-2", "rust-draft", "rust-3"]);
    expect(await moveSeriesPart(admin, id, idOf("rust-1"), "up")).toBe("unchanged");
    expect(await reorderSeries(admin, id, [idOf("rust-3"), idOf("rust-1"), 999_999])).toBe("moved");
    expect(await order()).toEqual(["rust-3", "rust-1", "rust-2", "rust-draft"]);
    const positions = await handle.db
      .select({ position: seriesParts.position })
      .from(seriesParts)
      .where(eq(seriesParts.seriesId, id))
      .orderBy(seriesParts.position);
    expect(positions.map((row) => row.position)).toEqual([1, 2, 3, 4]);
  });

  it("leaves one consistent order under concurrent moves and joins", async () => {
    const created = await createSeries(admin, { name: "Race", slug: "race", description: "" });
    if (created.status !== "saved") throw new Error(JSON.stringify(created));
    const id = created.series.id;
    const ids = await Promise.all(
      ["race-a", "race-b", "race-c", "race-d"].map((slug) => article(slug, { seriesId: id })),
    );
    await Promise.all([
      moveSeriesPart(admin, id, ids[3]!, "up"),
      moveSeriesPart(admin, id, ids[0]!, "down"),
      reorderSeries(admin, id, [ids[2]!, ids[1]!]),
      article("race-e", { seriesId: id }),
      moveSeriesPart(admin, id, ids[1]!, "up"),
    ]);
    const rows = await handle.db
      .select({ position: seriesParts.position })
      .from(seriesParts)
      .where(eq(seriesParts.seriesId, id));
    expect(rows.map((row) => row.position).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses a series that does not exist as the field's error, and takes a part out", async () => {
    const refused = await createArticle({ userId: admin.id, input: input("no-series", { seriesId: 999_999 }) });
    expect(refused).toEqual({ status: "invalid", fieldErrors: { seriesId: [ARTICLE_MESSAGES.seriesInvalid] } });
    const rust3 = (await getArticleBySlug("rust-3"))!;
    await updateArticle({
      id: rust3.id,
      userId: admin.id,
      version: await version(rust3.id),
      input: input("rust-3", { seriesId: null }),
    });
    expect((await getArticleBySlug("rust-3"))?.series).toBeNull();
  });

  it("renames and deletes a series, its parts staying in no series", async () => {
    const series = await findSeries("rust-from-scratch");
    changes.length = 0;
    const renamed = await updateSeries(admin, series!.id, { name: "Rust", slug: "rust", description: "Systems." });
    expect(renamed.status).toBe("saved");
    expect(announced()).toContain("post:rust-1");
    expect(announced()).toContain("series:rust-from-scratch");
    expect((await findSeries("rust"))?.description).toBe("Systems.");
    const { xml } = await sitemapDocument();
    expect(xml).toContain("/series/rust</loc>");
    expect((await deleteSeries(admin, series!.id))?.name).toBe("Rust");
    expect(await findSeries("rust")).toBeNull();
    expect((await getArticleBySlug("rust-1"))?.series).toBeNull();
  });
});
