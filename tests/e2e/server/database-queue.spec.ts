/**
 * The bounded database queue (decision 15): when it is full, an uncached request is answered 503
 * with Retry-After at once, and cached pages keep being served.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { startServer } from "../support/server-process";

test.describe("the database queue", () => {
  test.describe.configure({ timeout: 120_000 });

  test("full: uncached requests get a quick 503 with Retry-After, cached pages are still served", async () => {
    const server = await startServer({ env: { DATABASE_QUEUE_LIMIT: "1" } });
    try {
      // The home page, kept by the page cache.
      await (await fetch(`${server.url}/`)).arrayBuffer();
      expect((await fetch(`${server.url}/`)).headers.get("x-cache")).toBe("HIT");

      // One slow request fills the queue (its bound is 1 here).
      const slow = fetch(`${server.url}/__test/slow?ms=3000`).then((response) => response.status);
      await new Promise((resolve) => setTimeout(resolve, 500));

      let started = performance.now();
      const refused = await fetch(`${server.url}/search?q=queue+full`);
      const refusedMs = performance.now() - started;
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(await refused.text()).toContain("try again in a moment");
      expect(refusedMs).toBeLessThan(1000);

      started = performance.now();
      const cached = await fetch(`${server.url}/`);
      expect(cached.status).toBe(200);
      expect(cached.headers.get("x-cache")).toBe("HIT");
      expect(performance.now() - started).toBeLessThan(1000);

      expect(await slow).toBe(200);
      // Room again: the same search is answered, and the refusal was never kept by the cache.
      const answered = await fetch(`${server.url}/search?q=queue+full`);
      expect(answered.status).toBe(200);
      // A refusal is not a failure: nothing is logged as an error.
      expect(server.errors()).not.toContain("DatabaseBusyError");
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
