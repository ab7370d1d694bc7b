/**
 * Canonical URLs (issue 42, item 5): an article first published elsewhere names that page. The
 * form's rule, the save and the reads on every database, the article page's rel=canonical, the
 * sitemap leaving such an article out, and what a change of it announces.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getArticleBySlug } from "~/articles/articles.server";
import { autosaveArticle, autosaveFields, getEditorState } from "~/articles/pending-changes.server";
import { compareRevision, listRevisions } from "~/articles/revision-history.server";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { onContentChanged } from "~/cache/content-events.server";
import { type CacheTag, tags } from "~/cache/tags";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { articles } from "~/db/schema";
import { sitemapDocument } from "~/discovery/sitemap.server";
import { env } from "~/env.server";
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  type ArticleInput,
  ArticleSchema,
  isCanonicalUrl,
  keptCanonicalUrl,
  toArticleInput,
} from "~/lib/article-schema";
import { seoMeta } from "~/lib/seo";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const ELSEWHERE = "https://blog.example.com/2024/why-zebrafish/";

describe("the article form's canonical URL", () => {
  const parse = (canonicalUrl: unknown) =>
    ArticleSchema.safeParse({ title: "T", slug: "t", content: "Body", canonicalUrl });
  const messages = (canonicalUrl: unknown) => {
    const result = parse(canonicalUrl);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("is optional: empty (or left out) is none", () => {
    for (const empty of [undefined, "", "   "]) {
      const result = parse(empty);
      expect(result.success, String(empty)).toBe(true);
      expect(toArticleInput(result.data!).canonicalUrl, String(empty)).toBeNull();
    }
  });

  it("takes an absolute http(s) address, trimmed", () => {
    for (const ok of [ELSEWHERE, "http://example.org/a?b=1#c", "https://dev.to/writer/a-post-3k2j"]) {
      expect(messages(ok), ok).toEqual([]);
      expect(isCanonicalUrl(ok), ok).toBe(true);
    }
    const result = parse(`  ${ELSEWHERE}  `);
    expect(toArticleInput(result.data!).canonicalUrl).toBe(ELSEWHERE);
  });

  it("refuses anything else with one clear message", () => {
    for (const bad of [
      "/post/on-this-site",
      "example.com/post",
      "//example.com/post",
      "ftp://example.com/post",
      "javascript:alert(1)",
      "mailto:a@example.com",
      "https://user:secret@example.com/post",
      "https://example.com/a b",
      "https://",
    ]) {
      expect(isCanonicalUrl(bad), bad).toBe(false);
      expect(messages(bad), bad).toEqual([ARTICLE_MESSAGES.canonicalUrl]);
    }
    const long = `https://example.com/${"a".repeat(ARTICLE_LIMITS.canonicalUrl)}`;
    expect(messages(long)[0]).toBe(ARTICLE_MESSAGES.canonicalUrlTooLong);
    expect(messages(`https://example.com/${"a".repeat(ARTICLE_LIMITS.canonicalUrl - 20)}`)).toEqual([]);
  });

  it("keeps none for the article's own address (scheme, trailing slash and fragment aside)", () => {
    const own = "https://devperspective.example/post/why-zebrafish";
    for (const same of [own, `${own}/`, "http://devperspective.example/post/why-zebrafish", `${own}#top`]) {
      expect(keptCanonicalUrl(same, own), same).toBeNull();
    }
    for (const other of [
      "https://devperspective.example/post/another-article",
      "https://devperspective.example/post/why-zebrafish?page=2",
      ELSEWHERE,
    ]) {
      expect(keptCanonicalUrl(other, own), other).toBe(other);
    }
    expect(keptCanonicalUrl("not a url", own)).toBeNull();
    expect(keptCanonicalUrl(null, own)).toBeNull();
  });

  it("is the page's rel=canonical; og:url stays this page's address", () => {
    const matches = [{ id: "root", loaderData: { siteUrl: "https://devperspective.example", siteName: "DP" } }];
    const link = (meta: ReturnType<typeof seoMeta>) =>
      meta.find((tag) => "rel" in tag && tag.rel === "canonical") as { href: string } | undefined;
    const ogUrl = (meta: ReturnType<typeof seoMeta>) =>
      meta.find((tag) => "property" in tag && tag.property === "og:url") as { content: string } | undefined;
    const elsewhere = seoMeta(matches, { title: "T", path: "/post/t", canonicalUrl: ELSEWHERE });
    expect(link(elsewhere)?.href).toBe(ELSEWHERE);
    expect(ogUrl(elsewhere)?.content).toBe("https://devperspective.example/post/t");
    const here = seoMeta(matches, { title: "T", path: "/post/t", canonicalUrl: null });
    expect(link(here)?.href).toBe("https://devperspective.example/post/t");
    expect(ogUrl(here)?.content).toBe("https://devperspective.example/post/t");
  });
});

const input = (slug: string, overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: `Zebrafish ${slug}`,
  slug,
  content: `## Zebrafish\n\nAll about zebrafish in ${slug}.\n`,
  excerpt: null,
  imageUrl: null,
  categoryId: null,
  featured: false,
  ...overrides,
});

describe.each(testDatabaseKinds())("canonical URLs on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;
  const heard: { reason: string; tags: readonly CacheTag[] | null }[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    stopListening = onContentChanged((reason, changed) => heard.push({ reason, tags: changed })) as () => void;
    userId = (await createOrPromoteAdmin({ email: "canon@example.com", password: "secret12", fullName: "Cy Canon" }))
      .userId;
  });
  afterAll(async () => {
    stopListening();
    await handle.close();
  });

  async function create(slug: string, overrides: Partial<ArticleInput> = {}) {
    const result = await createArticle({ userId, input: input(slug, overrides) });
    if (result.status !== "saved") throw new Error(`not saved: ${JSON.stringify(result)}`);
    return result.id;
  }
  const versionOf = async (id: number) => (await getEditorState(id))!.version;
  const stored = async (id: number) =>
    (await handle.db.select({ url: articles.canonicalUrl }).from(articles).where(eq(articles.id, id)))[0]!.url;
  const sitemapLocs = async () => [...(await sitemapDocument()).xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it("is saved, read back by the article page and the editor, kept when left out, and cleared", async () => {
    const id = await create("cross-posted", { canonicalUrl: ELSEWHERE });
    expect(await stored(id)).toBe(ELSEWHERE);
    expect((await getArticleBySlug("cross-posted"))?.canonicalUrl).toBe(ELSEWHERE);
    expect((await getEditorState(id))?.fields.canonicalUrl).toBe(ELSEWHERE);

    // A writer that does not set it (older revisions, other callers): as it is.
    const { canonicalUrl: _left, ...without } = input("cross-posted", { title: "Zebrafish, retitled" });
    expect((await updateArticle({ id, userId, version: await versionOf(id), input: without })).status).toBe("saved");
    expect(await stored(id)).toBe(ELSEWHERE);

    // The editor's empty field: none.
    const cleared = await updateArticle({
      id,
      userId,
      version: await versionOf(id),
      input: input("cross-posted", { canonicalUrl: null }),
    });
    expect(cleared.status).toBe("saved");
    expect(await stored(id)).toBeNull();
    expect((await getArticleBySlug("cross-posted"))?.canonicalUrl).toBeNull();
  });

  it("naming the article's own address here is stored as none", async () => {
    const own = `${env().SITE_URL}/post/self-named`;
    const id = await create("self-named", { canonicalUrl: `${own}/` });
    expect(await stored(id)).toBeNull();
    // Another article's address here is another page: kept.
    const other = await create("points-at-another", { canonicalUrl: own });
    expect(await stored(other)).toBe(own);
  });

  it("is the rendered article page's rel=canonical, and og:url stays the page's own address", async () => {
    await create("page-with-canonical", { canonicalUrl: ELSEWHERE });
    await create("page-without-canonical");
    const route = await import("~/routes/post");
    const render = async (slug: string) => {
      const context = new RouterContextProvider();
      const request = new Request(`${env().SITE_URL}/post/${slug}`);
      const loaderData = await route.loader({ params: { slug }, request, context } as never);
      const matches = [{ id: "root", loaderData: { siteUrl: env().SITE_URL, siteName: "DevPerspective" } }];
      const meta = route.meta({ matches, loaderData } as never) as Record<string, string>[];
      return {
        canonical: meta.find((tag) => tag.rel === "canonical")?.href,
        ogUrl: meta.find((tag) => tag.property === "og:url")?.content,
        shareUrl: loaderData.shareUrl,
        view: loaderData.article.canonicalUrl,
      };
    };
    expect(await render("page-with-canonical")).toEqual({
      canonical: ELSEWHERE,
      ogUrl: `${env().SITE_URL}/post/page-with-canonical`,
      shareUrl: `${env().SITE_URL}/post/page-with-canonical`,
      view: ELSEWHERE,
    });
    expect(await render("page-without-canonical")).toEqual({
      canonical: `${env().SITE_URL}/post/page-without-canonical`,
      ogUrl: `${env().SITE_URL}/post/page-without-canonical`,
      shareUrl: `${env().SITE_URL}/post/page-without-canonical`,
      view: null,
    });
  });

  it("leaves the article out of the sitemap, and a change of it announces the article's page and the sitemap", async () => {
    const id = await create("sitemap-subject");
    const loc = `${env().SITE_URL}/post/sitemap-subject`;
    expect(await sitemapLocs()).toContain(loc);
    const before = (await sitemapDocument()).lastModified!;

    heard.length = 0;
    const set = await updateArticle({
      id,
      userId,
      version: await versionOf(id),
      input: input("sitemap-subject", { canonicalUrl: ELSEWHERE }),
    });
    expect(set.status).toBe("saved");
    expect(heard.map((change) => change.reason)).toEqual([`article:${id}`]);
    expect(heard[0]!.tags).toEqual(expect.arrayContaining([tags.article("sitemap-subject"), tags.feeds]));
    expect(await sitemapLocs()).not.toContain(loc);
    // Still listed: the other articles; the sitemap's Last-Modified moved forward all the same.
    expect(await sitemapLocs()).toContain(`${env().SITE_URL}/post/page-without-canonical`);
    expect((await sitemapDocument()).lastModified!.getTime()).toBeGreaterThan(before.getTime());

    heard.length = 0;
    await updateArticle({
      id,
      userId,
      version: await versionOf(id),
      input: input("sitemap-subject", { canonicalUrl: null }),
    });
    expect(heard[0]!.tags).toEqual(expect.arrayContaining([tags.article("sitemap-subject"), tags.feeds]));
    expect(await sitemapLocs()).toContain(loc);
  });

  it("travels with autosaves and shows as a changed field in the history", async () => {
    // As the editor saves it: with the field, empty.
    const id = await create("autosaved-canonical", { canonicalUrl: null });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: "Zebrafish autosaved-canonical",
      slug: "autosaved-canonical",
      content: "## Zebrafish\n\nAll about zebrafish in autosaved-canonical.\n",
      canonicalUrl: ` ${ELSEWHERE} `,
    }))
      form.set(name, value);
    expect(autosaveFields(form).canonicalUrl).toBe(ELSEWHERE);
    // An older page's post without the field: left as it is.
    form.delete("canonicalUrl");
    expect(autosaveFields(form).canonicalUrl).toBeUndefined();
    form.set("canonicalUrl", ELSEWHERE);
    const saved = await autosaveArticle({ id, userId, version: await versionOf(id), fields: autosaveFields(form) });
    expect(saved.status).toBe("saved");
    const state = (await getEditorState(id))!;
    expect(state.fields.canonicalUrl).toBe(ELSEWHERE);
    // Readers do not see it yet.
    expect(state.saved.canonicalUrl).toBeNull();
    expect((await getArticleBySlug("autosaved-canonical"))?.canonicalUrl).toBeNull();
    const [, created] = await listRevisions(id);
    const comparison = await compareRevision(id, created!.id);
    expect(comparison?.changed).toContain("canonicalUrl");
  });
});
