import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { articleTags, tags } from "~/cache/tags";
import { cacheTagsFor } from "../support/page-tags";
import { decodeChange, encodeChange } from "~/cache/content-events.server";
import { applyCachePolicy, PERSONAL_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/http/cache-policy.server";
import {
  createResponseCache,
  cspWithScriptHashes,
  isCacheableRequest,
  isStaffPageRequest,
  pickEncoding,
  storable,
  storableStaffPage,
  toCachedPage,
} from "../../server/response-cache";

const req = (headers: Record<string, string> = {}, method = "GET") =>
  ({ method, url: "/", headers }) as unknown as IncomingMessage;
/** A promise that settles when the test says so: holds a render until `release()`. */
function gated() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("which requests and responses the page cache may keep", () => {
  it("keeps anonymous GETs only", () => {
    expect(isCacheableRequest(req())).toBe(true);
    expect(isCacheableRequest(req({ cookie: "theme=dark; _ga=1" }))).toBe(true);
    expect(isCacheableRequest(req({ cookie: "dp_session=abc" }))).toBe(false);
    expect(isCacheableRequest(req({ cookie: "a=1; dp_toast=x" }))).toBe(false);
    expect(isCacheableRequest(req({ authorization: "Bearer x" }))).toBe(false);
    expect(isCacheableRequest(req({}, "POST"))).toBe(false);
    expect(isCacheableRequest(req({ accept: "text/markdown" }))).toBe(false);
  });

  it("stores only public 200s that set no cookie", () => {
    const ok = (headers: Record<string, string>, status = 200) => storable(new Response("x", { status, headers }));
    expect(ok({ "Cache-Control": PUBLIC_CACHE_CONTROL })).toBe(true);
    expect(ok({ "Cache-Control": PUBLIC_CACHE_CONTROL }, 404)).toBe(false);
    expect(ok({ "Cache-Control": PUBLIC_CACHE_CONTROL }, 503)).toBe(false);
    expect(ok({ "Cache-Control": PUBLIC_CACHE_CONTROL, "Set-Cookie": "a=b" })).toBe(false);
    expect(ok({ "Cache-Control": PERSONAL_CACHE_CONTROL })).toBe(false);
    // Uploaded images (immutable, hashed URLs): for browsers and CDNs, not the page cache.
    expect(ok({ "Cache-Control": "public, max-age=31536000, immutable", "Content-Type": "image/webp" })).toBe(false);
    expect(ok({})).toBe(false);
  });

  it("marks personal and error responses as never stored", () => {
    const decide = (request: Request, status = 200, init: Record<string, string> = {}) => {
      const headers = new Headers(init);
      applyCachePolicy(request, status, headers);
      return headers.get("Cache-Control");
    };
    expect(decide(new Request("http://x/"))).toBe(PUBLIC_CACHE_CONTROL);
    expect(decide(new Request("http://x/", { headers: { Cookie: "dp_session=a" } }))).toBe(PERSONAL_CACHE_CONTROL);
    expect(decide(new Request("http://x/"), 200, { "Set-Cookie": "dp_toast=; Max-Age=0" })).toBe(
      PERSONAL_CACHE_CONTROL,
    );
    expect(decide(new Request("http://x/"), 404)).toBe("no-store");
    expect(decide(new Request("http://x/"), 503)).toBe("no-store");
    expect(decide(new Request("http://x/"), 200, { "Cache-Control": "public, max-age=300" })).toBe(
      "public, max-age=300",
    );
  });
});

describe("cached pages", () => {
  const html = `<html><head><script nonce="abc">one()</script><script type="application/ld+json">{"a":1}</script></head><body>${"x".repeat(2000)}<script src="/a.js"></script><script type="module" nonce="abc">import("/b.js")</script></body></html>`;

  it("swap the nonce for hashes of exactly the page's inline scripts", () => {
    const csp = cspWithScriptHashes("default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'", html);
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' ${sha("one()")} ${sha('import("/b.js")')}; object-src 'none'`,
    );
    // Text outside ASCII (before and inside a script) is hashed as its UTF-8 bytes, as browsers do.
    const accented = `<p>Café — “quoted”</p><script nonce="abc">say("déjà vu 🚀")</script>`;
    expect(cspWithScriptHashes("script-src 'nonce-abc'", Buffer.from(accented))).toBe(
      `script-src ${sha('say("déjà vu 🚀")')}`,
    );
    expect(cspWithScriptHashes("script-src 'nonce-abc'", accented)).toBe(`script-src ${sha('say("déjà vu 🚀")')}`);
  });

  it("are stored with compressed variants, an ETag and the rewritten CSP", async () => {
    const response = new Response(html, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
    });
    const page = await toCachedPage(response, {
      "Content-Security-Policy": "script-src 'nonce-abc'",
      "X-Frame-Options": "DENY",
    });
    expect(page.etag).toMatch(/^"[\w-]+"$/);
    expect(page.brotli!.length).toBeLessThan(html.length);
    // gzip is made by the first request that takes it, once.
    expect(page.gzip).toBeUndefined();
    const gzipped = pickEncoding(page, "gzip").body;
    expect(gunzipSync(gzipped).toString()).toBe(html);
    expect(pickEncoding(page, "gzip, deflate").body).toBe(gzipped);
    const headers = new Map(page.headers);
    expect(headers.get("content-security-policy")).not.toContain("nonce");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(pickEncoding(page, "gzip, deflate, br").encoding).toBe("br");
    expect(pickEncoding(page, "gzip").encoding).toBe("gzip");
    expect(pickEncoding(page, undefined).encoding).toBeNull();
    expect(pickEncoding(page, undefined).body.toString()).toBe(html);
    // A client without Accept-Encoding gets the stored bytes themselves: nothing is decompressed per request.
    expect(pickEncoding(page, undefined).body).toBe(page.identity);
    expect(pickEncoding(page, "identity").body).toBe(page.identity);
  });

  it("render once for concurrent misses, and a clear during a render keeps its stale result out", async () => {
    const cache = createResponseCache();
    let renders = 0;
    const page = await toCachedPage(new Response("hello"), {});
    const { gate, release } = gated();
    const render = async () => {
      renders++;
      await gate;
      return page;
    };
    const first = cache.fill("/", render);
    const second = cache.fill("/", render);
    expect(second.shared).toBe(true);
    cache.clear();
    release();
    await Promise.all([first.page, second.page]);
    expect(renders).toBe(1);
    expect(cache.get("/")).toBeUndefined();
    await cache.fill("/", async () => page).page;
    expect(cache.get("/")).toBe(page);
  });
});

