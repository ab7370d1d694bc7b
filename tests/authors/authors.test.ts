import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getArticleBySlug, listAuthorArticles } from "~/articles/articles.server";
import {
  getAuthorBySlug,
  getProfileForUser,
  listAuthors,
  saveOwnProfile,
  updateAuthor,
} from "~/authors/authors.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent } from "~/seed/seed.server";
import { articles, auditLog, authors, users } from "~/db/schema";
import { buildFeed, renderFeed } from "~/discovery/feeds.server";
import { sitemapDocument } from "~/discovery/sitemap.server";
import { cacheTagsFor } from "../support/page-tags";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe("author page cache tags", () => {
  it("tags author pages with the author and the lists, the feed with the feeds", () => {
    expect(cacheTagsFor("/author/jane-doe?page=2")).toEqual(["author:jane-doe", "lists"]);
    expect(cacheTagsFor("/author/jane-doe.data")).toEqual(["author:jane-doe", "lists"]);
    expect(cacheTagsFor("/author/jane-doe/rss.xml")).toEqual(["author:jane-doe", "feeds"]);
  });
});

describe.each(testDatabaseKinds())("authors (%s)", (kind) => {
  let handle: DatabaseHandle;
  let staff: { id: number; fullName: string };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    const [user] = await handle.db
      .insert(users)
      .values({ email: "writer@example.test", fullName: "Wendy Writer", role: "author" })
      .returning({ id: users.id, fullName: users.fullName });
    staff = user!;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("creates the own profile on first save, with a slug from the name that a rename keeps", async () => {
    expect(await getProfileForUser(staff.id)).toBeNull();
    const created = await saveOwnProfile(staff, { name: "Wendy Writer", bio: "Writes.", avatarUrl: "/media/x.png" });
    expect(created).toMatchObject({
      slug: "wendy-writer",
      userId: staff.id,
      bio: "Writes.",
      avatarUrl: "/media/x.png",
    });
    const renamed = await saveOwnProfile(staff, { name: "Wendy W. Smith", bio: undefined, avatarUrl: undefined });
    expect(renamed).toMatchObject({ id: created.id, name: "Wendy W. Smith", slug: "wendy-writer", bio: null });
    expect(await handle.db.$count(authors, eq(authors.userId, staff.id))).toBe(1);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.kind, "author"));
    expect(audit.map((row) => row.action)).toEqual(["created", "updated"]);
  });

  it("an administrator edits any author; an unknown id is null", async () => {
    const [first] = await listAuthors();
    const saved = await updateAuthor(staff, first!.id, { name: `${first!.name} Jr`, bio: "New bio", avatarUrl: "" });
    expect(saved).toMatchObject({ slug: first!.slug, bio: "New bio", avatarUrl: null });
    expect(await updateAuthor(staff, 2_000_000, { name: "X", bio: undefined, avatarUrl: undefined })).toBeNull();
  });

  it("the author page lists their published articles newest first, paginated", async () => {
    const [author] = (await listAuthors()).filter((row) => row.publishedCount > 0);
    const found = await getAuthorBySlug(author!.slug);
    expect(found?.id).toBe(author!.id);
    const page = await listAuthorArticles(author!.id, 1, 2);
    expect(page.total).toBe(author!.publishedCount);
    expect(page.pageCount).toBe(Math.ceil(author!.publishedCount / 2));
    const dates = page.articles.map((card) => card.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    // Drafts stay off it.
    await handle.db
      .update(articles)
      .set({ status: "draft", publishedAt: null })
      .where(eq(articles.slug, page.articles[0]!.slug));
    expect((await listAuthorArticles(author!.id)).total).toBe(author!.publishedCount - 1);
    expect(await getAuthorBySlug("no-such-author")).toBeNull();
    expect(await getAuthorBySlug("../etc")).toBeNull();
  });

  it("the article page data carries the author's slug; the feed and sitemap include the author", async () => {
    const [row] = await handle.db
      .select({ slug: articles.slug, authorSlug: authors.slug, authorId: authors.id, name: authors.name })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(eq(articles.status, "published"))
      .limit(1);
    expect((await getArticleBySlug(row!.slug))?.author?.slug).toBe(row!.authorSlug);
    const { feed } = await buildFeed(
      { title: row!.name, description: "", path: `/author/${row!.authorSlug}` },
      { authorId: row!.authorId },
    );
    const xml = renderFeed(feed, "rss");
    expect(xml).toContain(`/post/${row!.slug}`);
    expect(xml).toContain(`/author/${row!.authorSlug}/rss.xml`);
    const others = await handle.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(eq(articles.status, "published"));
    const ownCount = feed.items.length;
    expect(ownCount).toBeLessThan(others.length);
    expect((await sitemapDocument()).xml).toContain(`/author/${row!.authorSlug}</loc>`);
  });
});
