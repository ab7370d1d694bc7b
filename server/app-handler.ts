/**
 * Hands a request to React Router: per-request context (nonce, client address, request id),
 * security headers, the anonymous page cache in front, gzip for dynamic text responses.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { createRequestHandler as CreateRequestHandler, ServerBuild } from "react-router";
import type * as RuntimeModule from "../app/http/runtime.server.ts";
import {
  type CachedPage,
  cacheKey,
  createResponseCache,
  hitHead,
  isCacheableRequest,
  isStaffPageRequest,
  pickEncoding,
  type ResponseCache,
  storable,
  storableStaffPage,
  toCachedPage,
} from "./response-cache.ts";

/** What the application bundle gives the HTTP server: app/http/runtime.server.ts, exported by the entry. */
export type Runtime = typeof RuntimeModule;

/** The server build, with the runtime its entry module (app/entry.server.tsx) exports. */
export type AppBuild = ServerBuild & { entry: { module: { runtime: Runtime } } };

export type AppHandler = ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) & {
  /**
   * The fast path for a page already in the anonymous cache: answers it (true) or does nothing
   * (false). Only for a request that passed the request-line checks, that no static file can
   * answer, outside any request scope: a hit runs no application code.
   */
  answerHit(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): boolean;
};

/**
 * `createRequestHandler` comes from the caller: react-router must be loaded only after NODE_ENV is
 * set (see main.ts).
 */
export async function createAppHandler(
  build: AppBuild,
  createRequestHandler: typeof CreateRequestHandler,
): Promise<AppHandler> {
  const { runtime } = build.entry.module;
  const settings = runtime.handlerSettings();
  const handleRequest = createRequestHandler(build, settings.nodeEnv);
  const cache = createResponseCache({
    maxBytes: settings.pageCacheBytes,
    ttlMs: settings.pageCacheTtlMs,
    revalidates: true,
  });
  const cacheEnabled = settings.pageCache;
  // Staff pages rendered per session (the signed-in dashboard), kept under a key that changes with
  // the session, the person and the version of the data the page shows (drizzle/0006): a write on
  // any instance changes the version, so nothing here needs to be told.
  const staffCache = createResponseCache({ maxBytes: settings.staffPageCacheBytes });
  // The tags of each page come from its route's `handle.cacheTags`; a route without them is not kept.
  const pageTagsFor = runtime.createPageTagger(build.routes);
  runtime.registerPageCache("anonymous", cache.stats);
  runtime.registerPageCache("staff", staffCache.stats);
  runtime.onContentChanged((_reason, tags) => {
    cache.invalidate(tags);
    staffCache.clear();
  });
  await runtime.listenForContentChanges();

  async function render(req: http.IncomingMessage, res: http.ServerResponse) {
    const nonce = runtime.newNonce();
    const security = runtime.headersFor(nonce);
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    // The id the server accepted or gave this request (server/main.ts), also in its log line.
    const requestId = runtime.currentRequestId() ?? randomBytes(6).toString("base64url");
    res.setHeader("X-Request-Id", requestId);
    const request = createRequest(req, res);
    const dataRequest = (req.url ?? "/").split("?")[0]!.endsWith(".data");
    const loadContext = runtime.createLoadContext(
      { nonce, clientIp: clientIp(req, settings.trustProxy), requestId },
      { dataRequest },
    );
    // One bounded queue for requests that need the database (app/db/queue.server.ts): when it is
    // full this throws at once, and the request is answered 503 below without being rendered.
    return { response: await runtime.withDatabaseQueue(() => handleRequest(request, loadContext)), security };
  }

  /**
   * Answers from `store` under `key`, or renders once for all concurrent misses and keeps the page
   * when `keep` accepts the response (`tags`: what the page shows, for precise invalidation).
   */
  async function renderThrough(
    store: ResponseCache,
    key: string,
    keep: (response: Response) => boolean,
    tags: readonly string[] | null,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    startedAt: number,
    lookedUp = false,
  ) {
    const hit = lookedUp ? undefined : store.get(key);
    if (hit) return sendCached(req, res, hit, "HIT");
    const own: { uncached?: Response } = {};
    const { page, shared } = store.fill(
      key,
      async () => {
        const { response, security } = await render(req, res);
        if (!keep(response)) {
          own.uncached = response;
          return null;
        }
        return toCachedPage(response, security, tags);
      },
      tags,
    );
    const result = await page;
    if (result) {
      return sendCached(req, res, result, shared ? "HIT" : "MISS", shared ? undefined : performance.now() - startedAt);
    }
    if (own.uncached) return sendApp(req, res, own.uncached, startedAt);
    // Another request rendered a page that could not be stored: render this one ourselves.
    const { response } = await render(req, res);
    return sendApp(req, res, response, startedAt);
  }

  /**
   * A kept page past its TTL is answered as it is while one render replaces it in the background:
   * the render gets the same request (a GET without the site's cookies) and a response object of
   * its own that no client waits on, and takes its turn in the database queue like any other.
   */
  function refreshIfDue(req: http.IncomingMessage, key: string, page: CachedPage) {
    if (req.method !== "GET" || !cache.isDue(page)) return;
    cache.revalidate(key, page, async () => {
      try {
        const { response, security } = await render(req, new http.ServerResponse(req));
        return storable(response) ? toCachedPage(response, security, page.tags) : null;
      } catch (error) {
        // Busy: the page is tried again a little later. Anything else is worth a line.
        if (!runtime.isDatabaseBusyError(error))
          runtime.logger().warn({ err: error, path: key.split("?")[0] }, "page refresh failed");
        throw error;
      }
    });
  }

  async function renderStaffPage(req: http.IncomingMessage, res: http.ServerResponse, startedAt: number) {
    const identity = await runtime.staffPageKey(
      new Request("http://staff.invalid/", { headers: { cookie: String(req.headers.cookie ?? "") } }),
    );
    if (identity) {
      return renderThrough(staffCache, `${identity} ${req.url ?? "/"}`, storableStaffPage, null, req, res, startedAt);
    }
    const { response } = await render(req, res);
    return sendApp(req, res, response, startedAt);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const startedAt = performance.now();
    if (cacheEnabled && isCacheableRequest(req)) {
      const key = cacheKey(req);
      // Only tagged pages are ever stored, so a hit needs no route matching (the costly part).
      const hit = cache.get(key);
      if (hit) {
        refreshIfDue(req, key, hit);
        return sendCached(req, res, hit, "HIT");
      }
      const tags = pageTagsFor(key);
      if (tags) return renderThrough(cache, key, storable, tags, req, res, startedAt, true);
    }
    if (cacheEnabled && isStaffPageRequest(req)) return renderStaffPage(req, res, startedAt);
    const { response } = await render(req, res);
    await sendApp(req, res, response, startedAt);
  }

  /**
   * A hit answered with its whole head at once (hitHead): the same bytes sendCached sends for a
   * hit, without setting headers one by one. Conditional requests take sendCached's path.
   */
  function answerHit(req: http.IncomingMessage, res: http.ServerResponse, requestId: string) {
    if (!cacheEnabled || !isCacheableRequest(req)) return false;
    const key = cacheKey(req);
    const page = cache.getHit(key);
    if (!page) return false;
    refreshIfDue(req, key, page);
    if (req.headers["if-none-match"] !== undefined || req.headers["if-modified-since"] !== undefined) {
      res.setHeader("X-Request-Id", requestId);
      sendCached(req, res, page, "HIT");
      return true;
    }
    const { body, encoding } = pickEncoding(page, req.headers["accept-encoding"]);
    const head = hitHead(page, encoding, body.length);
    head[head.length - 1] = requestId;
    res.writeHead(page.status, head);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) =>
    handle(req, res).catch((error: unknown) => {
      if (runtime.isDatabaseBusyError(error) && !res.headersSent) return sendBusy(res, error.retryAfterSeconds);
      runtime.logger().error({ err: error, requestId: runtime.currentRequestId() }, "request failed");
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error\n");
      } else {
        res.destroy();
      }
    });
  return Object.assign(handler, { answerHit });
}