describe("pages past their TTL (stale-while-revalidate)", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const pageOf = (body: string) => toCachedPage(new Response(body), {}, ["posts"]);

  it("answers a due page while one background render replaces it", async () => {
    const cache = createResponseCache({ ttlMs: 40, revalidates: true });
    const old = await pageOf("old");
    await cache.fill("/", async () => old).page;
    expect(cache.isDue(old)).toBe(false);
    await sleep(50);
    expect(cache.isDue(old)).toBe(true);
    const fresh = await pageOf("fresh");
    let renders = 0;
    const { gate, release } = gated();
    const render = async () => {
      renders++;
      await gate;
      return fresh;
    };
    cache.revalidate("/", old, render);
    // Later hits while it renders: the old page, and no second render.
    cache.revalidate("/", old, render);
    expect(cache.get("/")).toBe(old);
    expect(cache.isDue(old)).toBe(false);
    release();
    await sleep(0);
    await sleep(0);
    expect(renders).toBe(1);
    expect(cache.get("/")).toBe(fresh);
    expect(cache.isDue(fresh)).toBe(false);
    expect(cache.stats().refreshes).toBe(1);
  });

  it("renders at most two due pages at once: the others stay due for a later hit", async () => {
    const cache = createResponseCache({ ttlMs: 30, revalidates: true });
    const pages = await Promise.all(["/a", "/b", "/c"].map((key) => pageOf(key)));
    for (const [index, key] of ["/a", "/b", "/c"].entries()) await cache.fill(key, async () => pages[index]!).page;
    await sleep(40);
    const { gate, release } = gated();
    const started: string[] = [];
    const renderOf = (key: string) => async () => {
      started.push(key);
      await gate;
      return pageOf(`${key} again`);
    };
    for (const [index, key] of ["/a", "/b", "/c"].entries()) cache.revalidate(key, pages[index]!, renderOf(key));
    expect(started).toEqual(["/a", "/b"]);
    expect(cache.isDue(pages[2]!)).toBe(true);
    release();
    await sleep(0);
    await sleep(0);
    cache.revalidate("/c", pages[2]!, renderOf("/c"));
    expect(started).toEqual(["/a", "/b", "/c"]);
  });

  it("keeps the due page when the render fails, and drops it when the new response may not be kept", async () => {
    const cache = createResponseCache({ ttlMs: 30, revalidates: true });
    const old = await pageOf("old");
    await cache.fill("/", async () => old).page;
    await sleep(40);
    cache.revalidate("/", old, async () => {
      throw new Error("database busy");
    });
    await sleep(0);
    expect(cache.get("/")).toBe(old);
    // Tried again later (not on every hit while the database is busy).
    expect(cache.isDue(old)).toBe(false);
    old.refreshAt = 0;
    cache.revalidate("/", old, async () => null);
    await sleep(0);
    await sleep(0);
    expect(cache.get("/")).toBeUndefined();
  });

  it("a render invalidated while it ran is not kept, and a page nobody asks for goes after twice the TTL", async () => {
    const cache = createResponseCache({ ttlMs: 30, revalidates: true });
    const old = await pageOf("old");
    await cache.fill("/", async () => old).page;
    await sleep(40);
    const { gate, release } = gated();
    const fresh = await pageOf("fresh");
    cache.revalidate("/", old, async () => {
      await gate;
      return fresh;
    });
    cache.invalidate(["posts"]);
    release();
    await sleep(0);
    await sleep(0);
    expect(cache.get("/")).toBeUndefined();
    await cache.fill("/", async () => fresh).page;
    await sleep(70);
    expect(cache.get("/")).toBeUndefined();
    // Without revalidation, a page goes at the TTL itself.
    const plain = createResponseCache({ ttlMs: 30 });
    await plain.fill("/", async () => fresh).page;
    expect(plain.get("/")).toBe(fresh);
    await sleep(40);
    expect(plain.get("/")).toBeUndefined();
  });
});

