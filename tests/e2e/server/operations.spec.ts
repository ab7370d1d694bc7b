/**
 * Operations (issue 27), on both databases: one JSON log line per request with no secret in the
 * whole log; /metrics only with the bearer token (or on METRICS_PORT); /readyz ready while
 * serving and 503 from SIGTERM on, while in-flight requests finish and the process exits 0 within
 * 5 s; security headers on shipped static files.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { freePort, type RunningServer, startServer } from "../support/server-process";

const ADMIN = { email: "ops@example.com", password: "ops-password-never-logged", name: "Ops Person" };
const TOKEN = "metrics-token-never-logged-0123";

type LogLine = Record<string, unknown> & { msg: string };

/** Every line the server wrote, parsed: each one must be JSON. */
function logLines(server: RunningServer): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

async function requestLine(server: RunningServer, requestId: string): Promise<LogLine> {
  let found: LogLine | undefined;
  await expect
    .poll(() => {
      found = logLines(server).find((line) => line.msg === "request" && line.requestId === requestId);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

async function get(server: RunningServer, target: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${target}`, { headers, redirect: "manual" });
  const body = await response.text();
  return { response, body, id: response.headers.get("X-Request-Id") ?? "" };
}

for (const database of testDatabases) {
  test.describe(`operations on ${database.name}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 });

    let server: RunningServer;
    let drop: () => Promise<void>;
    let env: Record<string, string>;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      const created = await database.create();
      drop = created.drop;
      env = created.env;
      createAdmin(created.env, ADMIN);
      server = await startServer({
        env: { ...created.env, METRICS_TOKEN: TOKEN, SHUTDOWN_DRAIN_MS: "1000", LOG_LEVEL: "info" },
      });
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    test("one JSON line per request: id, method, path without its query, status, duration, bytes, cache, user", async () => {
      const first = await get(server, "/about?utm_source=query-secret-value");
      const second = await get(server, "/about?utm_source=query-secret-value");
      const line = await requestLine(server, second.id);
      expect(line).toMatchObject({
        level: "info",
        method: "GET",
        path: "/about",
        route: "/about",
        status: 200,
        cache: "hit",
      });
      expect(line.ms).toEqual(expect.any(Number));
      expect(line.bytes).toBeGreaterThan(1000);
      expect(new Date(String(line.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await requestLine(server, first.id)).cache).toMatch(/^(miss|hit)$/);

      // A client's request id is kept when short and plain, replaced otherwise.
      const probe = await get(server, "/healthz", { "X-Request-Id": "probe-42.a_b" });
      expect(probe.id).toBe("probe-42.a_b");
      expect((await requestLine(server, "probe-42.a_b")).path).toBe("/healthz");
      const hostile = await get(server, "/healthz", { "X-Request-Id": `${"x".repeat(80)}<script>` });
      expect(hostile.id).toMatch(/^[\w-]{4,16}$/);

      // Link tokens never reach the log: a :token segment is logged as such, queries are dropped.
      const setup = await get(server, "/setup/made-up-setup-token-secret");
      expect((await requestLine(server, setup.id)).path).toBe("/setup/:token");
      const reset = await get(server, "/reset-password?token=reset-token-secret");
      expect((await requestLine(server, reset.id)).path).toBe("/reset-password");
      // Also when the server refuses the request before the app (cross-site, a method the route
      // does not take): the line's route is "refused", its path hides the token all the same.
      const crossSite = await fetch(`${server.url}/subscription/made-up-manage-token-secret/unsubscribe`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "x=1",
      });
      expect(crossSite.status).toBe(403);
      expect(await requestLine(server, crossSite.headers.get("X-Request-Id") ?? "")).toMatchObject({
        route: "refused",
        path: "/subscription/:token/unsubscribe",
      });
      const put = await fetch(`${server.url}/subscribe/confirm/made-up-confirm-token-secret`, { method: "PUT" });
      expect(put.status).toBe(405);
      expect((await requestLine(server, put.headers.get("X-Request-Id") ?? "")).path).toBe("/subscribe/confirm/:token");

      // Signed in: the line names the user (never the cookie or the password).
      const signIn = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      });
      expect(signIn.status).toBe(303);
      const cookie = signIn.headers
        .getSetCookie()
        .find((value) => value.startsWith("dp_session="))!
        .split(";")[0]!;
      const dashboard = await get(server, "/admin/articles/new", { Cookie: cookie });
      expect(dashboard.response.status).toBe(200);
      expect((await requestLine(server, dashboard.id)).userId).toEqual(expect.any(Number));
      const anonymous = await requestLine(server, second.id);
      expect(anonymous.userId).toBeUndefined();

      // Static files are logged too, as "static".
      const asset = await get(server, "/favicon.ico");
      if (asset.response.status === 200) expect((await requestLine(server, asset.id)).route).toBe("static");

      await get(server, "/metrics", { Authorization: `Bearer ${TOKEN}` });
      const log = server.output();
      for (const secret of [
        ADMIN.password,
        cookie.slice("dp_session=".length),
        TOKEN,
        "query-secret-value",
        "made-up-setup-token-secret",
        "reset-token-secret",
        "made-up-manage-token-secret",
        "made-up-confirm-token-secret",
      ]) {
        expect(log, secret).not.toContain(secret);
      }
      // Start-up events are JSON too: migrations and the start line.
      expect(logLines(server).some((entry) => entry.event === "migrations")).toBe(true);
      expect(logLines(server).some((entry) => entry.event === "start")).toBe(true);
    });

    test("/metrics: 401 without the token or with a wrong one (naming nothing); Prometheus text with it", async () => {
      await get(server, "/post/no-such-article-for-metrics");
      const attempts: Record<string, string>[] = [
        {},
        { Authorization: "Bearer wrong-token-0123456789" },
        { Authorization: TOKEN },
      ];
      for (const headers of attempts) {
        const refused = await get(server, "/metrics", headers);
        expect(refused.response.status).toBe(401);
        expect(refused.body).toBe("Unauthorized\n");
        expect(refused.response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
      }
      const scraped = await get(server, "/metrics", { Authorization: `Bearer ${TOKEN}` });
      expect(scraped.response.status).toBe(200);
      expect(scraped.response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = scraped.body;
      expect(text).toMatch(/^http_requests_total\{route="\/about",method="GET",status="200"\} \d+/m);
      expect(text).toMatch(/^http_requests_total\{route="\/post\/:slug",method="GET",status="404"\} \d+/m);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",route="\/about",cache="hit"\} \d+/m);
      expect(text).toMatch(/^page_cache_hits_total\{cache="anonymous"\} [1-9]/m);
      expect(text).toMatch(/^page_cache_misses_total\{cache="anonymous"\} [1-9]/m);
      expect(text).toMatch(/^page_cache_bytes\{cache="anonymous"\} [1-9]/m);
      expect(text).toMatch(/^page_cache_evictions_total\{cache="anonymous"\} \d+/m);
      expect(text).toMatch(/^db_query_duration_seconds_count\{driver="(pglite|postgres)"\} [1-9]/m);
      expect(text).toMatch(/^scheduler_last_tick_timestamp_seconds \d/m);
      expect(text).toMatch(/^scheduler_lag_seconds \d/m);
      expect(text).toMatch(/^process_resident_memory_bytes [1-9]/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      // Paths never become labels: an unknown page is counted under its route pattern.
      expect(text).not.toContain("no-such-article-for-metrics");
    });

    test("static files: nosniff everywhere, and SVG drawings with a policy that runs nothing", async () => {
      const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
      const svg = fs.readdirSync(path.join(clientDir, "images/articles")).find((name) => name.endsWith(".svg"));
      const drawing = await fetch(`${server.url}/images/articles/${svg}`);
      expect(drawing.status).toBe(200);
      expect(drawing.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(drawing.headers.get("Content-Security-Policy")).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      const script = fs.readdirSync(path.join(clientDir, "assets")).find((name) => name.endsWith(".js"));
      const asset = await fetch(`${server.url}/assets/${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(asset.headers.get("Cache-Control")).toContain("immutable");
    });

    test("/readyz: ready while serving; 503 from SIGTERM while in-flight requests finish; exit 0 within 5 s", async () => {
      const ready = await get(server, "/readyz");
      expect(ready.response.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: "ready" });
      expect(ready.response.headers.get("Cache-Control")).toBe("no-store");

      const slow = fetch(`${server.url}/__test/slow?ms=2000`).then((response) => response.text());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stoppedAt = Date.now();
      server.process.kill("SIGTERM");
      // SHUTDOWN_DRAIN_MS=1000: still answering, but no longer ready, so a balancer drains it.
      await expect
        .poll(async () => (await get(server, "/readyz")).response.status, { timeout: 1000, intervals: [50] })
        .toBe(503);
      expect((await get(server, "/healthz")).response.status).toBe(200);
      expect(await slow).toBe("slow response finished");
      expect(await server.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(5000);
      const events = logLines(server)
        .filter((line) => line.event === "shutdown")
        .map((line) => line.msg);
      expect(events).toEqual(["SIGTERM: not ready; finishing in-flight requests", "stopped"]);
    });

    test("METRICS_PORT: metrics on their own port, open there without a token; none on the site's port", async () => {
      // The same database again (already migrated and seeded), with pretty logs this time.
      const metricsPort = await freePort();
      server = await startServer({ env: { ...env, METRICS_PORT: String(metricsPort), LOG_FORMAT: "pretty" } });
      const onSite = await fetch(`${server.url}/metrics`);
      expect(onSite.status).toBe(404);
      await onSite.arrayBuffer();
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain("# TYPE http_requests_total counter");
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
      // LOG_FORMAT=pretty: readable lines (time of day, level, message), not JSON; a request as one phrase.
      expect(server.output()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: DevPerspective on http:\/\/127\.0\.0\.1:\d+/m);
      await expect.poll(() => server.output()).toMatch(/INFO: GET \/metrics 404 [\d.]+ ms/);
      expect(server.output()).not.toMatch(/^\{"level"/m);
    });
  });
}

test("a bad LOG_LEVEL or METRICS_PORT stops the start with one clear line each", async () => {
  const server = await startServer({ env: { LOG_LEVEL: "loud", METRICS_PORT: "ninety" }, waitForHealth: false });
  expect(await server.exited).toBe(1);
  const output = server.output();
  expect(output).toContain('LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got \\"loud\\")');
  expect(output).toContain('METRICS_PORT: must be a port number (got \\"ninety\\")');
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});
