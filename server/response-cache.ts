/**
 * The in-process page cache that answers anonymous GETs before React Router is reached.
 *
 * - Only requests without the site's cookies (dp_session, dp_toast, test hooks) are candidates,
 *   and only 200 responses that the app marked `Cache-Control: public` and that set no cookie
 *   are stored: an error or a signed-in page is never cached. Immutable responses (uploaded images,
 *   /media/…) are not stored either: browsers and CDNs keep those.
 * - Each body is kept as sent (identity) and, for text worth compressing, brotli-compressed at
 *   store time and gzip-compressed the first time a client asks for gzip (browsers take brotli, so
 *   a page seen once, such as a new search, is compressed once, not twice): every client, whatever
 *   its Accept-Encoding (curl, monitors and crawlers often send none), gets bytes from memory.
 * - The page's nonce-based CSP is rewritten to hashes of the page's own inline scripts, so a
 *   cached page never shares a nonce with other responses and still runs exactly its scripts.
 * - Every page carries tags (its route's `handle.cacheTags`, app/cache/route-tags.ts); a write of
 *   public content announces the tags it touched (app/cache/content-events.server.ts) and only the pages sharing one are
 *   dropped (untagged pages with every write), locally and on other instances. Entries are also
 *   rendered again after a TTL, as a safety net: a page past it is still answered while one
 *   render in the background replaces it (stale-while-revalidate: a busy database never makes a
 *   reader wait for a page the cache holds), and a page nobody asked for in twice the TTL is dropped.
 * - Concurrent misses for one URL render once.
 * - A second instance of the same cache keeps staff pages (the dashboard) per session, under a key
 *   the database gives (session, user, version of what the page shows): see isStaffPageRequest.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";

export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  identity: Buffer;
  /** Null for bodies not worth compressing. */
  brotli: Buffer | null;
  /** Made by the first request that takes gzip (pickEncoding); null for bodies not worth compressing. */
  gzip: Buffer | null | undefined;
  etag: string;
  /** What the page shows (app/cache/tags.ts); null (staff pages): dropped by every write. */
  tags: readonly string[] | null;
  /** A hit's response head per encoding, made on the first hit (hitHead). */
  hitHeads?: Partial<Record<"br" | "gzip" | "identity", string[]>>;
  /** When (performance.now()) the page is due to be rendered again (set when it is kept). */
  refreshAt?: number;
};

/**
 * A cache hit's whole response head for `encoding` as the flat list `writeHead` takes, the last
 * value left for the request id. Made once per page and encoding and handed to `writeHead` alone
 * (no `setHeader` before it): no headers map is built per request (Node still checks each name
 * and value as it writes the head). The caller sets the last slot and passes it at once.
 */
export function hitHead(page: CachedPage, encoding: "br" | "gzip" | null, length: number): string[] {
  page.hitHeads ??= {};
  const heads = page.hitHeads;
  const name = encoding ?? "identity";
  let head = heads[name];
  if (!head) {
    head = page.headers.flat();
    head.push("ETag", page.etag, "Vary", "Accept-Encoding", "X-Cache", "HIT", "Server-Timing", 'cache;desc="HIT"');
    if (encoding) head.push("Content-Encoding", encoding);
    head.push("Content-Length", String(length), "X-Request-Id", "");
    heads[name] = head;
  }
  return head;
}

const PERSONAL_COOKIE = /(?:^|;\s*)dp_[a-z_]+=/;
const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|feed\+json|javascript|x-ndjson)|image\/svg\+xml)/;
// Headers that describe one response on the wire rather than the page.
const HOP_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "server-timing",
  "vary",
]);

export function isCacheableRequest(req: IncomingMessage) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  const cookie = req.headers.cookie;
  if (cookie && PERSONAL_COOKIE.test(cookie)) return false;
  // Content negotiation for agents (/post/{slug} as markdown) is not worth a cache variant.
  if (String(req.headers.accept ?? "").includes("text/markdown")) return false;
  return true;
}