describe("precise invalidation by tags", () => {
  const pageWith = (body: string, tags: string[] | null) =>
    toCachedPage(new Response(body, { headers: { "Content-Type": "text/plain" } }), {}, tags);

  it("drops only the pages that share a tag with the write, and untagged pages", async () => {
    const cache = createResponseCache();
    const store = async (key: string, tags: string[] | null) => {
      const page = await pageWith(key, tags);
      await cache.fill(key, async () => page).page;
    };
    await store("/", cacheTagsFor("/"));
    await store("/post/a", cacheTagsFor("/post/a"));
    await store("/post/b", cacheTagsFor("/post/b"));
    await store("/category/js", cacheTagsFor("/category/js"));
    await store("/category/css", cacheTagsFor("/category/css"));
    await store("/about", cacheTagsFor("/about"));
    await store("/interview-prep", cacheTagsFor("/interview-prep"));
    await store("/login", cacheTagsFor("/login"));
    await store("/rss.xml", cacheTagsFor("/rss.xml"));
    await store("/search?q=x", cacheTagsFor("/search?q=x"));
    // An untagged entry (the staff cache keeps pages that way) is dropped by every write.
    await store("/untagged", null);

    cache.invalidate(articleTags({ slug: "a", categorySlug: "js" }));
    const kept = ["/", "/post/a", "/post/b", "/category/js", "/category/css", "/about", "/interview-prep", "/login"]
      .concat(["/rss.xml", "/search?q=x", "/untagged"])
      .filter((key) => cache.get(key));
    // The sign-in form shows no content: its route tags it `static` (it was untagged before).
    expect(kept).toEqual(["/post/b", "/category/css", "/about", "/interview-prep", "/login"]);

    cache.invalidate(null);
    expect(cache.stats().entries).toBe(0);
  });

  it("pages with a query string cannot push the site's own pages out (they get a quarter of the budget)", async () => {
    const kb = (n: number) => "x".repeat(n * 1024);
    const cache = createResponseCache({ maxBytes: 400 * 1024 });
    const store = async (key: string) => {
      const page = await pageWith(`${key} ${kb(20)}`, ["lists"]);
      await cache.fill(key, async () => page).page;
    };
    for (let i = 0; i < 10; i++) await store(`/post/${i}`);
    // A stream of made-up searches, far more than the whole budget.
    for (let i = 0; i < 100; i++) await store(`/search?q=new-${i}`);
    const articles = Array.from({ length: 10 }, (_, i) => `/post/${i}`).filter((key) => cache.get(key));
    expect(articles).toHaveLength(10);
    const searches = Array.from({ length: 100 }, (_, i) => `/search?q=new-${i}`).filter((key) => cache.get(key));
    // The newest searches are kept, within their quarter (100 KB: four pages of ~21 KB).
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.length).toBeLessThanOrEqual(5);
    expect(searches.at(-1)).toBe("/search?q=new-99");
    expect(cache.stats().bytes).toBeLessThanOrEqual(400 * 1024);
    cache.invalidate(["lists"]);
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps a render out of the cache when a write touched its tags while it ran, not otherwise", async () => {
    const cache = createResponseCache();
    const slowFill = (key: string, tags: string[]) => {
      const { gate, release } = gated();
      const filled = cache.fill(key, async () => {
        await gate;
        return pageWith(key, tags);
      });
      return { release, done: filled.page };
    };
    const touched = slowFill("/post/a", ["post:a"]);
    const untouched = slowFill("/post/b", ["post:b"]);
    cache.invalidate(["post:a", "lists"]);
    touched.release();
    untouched.release();
    await Promise.all([touched.done, untouched.done]);
    expect(cache.get("/post/a")).toBeUndefined();
    expect(cache.get("/post/b")).toBeDefined();
  });

  it("a request after a write that touched the page does not share a render begun before it", async () => {
    const cache = createResponseCache();
    const { gate, release } = gated();
    const before = cache.fill("/post/a", async () => {
      await gate;
      return pageWith("before the write", ["post:a"]);
    }, ["post:a"]);
    // A write elsewhere does not stop sharing.
    cache.invalidate(["post:b"]);
    const alongside = cache.fill("/post/a", async () => pageWith("unused", ["post:a"]), ["post:a"]);
    expect(alongside.shared).toBe(true);
    expect(alongside.page).toBe(before.page);

    cache.invalidate(["post:a"]);
    const after = cache.fill("/post/a", async () => pageWith("after the write", ["post:a"]), ["post:a"]);
    expect(after.shared).toBe(false);
    expect((await after.page)?.identity.toString()).toBe("after the write");
    release();
    await before.page;
    // The older render finished last but is not kept; the newer one is, and is what later misses share.
    expect(cache.get("/post/a")?.identity.toString()).toBe("after the write");
    const later = cache.fill("/post/a", async () => pageWith("later", ["post:a"]), ["post:a"]);
    expect(later.shared).toBe(false);
  });

  it("tags every public page by what it shows, .data requests like their pages", () => {
    expect(cacheTagsFor("/")).toEqual(["lists"]);
    expect(cacheTagsFor("/_root.data")).toEqual(["lists"]);
    expect(cacheTagsFor("/whats-new?page=2")).toEqual(["lists"]);
    // The article page shows its comments (app/comments): a new comment drops it by comments:{slug}.
    expect(cacheTagsFor("/post/hello-world")).toEqual(["post:hello-world", "comments:hello-world"]);
    expect(cacheTagsFor("/post/hello-world.data?_routes=routes/post")).toEqual([
      "post:hello-world",
      "comments:hello-world",
    ]);
    expect(cacheTagsFor("/post/hello-world.md")).toEqual(["post:hello-world"]);
    expect(cacheTagsFor("/category/javascript?page=3&view=list")).toEqual(["category:javascript"]);
    expect(cacheTagsFor("/category/javascript/rss.xml")).toEqual(["category:javascript"]);
    expect(cacheTagsFor("/search?q=react")).toEqual(["search"]);
    expect(cacheTagsFor("/sitemap.xml")).toEqual(["feeds"]);
    expect(cacheTagsFor("/sitemaps/articles-1.xml")).toEqual(["feeds"]);
    expect(cacheTagsFor("/feed.json")).toEqual(["feeds"]);
    expect(cacheTagsFor("/nowhere")).toBeNull();
    expect(cacheTagsFor("/post/%E0%A4%A")).toBeNull();
  });

  it("an article's write names its page and category before and after, and every list", () => {
    expect(articleTags({ slug: "old", categorySlug: "js" }, { slug: "new", categorySlug: "css" }).sort()).toEqual([
      "category:css",
      "category:js",
      "feeds",
      "lists",
      "post:new",
      "post:old",
      "search",
    ]);
    expect(articleTags(null).sort()).toEqual(["feeds", "lists", "search"]);
  });

  it("travels to other instances through NOTIFY's payload", () => {
    expect(decodeChange(encodeChange("article:1", [tags.article("a"), tags.lists]))).toEqual({
      reason: "article:1",
      tags: ["post:a", "lists"],
    });
    expect(decodeChange(encodeChange("article:1", null))).toEqual({ reason: "article:1", tags: null });
    // A lost listener connection reports an empty payload: everything may have changed.
    expect(decodeChange("")).toEqual({ reason: "remote", tags: null });
    // Too many tags for one NOTIFY: sent as "everything".
    const many = Array.from({ length: 2000 }, (_, i) => tags.article(`article-number-${i}`));
    expect(decodeChange(encodeChange("bulk", many)).tags).toBeNull();
  });
});

