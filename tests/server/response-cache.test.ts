import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { applyCachePolicy, PERSONAL_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/http/cache-policy.server";
import {
  createResponseCache,
  cspWithScriptHashes,
  isCacheableRequest,
  pickEncoding,
  storable,
  toCachedPage,
} from "../../server/response-cache";

const req = (headers: Record<string, string> = {}, method = "GET") =>
  ({ method, url: "/", headers }) as unknown as IncomingMessage;
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
    expect(gunzipSync(page.gzip!).toString()).toBe(html);
    expect(page.brotli!.length).toBeLessThan(html.length);
    const headers = new Map(page.headers);
    expect(headers.get("content-security-policy")).not.toContain("nonce");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(pickEncoding(page, "gzip, deflate, br").encoding).toBe("br");
    expect(pickEncoding(page, "gzip").encoding).toBe("gzip");
    expect(pickEncoding(page, undefined).encoding).toBeNull();
    expect(pickEncoding(page, undefined).body.toString()).toBe(html);
    expect(page.identity).toBeNull();
  });

  it("render once for concurrent misses, and a clear during a render keeps its stale result out", async () => {
    const cache = createResponseCache();
    let renders = 0;
    const page = await toCachedPage(new Response("hello"), {});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
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
