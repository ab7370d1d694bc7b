/**
 * Errors at the HTTP level, on both databases: a failed read answers 503 with the spec's title
 * and the request's id, never the driver's text (in the page, its hydration data or `.data`);
 * the server logs the cause once, with that id; a crash does the same with a 500; a client's
 * mistake (an unknown page) logs nothing at error level.
 */
import { expect, test } from "@playwright/test";
import { stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const FAIL_READS = { Cookie: "dp_test_fail_reads=1" };
const DRIVER_TEXT = /simulated|database is unavailable|SimulatedDatabaseError|Deliberate crash|at .*\.js:\d+/i;

/** The server's log lines that name this request. */
function linesOf(server: RunningServer, requestId: string) {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes(`request ${requestId}`));
}

async function untilLogged(server: RunningServer, requestId: string) {
  await expect.poll(() => linesOf(server, requestId).length, { timeout: 5000 }).toBeGreaterThan(0);
}

for (const database of testDatabases) {
  test.describe(`errors on ${database.name}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 });

    let server: RunningServer;
    let drop: () => Promise<void>;

    test.beforeAll(async () => {
      // A first start migrates and seeds: slow on a busy machine, and the drop in afterAll must
      // never race a server still starting.
      test.setTimeout(180_000);
      const created = await database.create();
      drop = created.drop;
      server = await startServer({ env: created.env });
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    test("a failed read: 503, the spec's title, the request id as reference, no driver text; logged once", async () => {
      for (const [path, title] of [
        ["/", "Error fetching articles"],
        ["/post/no-matter", "Error fetching article"],
        ["/category/javascript", "Error fetching articles"],
        ["/search?q=react", "Error searching articles"],
        ["/interview-prep", "Failed to load questions"],
        ["/whats-new", "Error fetching updates."],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, { headers: FAIL_READS });
        expect(response.status, path).toBe(503);
        const requestId = response.headers.get("X-Request-Id") ?? "";
        expect(requestId, path).toMatch(/^[\w-]{4,}$/);
        const html = await response.text();
        expect(html, path).toContain(title);
        expect(html, path).toContain(`data-request-id="${requestId}"`);
        expect(html, path).not.toMatch(DRIVER_TEXT);

        await untilLogged(server, requestId);
        const lines = linesOf(server, requestId);
        expect(lines, path).toHaveLength(1);
        expect(lines[0], path).toContain(`GET ${path}`);
        expect(server.errors(), path).toContain("SimulatedDatabaseError");
      }
    });

    test("a failed read during client-side navigation (.data) carries the reference, not the driver's text", async () => {
      const response = await fetch(`${server.url}/interview-prep.data`, { headers: FAIL_READS });
      const requestId = response.headers.get("X-Request-Id") ?? "";
      const body = await response.text();
      expect(body).toContain("Failed to load questions");
      expect(body).toContain(requestId);
      expect(body).not.toMatch(DRIVER_TEXT);
      await untilLogged(server, requestId);
      expect(linesOf(server, requestId)).toHaveLength(1);
    });

    test("a crash: 500 with the reference and no stack; the cause logged once with the request id", async () => {
      const response = await fetch(`${server.url}/__test/crash`);
      expect(response.status).toBe(500);
      const requestId = response.headers.get("X-Request-Id") ?? "";
      const html = await response.text();
      expect(html).toContain(`data-request-id="${requestId}"`);
      expect(html).not.toMatch(DRIVER_TEXT);
      await untilLogged(server, requestId);
      const lines = linesOf(server, requestId);
      expect(lines).toHaveLength(1);
      expect(server.output()).toContain("Deliberate crash for the error-page test");
    });

    test("not found is a client's mistake: 404, no reference, nothing logged", async () => {
      const before = server.errors().length;
      for (const path of ["/no/such/page", "/post/no-such-article", "/category/no-such-topic"]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(404);
        const html = await response.text();
        expect(html, path).not.toContain("data-request-id");
        expect(html, path).toContain("Search Articles");
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.errors().slice(before)).toBe("");
    });
  });
}
