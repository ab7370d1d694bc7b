/**
 * The production HTTP server: `npm start`.
 *
 * Builds the app if no build exists, applies migrations, seeds an empty database, then serves
 * static files and hands every other request to React Router. Requests that stock servers answer
 * with a 500 (TRACE, absolute-form targets, bad Host, NUL bytes) are refused here with a 4xx.
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit < 5 s.
 *
 * Runs on Node 24's built-in type stripping: erasable TypeScript only, explicit extensions.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createHeaders, createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import sirv from "sirv";
import { compressAssets } from "../scripts/compress-assets.ts";
import { checkRequestLine, MAX_BODY_BYTES } from "./request-guard.ts";
import {
  type CachedPage,
  cacheKey,
  createResponseCache,
  isCacheableRequest,
  pickEncoding,
  storable,
  toCachedPage,
} from "./response-cache.ts";

// Set before React is first loaded (below, dynamically): it picks its build from NODE_ENV.
process.env.NODE_ENV ??= "production";

const root = process.cwd();
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const buildEntry = path.join(buildDir, "server/index.js");
const clientDir = path.join(buildDir, "client");

type Runtime = {
  startup(options?: { seedWhenEmpty?: boolean }): Promise<{ driver: string; siteUrl: string }>;
  newNonce(): string;
  headersFor(nonce: string): Record<string, string>;
  createLoadContext(info: { nonce: string; clientIp: string }): unknown;
  onContentChanged(listener: (reason: string) => void): () => void;
  isCrossSiteWrite(request: Request): boolean;
  listenForContentChanges(): Promise<void>;
  shutdown(): Promise<void>;
};

function ensureBuild() {
  if (fs.existsSync(buildEntry)) return;
  console.log("[start] no build found: building (one time)…");
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) {
    console.error("[start] the build failed; see the output above.");
    process.exit(1);
  }
  compressAssets(clientDir);
}

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[start] ${message}`);
  process.exit(1);
}

async function main() {
  const startedAt = performance.now();
  ensureBuild();
  const build = (await import(pathToFileURL(buildEntry).href)) as ServerBuild;
  const runtime = (build.entry.module as unknown as { runtime: Runtime }).runtime;

  const { driver, siteUrl } = await runtime.startup().catch(fail);

  const { createRequestHandler } = await import("react-router");
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  const serveAssets = sirv(path.join(clientDir, "assets"), { immutable: true, maxAge: 31_536_000, etag: true, gzip: true, brotli: true });
  const serveStatic = sirv(clientDir, { maxAge: 3600, etag: true, gzip: true, brotli: true, dotfiles: false });

  const cache = createResponseCache({ maxBytes: Number(process.env.PAGE_CACHE_MB ?? 48) * 1024 * 1024 });
  const cacheEnabled = process.env.PAGE_CACHE !== "off";
  runtime.onContentChanged(() => cache.clear());
  await runtime.listenForContentChanges();

  async function render(req: http.IncomingMessage, res: http.ServerResponse) {
    const nonce = runtime.newNonce();
    const security = runtime.headersFor(nonce);
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    const request = createRequest(req, res);
    const loadContext = runtime.createLoadContext({ nonce, clientIp: clientIp(req) });
    return { response: await handleRequest(request, loadContext as never), security };
  }

  function sendCached(req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, outcome: string, renderMs?: number) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", outcome);
    res.setHeader("Server-Timing", `cache;desc="${outcome}"${renderMs === undefined ? "" : `, app;dur=${renderMs.toFixed(1)}`}`);
    if (notModified(req, page)) {
      res.writeHead(304);
      res.end();
      return;
    }
    const { body, encoding } = pickEncoding(page, req.headers["accept-encoding"] as string | undefined);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(page.status);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function handleApp(req: http.IncomingMessage, res: http.ServerResponse) {
    const startedAt = performance.now();
    if (cacheEnabled && isCacheableRequest(req)) {
      const key = cacheKey(req);
      const hit = cache.get(key);
      if (hit) return sendCached(req, res, hit, "HIT");
      const own: { uncached?: Response } = {};
      const { page, shared } = cache.fill(key, async () => {
        const { response, security } = await render(req, res);
        if (!storable(response)) {
          own.uncached = response;
          return null;
        }
        return toCachedPage(response, security);
      });
      const result = await page;
      if (result) return sendCached(req, res, result, shared ? "HIT" : "MISS", shared ? undefined : performance.now() - startedAt);
      if (own.uncached) return sendApp(req, res, own.uncached, startedAt);
      // Another request rendered a page that could not be stored: render this one ourselves.
    }
    const { response } = await render(req, res);
    await sendApp(req, res, response, startedAt);
  }

  async function sendApp(req: http.IncomingMessage, res: http.ServerResponse, response: Response, startedAt: number) {
    res.setHeader("Server-Timing", `app;dur=${(performance.now() - startedAt).toFixed(1)}`);
    await sendResponse(res, compress(req, response));
  }

  const server = http.createServer((req, res) => {
    const refusal = checkRequestLine(req);
    if (refusal) {
      res.writeHead(refusal.status, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      res.end(`${refusal.message}\n`);
      return;
    }
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      res.end("Request body too large\n");
      req.resume();
      return;
    }
    const onError = (error: unknown) => {
      console.error(error);
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error\n");
      } else {
        res.destroy();
      }
    };
    // Forged cross-site writes are refused before any application code runs (React Router would
    // answer a bare 400 and log an error for each).
    if (req.method === "POST" && runtime.isCrossSiteWrite(new Request(`http://${req.headers.host}${req.url}`, { method: "POST", headers: createHeaders(req) }))) {
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Forbidden: cross-site form submissions are not accepted.\n");
      req.resume();
      return;
    }
    const toApp = () => handleApp(req, res).catch(onError);
    // A static file deleted under a running server (a rebuild) must not crash the process.
    res.once("pipe", (source) => {
      source.once("error", () => {
        if (!res.headersSent) {
          res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("Not Found\n");
        } else {
          res.destroy();
        }
      });
    });
    if ((req.method === "GET" || req.method === "HEAD") && req.url && req.url.includes(".")) {
      const target = req.url.startsWith("/assets/") ? serveAssets : serveStatic;
      // sirv wants the mount-relative path for the assets folder.
      if (target === serveAssets) {
        const original = req.url;
        req.url = original.slice("/assets".length);
        serveAssets(req, res, () => {
          req.url = original;
          void toApp();
        });
        return;
      }
      serveStatic(req, res, () => void toApp());
      return;
    }
    void toApp();
  });

  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || "127.0.0.1";
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(
      `[start] DevPerspective on http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort} (${driver} database, ready in ${Math.round(performance.now() - startedAt)} ms; public URL ${siteUrl})`,
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[start] ${signal}: finishing in-flight requests…`);
    // Exit within 5 s whatever happens.
    setTimeout(() => {
      console.error("[start] shutdown took too long; exiting");
      process.exit(1);
    }, 4_500).unref();
    server.close(async () => {
      await runtime.shutdown().catch((error) => console.error("[start] closing the database failed:", error));
      process.exit(0);
    });
    server.closeIdleConnections();
    // Requests still running after 3 s are cut so the database can close cleanly.
    setTimeout(() => server.closeAllConnections(), 3_000).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
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
function clientIp(req: http.IncomingMessage) {
  const direct = req.socket.remoteAddress ?? "unknown";
  if (process.env.TRUST_PROXY !== "1") return direct;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded.at(-1) ?? direct;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|feed\+json|ld\+json|javascript)|image\/svg\+xml)/;

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

main().catch(fail);