/**
 * The staff pages kept per session (the dashboard: server/app-handler.ts): a document GET of
 * /admin or /admin/dashboard carrying the session cookie and no other site cookie but the device
 * id (a toast to show or a test hook makes the render necessary). The key comes from the database (staffPageKey).
 */
const STAFF_PAGES = new Set(["/admin", "/admin/", "/admin/dashboard"]);
const SITE_COOKIE = /(?:^|;\s*)(dp_[a-z_]+)=/g;
// The session, and the sign-in rate limit's device id (which the page does not show).
const STAFF_PAGE_COOKIES = new Set(["dp_session", "dp_device"]);

export function isStaffPageRequest(req: IncomingMessage) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  if (!STAFF_PAGES.has((req.url ?? "/").split("?")[0]!)) return false;
  if (String(req.headers.accept ?? "").includes("text/markdown")) return false;
  const names = [...String(req.headers.cookie ?? "").matchAll(SITE_COOKIE)].map((match) => match[1]!);
  return names.includes("dp_session") && names.every((name) => STAFF_PAGE_COOKIES.has(name));
}

/** A staff page worth keeping: a 200 HTML page that sets no cookie (it is private: never `public`). */
export function storableStaffPage(response: Response) {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

export function cacheKey(req: IncomingMessage) {
  return req.url ?? "/";
}

/**
 * Replaces 'nonce-…' with the hashes of the page's inline scripts. The page is scanned as latin1
 * (one character per byte, and every tag is ASCII: decoding it as UTF-8 cost more than the rest
 * of storing a page) and each script is hashed as its UTF-8 bytes, as browsers hash it.
 */
export function cspWithScriptHashes(csp: string, html: string | Buffer) {
  const bytes = typeof html === "string" ? Buffer.from(html) : html;
  const hashes = new Set<string>();
  for (const match of bytes.toString("latin1").matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/.test(attributes) || /type\s*=\s*"application\/(ld\+)?json"/.test(attributes)) continue;
    const start = match.index + "<script".length + attributes.length + 1;
    const script = bytes.subarray(start, start + (match[2]?.length ?? 0));
    hashes.add(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  }
  return csp.replace(/'nonce-[^']*'/, [...hashes].join(" ") || "'none'");
}

export function storable(response: Response) {
  if (response.status !== 200) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  // Immutable files (uploaded images at hashed URLs) are for browsers and CDNs to keep: held
  // here they would push pages out of memory and lose their own ETag.
  if (/\bimmutable\b/.test(cacheControl)) return false;
  return /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

/**
 * Brotli at quality 5, with a window no larger than the page (the same bytes out as the default
 * 4 MB window for any page under it, without setting that window up for each page).
 */
function brotli(body: Buffer) {
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1))));
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      [zlib.BROTLI_PARAM_LGWIN]: window,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export async function toCachedPage(
  response: Response,
  headersFromServer: Record<string, string | number | string[]>,
  tags: readonly string[] | null = null,
): Promise<CachedPage> {
  const identity = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("Content-Type") ?? "";
  const headers: Array<[string, string]> = [];
  const merged = new Map<string, string>();
  for (const [name, value] of Object.entries(headersFromServer)) merged.set(name.toLowerCase(), String(value));
  for (const [name, value] of response.headers) merged.set(name.toLowerCase(), value);
  const csp = merged.get("content-security-policy");
  if (csp && type.startsWith("text/html")) merged.set("content-security-policy", cspWithScriptHashes(csp, identity));
  for (const [name, value] of merged) if (!HOP_HEADERS.has(name) && name !== "etag") headers.push([name, value]);
  const compressible = COMPRESSIBLE.test(type) && identity.length > 512;
  return {
    status: response.status,
    headers,
    identity,
    brotli: compressible ? brotli(identity) : null,
    gzip: compressible ? undefined : null,
    etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
    tags,
  };
}

