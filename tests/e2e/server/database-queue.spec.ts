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

  test("a kept page past its TTL is still answered while the queue is full, and rendered again after", async () => {
    const token = "queue-metrics-token";
    const server = await startServer({
      env: { DATABASE_QUEUE_LIMIT: "1", PAGE_CACHE_TTL_SECONDS: "4", METRICS_TOKEN: token },
    });
    const refreshes = async () => {
      const text = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      return Number(/^page_cache_refreshes_total\{cache="anonymous"\} (\d+)/m.exec(text)?.[1]);
    };
    try {
      await (await fetch(`${server.url}/`)).arrayBuffer();
      const kept = await fetch(`${server.url}/`);
      expect(kept.headers.get("x-cache")).toBe("HIT");
      const etag = kept.headers.get("etag");
      // Past the TTL, with the queue full: the kept page, at once (before: a render, refused 503).
      await new Promise((resolve) => setTimeout(resolve, 4_200));
      const slow = fetch(`${server.url}/__test/slow?ms=2500`).then((response) => response.status);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      const stale = await fetch(`${server.url}/`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get("x-cache")).toBe("HIT");
      expect(stale.headers.get("etag")).toBe(etag);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(await slow).toBe(200);
      const refreshedBefore = await refreshes();
      // Room again: the background render replaces the page (no reader waits for it: every answer is a hit).
      const outcomes = new Set<string | null>();
      for (let tries = 0; tries < 40; tries++) {
        const response = await fetch(`${server.url}/`);
        expect(response.status).toBe(200);
        outcomes.add(response.headers.get("x-cache"));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect([...outcomes]).toEqual(["HIT"]);
      expect(await refreshes()).toBeGreaterThan(refreshedBefore);
      expect(server.errors()).not.toContain("page refresh failed");
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
