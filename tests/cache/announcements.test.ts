/**
 * Every write that changes what a cached page shows announces that page's tags: a real page
 * cache, filled with the pages under the tags their routes declare, listens to the announcements
 * the way the server does; each kind of write is made, and the page must be gone (and the
 * unrelated page kept). Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, updateName } from "~/account/account.server";
import { createArticle } from "~/articles/save-article.server";
import { planImport } from "~/backup/import-plan.server";
import { rollbackRun } from "~/backup/import-rollback.server";
import { readImportBuffer } from "~/backup/import-sources.server";
import { applyImport } from "~/backup/import.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { hashPassword } from "~/auth/password.server";
import { onContentChanged } from "~/cache/content-events.server";
import { saveOwnProfile } from "~/authors/authors.server";
import { createCategory } from "~/categories/categories.server";
import { createSeries } from "~/taxonomy/series-admin.server";
import { renameTag } from "~/taxonomy/tag-admin.server";
import { findTag } from "~/taxonomy/tags.server";
import { createComment } from "~/comments/comments.server";
import { moderateComments } from "~/comments/moderation.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { users } from "~/db/schema";
import { insertMissingPages } from "~/pages/pages.server";
import { resetSiteSettingsForTests } from "~/settings/settings.server";
import { setMailer } from "~/mail/mailer.server";
import { createResponseCache, toCachedPage } from "../../server/response-cache";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { cacheTagsFor } from "../support/page-tags";

describe.each(testDatabaseKinds())("writes announce the cached pages they change, on %s", (kind) => {
  let handle: DatabaseHandle;
  let stopListening: () => void;
  const cache = createResponseCache();
  let admin: { id: number; role: "administrator" };

  /** Keeps each page under the tags its route declares, as the server does. */
  async function cached(...urls: string[]) {
    for (const url of urls) {
      const tags = cacheTagsFor(url);
      expect(tags, `${url} declares its tags`).not.toBeNull();
      const page = await toCachedPage(new Response(url, { headers: { "Content-Type": "text/html" } }), {}, tags);
      await cache.fill(url, async () => page).page;
      expect(cache.get(url)).toBeDefined();
    }
  }
  const isCached = (url: string) => cache.get(url) !== undefined;

  async function article(slug: string, categoryId: number | null = null) {
    const created = await createArticle({
      userId: admin.id,
      input: { title: slug, slug, content: "Body.\n", excerpt: null, imageUrl: null, categoryId, featured: false },
    });
    if (created.status !== "saved") throw new Error(JSON.stringify(created));
    return created.id;
  }

  function plain(slug: string) {
    return { title: slug, slug, content: "Body.\n", excerpt: null, imageUrl: null, categoryId: null, featured: false };
  }

  async function commenter(name: string, password: string) {
    const [row] = await handle.db
      .insert(users)
      .values({
        email: `${name.toLowerCase()}-${kind}@example.com`,
        fullName: name,
        passwordHash: await hashPassword(password),
      })
      .returning({ id: users.id });
    return { id: row!.id, role: "reader" as const };
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    resetSiteSettingsForTests();
    setMailer({ send: async () => undefined });
    stopListening = onContentChanged((_reason, tags) => cache.invalidate(tags)) as unknown as () => void;
    const created = await createOrPromoteAdmin({
      email: `admin-${kind}@example.com`,
      password: "secret12",
      fullName: "Ada",
    });
    admin = { id: created.userId, role: "administrator" };
  });

  afterAll(async () => {
    stopListening();
    await handle.close();
  });

  it("a rename drops the pages that show the person's comments, not the others", async () => {
    const articleId = await article("renamed-commenter");
    await article("untouched-by-rename");
    const reader = await commenter("Rita", "rita-password");
    const posted = await createComment({ user: reader, articleId, body: "Nice one." });
    expect(posted.status).toBe("created");
    await cached("/post/renamed-commenter", "/post/renamed-commenter?comments=all", "/post/untouched-by-rename");
    await updateName(reader.id, "Rita Renamed");
    expect(isCached("/post/renamed-commenter")).toBe(false);
    expect(isCached("/post/renamed-commenter?comments=all")).toBe(false);
    expect(isCached("/post/untouched-by-rename")).toBe(true);
  });

  it("an account deletion drops the pages that show its comments (now by a deleted user)", async () => {
    const articleId = await article("deleted-commenter");
    const reader = await commenter("Dora", "dora-password");
    expect((await createComment({ user: reader, articleId, body: "Bye." })).status).toBe("created");
    await cached("/post/deleted-commenter", "/post/deleted-commenter/comments");
    const outcome = await deleteAccount(reader.id, { password: "dora-password" }, new Request("http://x/"));
    expect(outcome.status).toBe("deleted");
    expect(isCached("/post/deleted-commenter")).toBe(false);
    expect(isCached("/post/deleted-commenter/comments")).toBe(false);
  });

  it("a moderation (hide, then approve) drops the pages that show the comment, not the others", async () => {
    const articleId = await article("moderated-comment");
    await article("untouched-by-moderation");
    const reader = await commenter("Mona", "mona-password");
    const posted = await createComment({ user: reader, articleId, body: "Hide me." });
    if (posted.status !== "created") throw new Error(JSON.stringify(posted));
    for (const action of ["hide", "approve"] as const) {
      await cached("/post/moderated-comment", "/post/moderated-comment/comments", "/post/untouched-by-moderation");
      expect(await moderateComments(admin, [posted.id], action)).toEqual({ changed: 1 });
      expect(isCached("/post/moderated-comment"), action).toBe(false);
      expect(isCached("/post/moderated-comment/comments"), action).toBe(false);
      expect(isCached("/post/untouched-by-moderation"), action).toBe(true);
    }
  });

  it("a new article drops its category's canonical page and feed", async () => {
    const category = await createCategory(admin, { name: "Data Structures", slug: "data-structures", description: "" });
    if (category.status !== "saved") throw new Error(JSON.stringify(category));
    await cached(
      "/category/data-structures",
      "/category/data-structures/rss.xml",
      "/category/data-structures?view=list",
    );
    await article("a-new-tree", category.category.id);
    expect(isCached("/category/data-structures")).toBe(false);
    expect(isCached("/category/data-structures/rss.xml")).toBe(false);
    expect(isCached("/category/data-structures?view=list")).toBe(false);
  });

  it("a tagged article in a series drops its tag pages, its series' pages and the other parts' pages", async () => {
    const created = await createSeries(admin, { name: "Cache Series", slug: "cache-series", description: "" });
    if (created.status !== "saved") throw new Error(JSON.stringify(created));
    const seriesId = created.series.id;
    const first = await createArticle({
      userId: admin.id,
      input: { ...plain("cache-part-1"), seriesId, tags: ["Caching"] },
    });
    if (first.status !== "saved") throw new Error(JSON.stringify(first));
    await cached(
      "/tag/caching",
      "/tag/caching/rss.xml",
      "/series/cache-series",
      "/series/cache-series/rss.xml",
      "/post/cache-part-1",
      "/tag/unrelated",
    );
    await createArticle({ userId: admin.id, input: { ...plain("cache-part-2"), seriesId, tags: ["caching"] } });
    for (const url of [
      "/tag/caching",
      "/tag/caching/rss.xml",
      "/series/cache-series",
      "/series/cache-series/rss.xml",
      "/post/cache-part-1",
    ])
      expect(isCached(url), url).toBe(false);
    expect(isCached("/tag/unrelated")).toBe(true);
  });

  it("a tag's rename drops its pages under both slugs and the pages of its articles", async () => {
    await article("renamed-tag-article");
    await createArticle({ userId: admin.id, input: { ...plain("tagged-for-rename"), tags: ["Old Name"] } });
    const tag = await findTag("old-name");
    await cached("/tag/old-name", "/tag/new-name", "/post/tagged-for-rename", "/post/renamed-tag-article");
    await renameTag(admin, tag!.id, "New Name");
    expect(isCached("/tag/old-name")).toBe(false);
    expect(isCached("/tag/new-name")).toBe(false);
    expect(isCached("/post/tagged-for-rename")).toBe(false);
    expect(isCached("/post/renamed-tag-article")).toBe(true);
  });

  it("an author profile's save drops the author page, its feed and the article pages", async () => {
    await cached("/author/ada", "/author/ada/rss.xml", "/");
    const profile = await saveOwnProfile(admin, { name: "Ada" });
    expect(profile.slug).toBe("ada");
    expect(isCached("/author/ada")).toBe(false);
    expect(isCached("/author/ada/rss.xml")).toBe(false);
    expect(isCached("/")).toBe(false);
  });

  it("an import that overwrites an article and a site page drops their pages, and so does its roll back", async () => {
    await article("imported-over");
    await insertMissingPages([{ slug: "faq", title: "FAQ", content: "Questions." }]);
    const ghost = {
      db: [
        {
          data: {
            posts: [
              { id: "a1", slug: "imported-over", title: "Over", html: "<p>New.</p>", status: "published" },
              { id: "p1", slug: "faq", title: "Their FAQ", html: "<p>Theirs.</p>", type: "page", status: "published" },
            ],
          },
        },
      ],
    };
    const source = await readImportBuffer(Buffer.from(JSON.stringify(ghost)));
    await cached("/post/imported-over", "/faq", "/");
    const report = await applyImport(source, await planImport(source, "overwrite"), admin, "ghost.json");
    expect(report.overwritten).toHaveLength(1);
    expect(isCached("/post/imported-over")).toBe(false);
    expect(isCached("/faq")).toBe(false);
    expect(isCached("/")).toBe(false);
    await cached("/post/imported-over", "/faq", "/");
    expect((await rollbackRun(report.runId, admin)).status).toBe("rolled-back");
    expect(isCached("/post/imported-over")).toBe(false);
    expect(isCached("/faq")).toBe(false);
    expect(isCached("/")).toBe(false);
  });
});
