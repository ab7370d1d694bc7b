/**
 * The Content API driven by Ghost's own client (@tryghost/content-api, over real HTTP to the
 * route's handler), on both databases: browse with pagination, read by slug and id, filters,
 * fields and formats, tags, authors, settings, tiers; Ghost's envelopes and errors; versioned
 * paths, ETags and CORS.
 */
import GhostContentAPI from "@tryghost/content-api";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, getDb, setDatabaseHandle } from "~/db/db.server";
import { articles } from "~/db/schema";
import { createIntegration, deleteIntegration } from "~/integrations/integrations.server";
import { seedDemoContent } from "~/seed/seed.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { type ApiServer, startApiServer } from "./api-server";

const ACTOR = { id: null, fullName: "test" } as const;

type Post = Record<string, unknown> & {
  id: string;
  slug: string;
  tags?: { slug: string }[];
  primary_tag?: { slug: string } | null;
  primary_author?: { slug: string } | null;
};

describe.each(testDatabaseKinds())("the Content API on %s", (kind) => {
  let handle: DatabaseHandle;
  let server: ApiServer;
  let key: string;
  let api: ReturnType<typeof GhostContentAPI>;
  let published: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    const db = await getDb();
    const [draft] = await db.select({ id: articles.id }).from(articles).limit(1).offset(3);
    await db.update(articles).set({ status: "draft", publishedAt: null }).where(eq(articles.id, draft!.id));
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(articles)
      .where(eq(articles.status, "published"));
    published = counted!.n;
    server = await startApiServer();
    key = (await createIntegration({ name: "Front end", role: "editor" }, ACTOR)).contentKey;
    api = GhostContentAPI({ url: server.url, key, version: "v5.0" });
  });
  afterAll(async () => {
    await server?.close();
    await handle.close();
  });

  const raw = (path: string, init?: RequestInit) => fetch(`${server.url}/ghost/api/${path}`, init);

  it("browses posts page by page, newest first, with Ghost's pagination", async () => {
    const first = (await api.posts.browse({ limit: 5, include: "tags,authors" })) as unknown as Post[] & {
      meta: { pagination: Record<string, unknown> };
    };
    expect(first).toHaveLength(5);
    expect(first.meta.pagination).toEqual({
      page: 1,
      limit: 5,
      pages: Math.ceil(published / 5),
      total: published,
      next: 2,
      prev: null,
    });
    const second = (await api.posts.browse({ limit: 5, page: 2 })) as unknown as Post[];
    expect(second.map((post) => post.id)).not.toContain(first[0]!.id);
    const dates = first.map((post) => Date.parse(post.published_at as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const post of first) {
      expect(post.id).toMatch(/^[0-9a-f]{24}$/);
      expect(post.url).toBe(`${new URL(`/post/${post.slug}`, process.env.SITE_URL || "http://localhost:3000").href}`);
      expect(post.visibility).toBe("public");
      expect(typeof post.html).toBe("string");
      expect(post.primary_tag?.slug).toBe(post.tags?.[0]?.slug);
      expect(post.primary_author?.slug).toBeTruthy();
    }
  });

  it("reads one post by slug and by id, and never a draft", async () => {
    const [some] = (await api.posts.browse({ limit: 1 })) as unknown as Post[];
    const bySlug = (await api.posts.read({ slug: some!.slug })) as unknown as Post;
    expect(bySlug.id).toBe(some!.id);
    const byId = (await api.posts.read({ id: some!.id })) as unknown as Post;
    expect(byId.slug).toBe(some!.slug);
    const db = await getDb();
    const [draft] = await db.select({ slug: articles.slug }).from(articles).where(eq(articles.status, "draft"));
    const all = (await api.posts.browse({ limit: "all" })) as unknown as Post[];
    expect(all).toHaveLength(published);
    expect(all.map((post) => post.slug)).not.toContain(draft!.slug);
    const missing = await raw(`content/posts/slug/${draft!.slug}/?key=${key}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0].type).toBe("NotFoundError");
  });

  it("filters by tag, author, featured and dates, with negation, or and and", async () => {
    const [post] = (await api.posts.browse({ limit: 1, include: "tags,authors" })) as unknown as Post[];
    const tag = post!.primary_tag!.slug;
    const author = post!.primary_author!.slug;
    const tagged = (await api.posts.browse({
      filter: `tag:${tag}`,
      limit: "all",
      include: "tags",
    })) as unknown as Post[];
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((item) => item.tags?.some((t) => t.slug === tag))).toBe(true);
    const notTagged = (await api.posts.browse({
      filter: `tag:-${tag}`,
      limit: "all",
      include: "tags",
    })) as unknown as Post[];
    expect(notTagged.length + tagged.length).toBe(published);
    const byAuthor = (await api.posts.browse({
      filter: `authors.slug:[${author}]+primary_tag:${tag}`,
      limit: "all",
      include: "tags,authors",
    })) as unknown as Post[];
    expect(byAuthor.length).toBeGreaterThan(0);
    expect(byAuthor.every((item) => item.primary_author?.slug === author && item.primary_tag?.slug === tag)).toBe(true);
    const featured = (await api.posts.browse({ filter: "featured:true", limit: "all" })) as unknown as Post[];
    expect(featured.every((item) => item.featured === true)).toBe(true);
    const recent = (await api.posts.browse({
      filter: "published_at:>'2000-01-01'",
      limit: "all",
    })) as unknown as Post[];
    expect(recent).toHaveLength(published);
    const either = (await api.posts.browse({
      filter: `slug:${post!.slug},tag:${tag}`,
      limit: "all",
    })) as unknown as Post[];
    expect(either.length).toBe(tagged.length + (tagged.some((item) => item.slug === post!.slug) ? 0 : 1));
  });

  it("gives the fields and formats asked for, Markdown included", async () => {
    const [post] = (await api.posts.browse({
      limit: 1,
      fields: "title,slug,plaintext,markdown",
      formats: "plaintext,markdown",
    })) as unknown as Post[];
    expect(Object.keys(post!).sort()).toEqual(["id", "markdown", "plaintext", "slug", "title"]);
    expect(post!.plaintext).not.toMatch(/<[a-z]/);
    expect(String(post!.markdown).length).toBeGreaterThan(0);
  });

  it("lists tags (categories first-class), authors, settings and an empty tiers list", async () => {
    const tags = (await api.tags.browse({ limit: "all", include: "count.posts" })) as unknown as {
      slug: string;
      count: { posts: number };
    }[];
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags.map((tag) => tag.slug)).size).toBe(tags.length);
    const [one] = (await api.posts.browse({ limit: 1, include: "tags" })) as unknown as Post[];
    const primary = tags.find((tag) => tag.slug === one!.primary_tag!.slug)!;
    const counted = (await api.posts.browse({
      filter: `primary_tag:${primary.slug}`,
      limit: "all",
    })) as unknown as Post[];
    expect(primary.count.posts).toBe(counted.length);
    const read = (await api.tags.read({ slug: primary.slug })) as unknown as { slug: string };
    expect(read.slug).toBe(primary.slug);
    const authors = (await api.authors.browse({ include: "count.posts" })) as unknown as { slug: string }[];
    expect(authors.length).toBeGreaterThan(0);
    const author = (await api.authors.read({ slug: authors[0]!.slug })) as unknown as { url: string };
    expect(author.url).toContain(`/author/${authors[0]!.slug}`);
    const settings = (await api.settings.browse()) as unknown as { title: string; url: string };
    expect(settings.title).toBeTruthy();
    const tiers = await raw(`content/tiers/?key=${key}`);
    expect(await tiers.json()).toMatchObject({ tiers: [], meta: { pagination: { total: 0 } } });
  });

  it("answers the versioned paths, echoes Accept-Version, is open to any origin and answers 304", async () => {
    const response = await raw(`v3/content/posts/?key=${key}&limit=2`, { headers: { "Accept-Version": "v3.0" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-version")).toBe("v3.0");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = await response.json();
    expect(body.posts).toHaveLength(2);
    const etag = response.headers.get("etag")!;
    const again = await raw(`v3/content/posts/?key=${key}&limit=2`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const preflight = await raw("content/posts/", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Accept-Version");
  });

  it("refuses a wrong key, a bad filter, limit, include or order with Ghost's errors, naming the parameter", async () => {
    const unknown = await raw("content/posts/?key=0123456789abcdef0123456789");
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).errors[0]).toMatchObject({
      type: "UnauthorizedError",
      message: "Unknown Content API Key",
    });
    const none = await raw("content/posts/");
    expect(none.status).toBe(401);
    for (const [query, parameter] of [
      ["filter=tag:[", "filter"],
      ["filter=password:x", "filter"],
      ["limit=101", "limit"],
      ["limit=-1", "limit"],
      ["page=0", "page"],
      ["include=secrets", "include"],
      ["order=password%20asc", "order"],
      ["formats=pdf", "formats"],
    ] as const) {
      const response = await raw(`content/posts/?key=${key}&${query}`);
      expect(response.status, query).toBe(400);
      const error = (await response.json()).errors[0];
      expect(error.type).toBe("BadRequestError");
      expect(error.property, query).toBe(parameter);
    }
    const unknownResource = await raw(`content/members/?key=${key}`);
    expect(unknownResource.status).toBe(404);
    const write = await raw(`content/posts/?key=${key}`, { method: "POST", body: "{}" });
    expect(write.status).toBe(405);
  });

  it("stops answering a deleted integration's key at once", async () => {
    const made = await createIntegration({ name: "Short-lived", role: "editor" }, ACTOR);
    expect((await raw(`content/settings/?key=${made.contentKey}`)).status).toBe(200);
    await deleteIntegration(made.id, ACTOR);
    expect((await raw(`content/settings/?key=${made.contentKey}`)).status).toBe(401);
  });
});