/** The database queue is full: refused at once, to be retried (never cached, never logged as a failure). */
function sendBusy(res: http.ServerResponse, retryAfterSeconds: number) {
  res.writeHead(503, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": String(retryAfterSeconds),
  });
  res.end("Service Unavailable: the site is busy. Please try again in a moment.\n");
}

function sendCached(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: CachedPage,
  outcome: string,
  renderMs?: number,
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", outcome);
  res.setHeader(
    "Server-Timing",
    `cache;desc="${outcome}"${renderMs === undefined ? "" : `, app;dur=${renderMs.toFixed(1)}`}`,
  );
  if (notModified(req, page)) {
    res.writeHead(304);
    res.end();
    return;
  }
  const { body, encoding } = pickEncoding(page, req.headers["accept-encoding"]);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(page.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

async function sendApp(req: http.IncomingMessage, res: http.ServerResponse, response: Response, startedAt: number) {
  res.setHeader("Server-Timing", `app;dur=${(performance.now() - startedAt).toFixed(1)}`);
  await sendResponse(res, compress(req, response));
}

/** Conditional GET against a cached page: If-None-Match first, else If-Modified-Since. */
function notModified(req: http.IncomingMessage, page: CachedPage) {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag);
  const since = Date.parse(String(req.headers["if-modified-since"] ?? ""));
  const lastModified = Date.parse(page.headers.find(([name]) => name === "last-modified")?.[1] ?? "");
  return Number.isFinite(since) && Number.isFinite(lastModified) && lastModified <= since;
}

/**
 * The reader's address, for rate limits. Behind a reverse proxy or load balancer (TRUST_PROXY=1)
 * it is the last X-Forwarded-For entry, the one our own proxy appended; earlier entries are the
 * client's to invent.
 */
function clientIp(req: http.IncomingMessage, trustProxy: boolean) {
  const direct = req.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return direct;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded.at(-1) ?? direct;
}

const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|feed\+json|ld\+json|javascript)|image\/svg\+xml)/;

/** gzip for dynamic text responses; static files are served precompressed by sirv. */
function compress(req: http.IncomingMessage, response: Response): Response {
  const type = response.headers.get("Content-Type") ?? "";
  if (
    !response.body ||
    response.headers.has("Content-Encoding") ||
    !COMPRESSIBLE.test(type) ||
    !/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Encoding");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