describe("staff pages kept per session", () => {
  const staff = (url: string, headers: Record<string, string>, method = "GET") =>
    ({ method, url, headers }) as unknown as IncomingMessage;
  const session = { cookie: `dp_session=${"a".repeat(43)}` };

  it("takes only document GETs of the dashboard with the session cookie alone", () => {
    expect(isStaffPageRequest(staff("/admin/dashboard", session))).toBe(true);
    expect(isStaffPageRequest(staff("/admin/dashboard?q=react&page=2", session))).toBe(true);
    expect(isStaffPageRequest(staff("/admin", session))).toBe(true);
    expect(isStaffPageRequest(staff("/admin/dashboard", session, "HEAD"))).toBe(true);
    // Other pages, other methods, no session, a toast to show, client data requests.
    expect(isStaffPageRequest(staff("/admin/people", session))).toBe(false);
    expect(isStaffPageRequest(staff("/admin/dashboard.data", session))).toBe(false);
    expect(isStaffPageRequest(staff("/admin/dashboard", session, "POST"))).toBe(false);
    expect(isStaffPageRequest(staff("/admin/dashboard", {}))).toBe(false);
    expect(isStaffPageRequest(staff("/admin/dashboard", { cookie: `${session.cookie}; dp_toast=x` }))).toBe(false);
    expect(isStaffPageRequest(staff("/admin/dashboard", { ...session, authorization: "Basic x" }))).toBe(false);
    expect(isStaffPageRequest(staff("/admin/dashboard", { cookie: `theme=dark; ${session.cookie}` }))).toBe(true);
    expect(
      isStaffPageRequest(staff("/admin/dashboard", { cookie: `${session.cookie}; dp_device=${"b".repeat(32)}` })),
    ).toBe(true);
    expect(isStaffPageRequest(staff("/admin/dashboard", { cookie: `${session.cookie}; dp_test_hooks=1` }))).toBe(false);
  });

  it("keeps only 200 HTML pages that set no cookie", () => {
    const html = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" };
    expect(storableStaffPage(new Response("<p>ok</p>", { headers: html }))).toBe(true);
    expect(storableStaffPage(new Response("<p>x</p>", { status: 404, headers: html }))).toBe(false);
    expect(storableStaffPage(new Response("<p>x</p>", { headers: { ...html, "Set-Cookie": "dp_session=x" } }))).toBe(
      false,
    );
    expect(storableStaffPage(new Response("{}", { headers: { "Content-Type": "application/json" } }))).toBe(false);
  });
});