/** A background render that failed (the database busy, an error) is tried again this much later. */
const REFRESH_RETRY_MS = 1_000;
/**
 * Background renders at once: pages kept at about the same time fall due together (a warm-up, a
 * write that dropped many), and a render per page at once would fill the database queue that
 * readers' requests need. The others stay due and start on a later hit.
 */
const MAX_REFRESHES = 2;

/** The share of the page cache's budget that pages with a query string may take. */
const QUERY_PAGES_SHARE = 0.25;

/**
 * `revalidates`: the owner renders due pages again in the background (`isDue`, `revalidate`), so
 * a page is dropped only after twice the TTL; otherwise it is dropped at the TTL.
 */
export function createResponseCache(options: { maxBytes?: number; ttlMs?: number; revalidates?: boolean } = {}) {
  const ttlMs = options.ttlMs ?? 5 * 60 * 1000;
  const maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
  const segment = (share: number) =>
    new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, Math.floor(maxBytes * share)),
      // A gzip body not made yet is counted ahead at a size it reaches for HTML (~1.2 × brotli's).
      sizeCalculation: (page) =>
        page.identity.length +
        (page.brotli?.length ?? 0) +
        (page.gzip === null ? 0 : (page.gzip?.length ?? Math.ceil((page.brotli?.length ?? 0) * 1.25))) +
        512,
      // With revalidation, the hard limit for a page due for a new render that nobody asked for.
      ttl: options.revalidates ? 2 * ttlMs : ttlMs,
      // Pages pushed out to stay within the segment's size (not replaced, expired or invalidated ones).
      dispose: (_page, _key, reason) => {
        if (reason === "evict") stats.evictions++;
      },
    });
  // Two segments: pages at a plain path (home, articles, categories) and pages with a query
  // string (searches, later pages of lists), kept within a quarter of the budget. Query strings
  // have no end (every new search is a new page): in one shared LRU a stream of them pushed the
  // site's own pages out (a soak of unique searches evicted articles being read every second,
  // which then waited behind the searches to be rendered again), and anyone could flush the cache
  // by asking for made-up queries.
  const paths = segment(1 - QUERY_PAGES_SHARE);
  const queries = segment(QUERY_PAGES_SHARE);
  const segmentOf = (key: string) => (key.includes("?") ? queries : paths);
  const cache = {
    get: (key: string) => segmentOf(key).get(key),
    peek: (key: string) => segmentOf(key).peek(key),
    set: (key: string, page: CachedPage) => segmentOf(key).set(key, page),
    delete: (key: string) => segmentOf(key).delete(key),
    *entries() {
      yield* paths.entries();
      yield* queries.entries();
    },
    clear() {
      paths.clear();
      queries.clear();
    },
    get size() {
      return paths.size + queries.size;
    },
    get calculatedSize() {
      return paths.calculatedSize + queries.calculatedSize;
    },
  };
  const inFlight = new Map<string, { page: Promise<CachedPage | null>; startedAt: number }>();
  let refreshing = 0;
  // Invalidations are numbered; a render keeps its result only if nothing it shows was
  // invalidated while it ran (per tag; untagged pages and "everything" use the last number).
  let generation = 0;
  let everythingAt = 0;
  const tagInvalidatedAt = new Map<string, number>();
  let stats = { hits: 0, misses: 0, clears: 0, invalidations: 0, dropped: 0, evictions: 0, refreshes: 0 };

  /** True when a write since `startedAt` touched what a page with `tags` shows (null: anything). */
  const touchedSince = (tags: readonly string[] | null | undefined, startedAt: number) => {
    if (everythingAt > startedAt) return true;
    if (!tags) return generation > startedAt;
    return tags.some((tag) => (tagInvalidatedAt.get(tag) ?? 0) > startedAt);
  };

  return {
    get: (key: string) => {
      const page = cache.get(key);
      if (page) stats.hits++;
      else stats.misses++;
      return page;
    },
    /** As `get`, but a miss is not counted: the caller goes on to `get` (server/main.ts's fast path). */
    getHit: (key: string) => {
      const page = cache.get(key);
      if (page) stats.hits++;
      return page;
    },
    /**
     * Renders once for all concurrent misses of `key`; a page invalidated while rendering is not
     * stored. A render that began before a write touching `tags` (the page's, when the caller knows
     * them; otherwise any write) is not shared: a request that comes after the write renders anew,
     * so whoever made the write sees it on the next page.
     */
    fill(key: string, render: () => Promise<CachedPage | null>, tags?: readonly string[] | null) {
      const pending = inFlight.get(key);
      if (pending && !touchedSince(tags, pending.startedAt)) return { page: pending.page, shared: true };
      const startedAt = generation;
      const entry = {
        startedAt,
        page: render()
          .then((result) => {
            if (result && !touchedSince(result.tags, startedAt)) {
              result.refreshAt = performance.now() + ttlMs;
              cache.set(key, result);
            }
            return result;
          })
          .finally(() => {
            if (inFlight.get(key) === entry) inFlight.delete(key);
          }),
      };
      inFlight.set(key, entry);
      return { page: entry.page, shared: false };
    },
    /** True when `page` has been kept for the TTL: answer it, and `revalidate` it. */
    isDue: (page: CachedPage) => page.refreshAt !== undefined && performance.now() >= page.refreshAt,
    /**
     * Renders `key` again in the background while `page` (due) keeps being answered; nothing
     * waits for it. A render that fails leaves `page` in place to be tried again later; one whose
     * response may not be kept (the page is gone or changed kind) drops `page`, so the next request
     * renders for itself.
     */
    revalidate(key: string, page: CachedPage, render: () => Promise<CachedPage | null>) {
      if (inFlight.has(key) || refreshing >= MAX_REFRESHES) return;
      page.refreshAt = performance.now() + REFRESH_RETRY_MS;
      refreshing++;
      this.fill(key, render, page.tags)
        .page.then(
          (result) => {
            if (result && cache.peek(key) === result) stats.refreshes++;
            else if (!result && cache.peek(key) === page) cache.delete(key);
          },
          () => {},
        )
        .finally(() => {
          refreshing--;
        });
    },
    /** Drops the pages that carry one of `tags`, and untagged pages; `null` drops everything. */
    invalidate(tags: readonly string[] | null) {
      if (!tags) return this.clear();
      generation++;
      stats.invalidations++;
      const touched = new Set(tags);
      for (const tag of touched) tagInvalidatedAt.set(tag, generation);
      for (const [key, page] of cache.entries()) {
        if (!page.tags || page.tags.some((tag) => touched.has(tag))) {
          cache.delete(key);
          stats.dropped++;
        }
      }
    },
    clear() {
      generation++;
      everythingAt = generation;
      tagInvalidatedAt.clear();
      stats.clears++;
      stats.dropped += cache.size;
      cache.clear();
    },
    stats: () => ({ ...stats, entries: cache.size, bytes: cache.calculatedSize }),
    resetStats() {
      stats = { hits: 0, misses: 0, clears: 0, invalidations: 0, dropped: 0, evictions: 0, refreshes: 0 };
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/** The bytes to send for this request's Accept-Encoding. */
export function pickEncoding(page: CachedPage, acceptEncoding: string | undefined) {
  const accept = acceptEncoding ?? "";
  if (page.brotli && /\bbr\b/.test(accept)) return { body: page.brotli, encoding: "br" as const };
  if (page.gzip !== null && /\bgzip\b/.test(accept)) {
    page.gzip ??= gzipSync(page.identity, { level: 6 });
    return { body: page.gzip, encoding: "gzip" as const };
  }
  return { body: page.identity, encoding: null };
}
