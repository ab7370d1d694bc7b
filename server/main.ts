/**
 * The production HTTP server: `npm start`.
 *
 * Builds the app if no build exists, applies migrations, seeds an empty database, then serves
 * static files and hands every other request to React Router (app-handler.ts). Requests that stock
 * servers answer with a 500 or log as errors are refused here with a 4xx: TRACE, absolute-form
 * targets, bad Host, NUL bytes (request-guard.ts), writes to routes without an action and to
 * unknown paths (route-methods.ts), and cross-site writes.
 * SIGTERM/SIGINT: /readyz turns 503, stop accepting, let in-flight requests finish, stop the
 * workers, close the database, exit < 5 s.
 * Every request is logged (one JSON line) and counted (/metrics) by observe.ts; /metrics answers
 * only with METRICS_TOKEN as a bearer token, or on METRICS_PORT.
 *
 * Runs on Node 24's built-in type stripping: erasable TypeScript only, explicit extensions.
 */
import { spawnSync } from "node:child_process";
import { createHash, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { createHeaders } from "@remix-run/node-fetch-server";
import sirv from "sirv";
import { compressAssets } from "../scripts/compress-assets.ts";
import { type AppBuild, type AppHandler, createAppHandler, type Runtime } from "./app-handler.ts";
import { createRouteLabeler, type Observed, observeRequest } from "./observe.ts";
import { checkRequestLine, oldAddressRedirect, type Refusal, trailingSlashRedirect } from "./request-guard.ts";
import { createMethodGuard } from "./route-methods.ts";

// Set before React is first loaded (in loadApp, dynamically): it picks its build from NODE_ENV.
process.env.NODE_ENV ??= "production";

// V8 lets the old generation grow up to four times what the last full collection kept before it
// collects again (on a machine with more than ~8 GB, whatever the load). Under load the server
// promotes in-flight renders' garbage, the heap grew by 100-150 MB in a soak and stayed committed.
// 1.6 times keeps that to ~40 MB (decision 29). The flag is read at each collection, so setting it
// here applies to the PGlite thread too; a `--heap-growing-percent` on the command line wins.
if (!process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) {
  v8.setFlagsFromString("--heap-growing-percent=60");
}

const root = process.cwd();
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const buildEntry = path.join(buildDir, "server/index.js");
const clientDir = path.join(buildDir, "client");

/** The app's logger once the build is loaded (before that, the console). */
let appRuntime: Runtime | undefined;

async function main() {
  const startedAt = performance.now();
  ensureBuild();
  const { build, reactRouter } = await loadApp();
  const { runtime } = build.entry.module;
  appRuntime = runtime;
  const { driver, siteUrl, metrics, shutdownDrainMs } = await runtime.startup().catch(fail);
  const onMainPort = metrics.port === undefined;
  const server = http.createServer(
    createRequestListener({
      runtime,
      checkMethod: createMethodGuard(build.routes, reactRouter.matchRoutes),
      labelRoute: createRouteLabeler(build.routes, reactRouter.matchRoutes),
      serveStatic: createStaticHandler(),
      serveMetrics: onMainPort ? createMetricsEndpoint(runtime, metrics.token, { openWithoutToken: false }) : null,
      app: await createAppHandler(build, reactRouter.createRequestHandler),
    }),
  );
  const host = process.env.HOST || "127.0.0.1";
  const address = await listen(server, Number(process.env.PORT ?? 3000), host);
  let metricsServer: http.Server | undefined;
  let metricsAddress: string | undefined;
  if (metrics.port !== undefined) {
    const serveMetrics = createMetricsEndpoint(runtime, metrics.token, { openWithoutToken: true });
    metricsServer = http.createServer((req, res) => {
      if (req.url === "/metrics" || req.url?.startsWith("/metrics?")) return void serveMetrics(req, res);
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Not Found\n");
    });
    metricsAddress = await listen(metricsServer, metrics.port, host);
  }
  const readyMs = Math.round(performance.now() - startedAt);
  runtime.logger().info(
    {
      event: "start",
      address,
      driver,
      readyMs,
      siteUrl,
      metrics: metricsAddress ?? (metrics.token ? "token" : "off"),
    },
    `DevPerspective on ${address} (${driver} database, ready in ${readyMs} ms; public URL ${siteUrl})`,
  );
  handleSignals(server, metricsServer, runtime, shutdownDrainMs);
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

/**
 * Static files carry `X-Content-Type-Options: nosniff`; an SVG, opened directly, runs nothing
 * (the policy uploads have, with inline styles allowed for drawings that use them).
 */
function staticSecurityHeaders(res: http.ServerResponse, pathname: string) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (pathname.endsWith(".svg")) {
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  }
}

/** Built assets (immutable, fingerprinted) and the public folder, precompressed; `next` when absent. */
function createStaticHandler(): StaticHandler {
  const compressed = { etag: true, gzip: true, brotli: true, setHeaders: staticSecurityHeaders };
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
  labelRoute: ReturnType<typeof createRouteLabeler>;
  serveStatic: StaticHandler;
  /** /metrics on this port (null when METRICS_PORT serves it). */
  serveMetrics: MetricsEndpoint | null;
  app: AppHandler;
};

/**
 * Every request: observed (one log line and metrics at its end, inside its request scope), then
 * refusals (malformed request line, a method the route does not take, a body over the ceiling,
 * a cross-site write), /metrics, static files, then the app.
 */
function createRequestListener(listener: Listener) {
  const { runtime, app, labelRoute } = listener;
  const handle = createRequestHandler(listener);
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const facts: Observed = {
      id: runtime.acceptedRequestId(req.headers["x-request-id"], runtime.newRequestId),
      kind: "static",
    };
    observeRequest(runtime, req, res, facts);
    // A page in the cache is answered before anything else runs: a request that the checks below
    // would refuse or send elsewhere never reaches the cache (a stored page's address passed them
    // all; a static file's path has a dot), so only the request line is checked again.
    const target = req.url ?? "/";
    if (
      (req.method === "GET" || req.method === "HEAD") &&
      !target.includes(".") &&
      checkRequestLine(req) === null &&
      app.answerHit(req, res, facts.id)
    ) {
      facts.kind = "app";
      facts.cache = "hit";
      facts.label = labelRoute(pathOf(target));
      return;
    }
    res.setHeader("X-Request-Id", facts.id);
    runtime.runWithRequestFacts(facts, () => handle(req, res, facts));
  };
}

