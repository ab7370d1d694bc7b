/**
 * The production HTTP server: `npm start`.
 *
 * Builds the app if no build exists, applies migrations, seeds an empty database, then serves
 * static files and hands every other request to React Router (app-handler.ts). Requests that stock
 * servers answer with a 500 or log as errors are refused here with a 4xx: TRACE, absolute-form
 * targets, bad Host, NUL bytes (request-guard.ts), writes to routes without an action and to
 * unknown paths (route-methods.ts), and cross-site writes.
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit < 5 s.
 *
 * Runs on Node 24's built-in type stripping: erasable TypeScript only, explicit extensions.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createHeaders } from "@remix-run/node-fetch-server";
import sirv from "sirv";
import { compressAssets } from "../scripts/compress-assets.ts";
import { type AppBuild, type AppHandler, createAppHandler, type Runtime } from "./app-handler.ts";
import { checkRequestLine, type Refusal, trailingSlashRedirect } from "./request-guard.ts";
import { createMethodGuard } from "./route-methods.ts";

// Set before React is first loaded (in loadApp, dynamically): it picks its build from NODE_ENV.
process.env.NODE_ENV ??= "production";

const root = process.cwd();
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const buildEntry = path.join(buildDir, "server/index.js");
const clientDir = path.join(buildDir, "client");

async function main() {
  const startedAt = performance.now();
  ensureBuild();
  const { build, reactRouter } = await loadApp();
  const { runtime } = build.entry.module;
  const { driver, siteUrl } = await runtime.startup().catch(fail);
  const server = http.createServer(
    createRequestListener({
      runtime,
      checkMethod: createMethodGuard(build.routes, reactRouter.matchRoutes),
      serveStatic: createStaticHandler(),
      app: await createAppHandler(build, reactRouter.createRequestHandler),
    }),
  );
  const address = await listen(server);
  console.log(
    `[start] DevPerspective on ${address} (${driver} database, ready in ${Math.round(performance.now() - startedAt)} ms; public URL ${siteUrl})`,
  );
  handleSignals(server, runtime);
}

/** `npm start` on a fresh clone builds once. */
function ensureBuild() {
  if (fs.existsSync(buildEntry)) return;
  console.log("[start] no build found: building (one time)…");
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("[start] the build failed; see the output above.");
    process.exit(1);
  }
  compressAssets(clientDir);
}

/** The server build (typed by what app/entry.server.tsx exports) and React Router itself. */
async function loadApp() {
  const build: AppBuild = await import(pathToFileURL(buildEntry).href);
  const reactRouter = await import("react-router");
  return { build, reactRouter };
}

type StaticHandler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/** Built assets (immutable, fingerprinted) and the public folder, precompressed; `next` when absent. */
function createStaticHandler(): StaticHandler {
  const compressed = { etag: true, gzip: true, brotli: true };
  const serveAssets = sirv(path.join(clientDir, "assets"), { ...compressed, immutable: true, maxAge: 31_536_000 });
  const servePublic = sirv(clientDir, { ...compressed, maxAge: 3600, dotfiles: false });
  return (req, res, next) => {
    const original = req.url ?? "/";
    if (!original.startsWith("/assets/")) return servePublic(req, res, next);
    // sirv wants the mount-relative path for the assets folder.
    req.url = original.slice("/assets".length);
    serveAssets(req, res, () => {
      req.url = original;
      next();
    });
  };
}

type Listener = {
  runtime: Runtime;
  checkMethod: (method: string, target: string) => Refusal | null;
  serveStatic: StaticHandler;
  app: AppHandler;
};

/**
 * Every request: refusals first (malformed request line, a method the route does not take, a
 * body over the ceiling, a cross-site write), then static files, then the app.
 */
function createRequestListener({ runtime, checkMethod, serveStatic, app }: Listener) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const refusal =
      checkRequestLine(req) ??
      trailingSlashRedirect(req) ??
      checkMethod(req.method ?? "", req.url ?? "/") ??
      crossSite(req);
    if (refusal) return refuse(req, res, refusal);
    const toApp = () => void app(req, res);
    if ((req.method === "GET" || req.method === "HEAD") && req.url?.includes(".")) {
      // A static file deleted under a running server (a rebuild) must not crash the process.
      res.once("pipe", (source) => {
        source.once("error", () => {
          if (res.headersSent) return res.destroy();
          res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("Not Found\n");
        });
      });
      return serveStatic(req, res, toApp);
    }
    toApp();
  };

  /**
   * Forged cross-site writes are refused here, the one place that checks them, before any
   * application code runs (React Router would answer a bare 400 and log an error for each).
   */
  function crossSite(req: http.IncomingMessage): Refusal | null {
    if (req.method === "GET" || req.method === "HEAD") return null;
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: createHeaders(req),
    });
    if (!runtime.isCrossSiteWrite(request)) return null;
    return { status: 403, message: "Forbidden: cross-site form submissions are not accepted." };
  }
}

/** How much of a refused request's body is read and dropped, at most, before the connection closes. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal) {
  res.writeHead(refusal.status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    // A body too large is discarded as it arrives (on a kept-alive connection Node reads it to
    // the end): closing at once would cut the client off mid-upload, and most clients then
    // report a broken connection (EPIPE) instead of the 413.
    ...(refusal.status === 413 || refusal.status === 301 ? {} : { Connection: "close" }),
    ...refusal.headers,
  });
  res.write(`${refusal.message}\n`);
  const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody || req.complete) {
    res.end();
    req.resume();
    return;
  }
  // A body still on its way is read and dropped before the answer ends: closing at once would
  // reset the connection under a client still sending, which then never sees the answer.
  let drained = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(end, DRAIN_MAX_MS);
  req.on("data", (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_MAX_BYTES) end();
  });
  req.once("end", end);
  req.once("error", end);
  req.resume();
}

/** Resolves with the address once listening; keep-alive longer than a load balancer's idle timeout. */
function listen(server: http.Server): Promise<string> {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || "127.0.0.1";
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve(`http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`);
    });
  });
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit < 5 s. */
function handleSignals(server: http.Server, runtime: Runtime) {
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

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[start] ${message}`);
  process.exit(1);
}

main().catch(fail);