function createRequestHandler({ runtime, checkMethod, labelRoute, serveStatic, serveMetrics, app }: Listener) {
  return (req: http.IncomingMessage, res: http.ServerResponse, facts: Observed) => {
    const lineRefusal = checkRequestLine(req);
    const slash = lineRefusal === null ? trailingSlashRedirect(req) : null;
    const refusal = lineRefusal ?? slash ?? checkMethod(req.method ?? "", req.url ?? "/") ?? crossSite(req);
    const target = req.url ?? "/";
    if (refusal) {
      facts.kind = "refused";
      // A request line that passed its checks is a path the route table reads: the route's pattern
      // tells the log line which segment is a link's token (observe.ts).
      if (lineRefusal === null) facts.label = labelRoute(pathOf(target));
      // Only a path no route of the app answers can be an imported article's old address (the
      // catch-all route redirects those): asked before the trailing-slash 301, so one hop.
      if (slash && facts.label?.route === "*") {
        return void oldAddressRedirect(slash, runtime.oldAddressTarget).then(
          (answer) => refuse(req, res, answer),
          (error: unknown) => {
            runtime.logger().warn({ err: error, path: pathOf(target) }, "old address lookup failed");
            refuse(req, res, slash);
          },
        );
      }
      return refuse(req, res, refusal);
    }
    if (serveMetrics && (target === "/metrics" || target.startsWith("/metrics?"))) {
      facts.kind = "metrics";
      return void serveMetrics(req, res);
    }
    const toApp = () => {
      facts.kind = "app";
      facts.label = labelRoute(pathOf(target));
      void app(req, res);
    };
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

/** A request target without its query string. */
function pathOf(target: string) {
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
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

type MetricsEndpoint = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/**
 * /metrics: the Prometheus text, only for `Authorization: Bearer <METRICS_TOKEN>` when a token is
 * set (compared in constant time). Without the token: 401 with nothing else (no metric, no route
 * name). On METRICS_PORT without a token, it answers anyone who reaches that port.
 */
function createMetricsEndpoint(
  runtime: Runtime,
  token: string | undefined,
  options: { openWithoutToken: boolean },
): MetricsEndpoint {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const expected = token ? digest(`Bearer ${token}`) : null;
  return async (req, res) => {
    const sent = req.headers.authorization;
    const allowed = expected
      ? typeof sent === "string" && timingSafeEqual(digest(sent), expected)
      : options.openWithoutToken;
    if (!allowed || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(allowed ? 405 : 401, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(allowed ? { Allow: "GET, HEAD" } : { "WWW-Authenticate": 'Bearer realm="metrics"' }),
      });
      res.end(allowed ? "Method Not Allowed\n" : "Unauthorized\n");
      return;
    }
    const { contentType, body } = await runtime.metricsText();
    res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/** Resolves with the address once listening; keep-alive longer than a load balancer's idle timeout. */
function listen(server: http.Server, port: number, host: string): Promise<string> {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve(`http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`);
    });
  });
}

/**
 * SIGTERM/SIGINT: not ready at once (/readyz 503); after SHUTDOWN_DRAIN_MS (default 0) stop
 * accepting, let in-flight requests finish (up to 3 s), stop the workers at a safe point, close
 * the database, exit 0 within 5 s.
 */
function handleSignals(server: http.Server, metricsServer: http.Server | undefined, runtime: Runtime, drainMs: number) {
  let stopping = false;
  const log = runtime.logger();
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.beginShutdown();
    log.info({ event: "shutdown", signal }, `${signal}: not ready; finishing in-flight requests`);
    // Exit within 5 s whatever happens.
    setTimeout(() => {
      log.error({ event: "shutdown" }, "shutdown took too long; exiting");
      runtime.flushLogs();
      process.exit(1);
    }, 4_500).unref();
    const closeServers = () => {
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      server.close(async () => {
        await runtime
          .shutdown()
          .catch((error) => log.error({ err: error, event: "shutdown" }, "closing the database failed"));
        log.info({ event: "shutdown" }, "stopped");
        runtime.flushLogs();
        process.exit(0);
      });
      server.closeIdleConnections();
      // A kept-alive connection whose last request finishes is closed at once, not at the cut-off.
      setInterval(() => server.closeIdleConnections(), 50).unref();
      // Requests still running after 3 s (4 s after the signal at most) are cut so the database can
      // close cleanly.
      setTimeout(() => server.closeAllConnections(), Math.min(3_000, 4_000 - drainMs)).unref();
    };
    // SHUTDOWN_DRAIN_MS: keep serving (while /readyz says 503) so a load balancer's next probe
    // takes this instance out of rotation before it stops accepting.
    if (drainMs > 0) setTimeout(closeServers, drainMs).unref();
    else closeServers();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  if (appRuntime) {
    appRuntime.logger().fatal({ event: "start" }, message);
    appRuntime.flushLogs();
  } else {
    console.error(`[start] ${message}`);
  }
  process.exit(1);
}

main().catch(fail);
