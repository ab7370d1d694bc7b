import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { outboxHealth, withMail } from "~/mail/outbox.server";
import {
  metricsText,
  observeHttpRequest,
  observeSchedulerTick,
  registerDatabaseQueueStats,
  registerOutboxStats,
  registerPageCache,
} from "~/observability/metrics.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

/** The value of one series in the Prometheus text (`name{labels} value`). */
async function seriesValue(series: string): Promise<number | undefined> {
  const { body } = await metricsText();
  const line = body.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function queryCount(driver: string): Promise<number> {
  return (await seriesValue(`db_query_duration_seconds_count{driver="${driver}"}`)) ?? 0;
}

describe("metrics", () => {
  it("are the Prometheus text format", async () => {
    const { contentType, body } = await metricsText();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(body).toContain("# TYPE http_requests_total counter");
    expect(body).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("requests: counted by route, method and status; latency in cumulative buckets by route and cache outcome", async () => {
    const route = "/metrics-test/:slug";
    observeHttpRequest(route, "GET", 200, "hit", 0.0004);
    observeHttpRequest(route, "GET", 200, "hit", 0.003);
    observeHttpRequest(route, "GET", 404, "miss", 0.2);
    observeHttpRequest(route, "GET", 200, "hit", 12);
    expect(await seriesValue(`http_requests_total{route="${route}",method="GET",status="200"}`)).toBe(3);
    expect(await seriesValue(`http_requests_total{route="${route}",method="GET",status="404"}`)).toBe(1);
    const bucket = (le: string, cache: string) =>
      seriesValue(`http_request_duration_seconds_bucket{le="${le}",route="${route}",cache="${cache}"}`);
    expect(await bucket("0.001", "hit")).toBe(1);
    expect(await bucket("0.0025", "hit")).toBe(1);
    expect(await bucket("0.005", "hit")).toBe(2);
    expect(await bucket("10", "hit")).toBe(2);
    expect(await bucket("+Inf", "hit")).toBe(3);
    expect(await bucket("0.1", "miss")).toBe(0);
    expect(await bucket("0.25", "miss")).toBe(1);
    expect(await seriesValue(`http_request_duration_seconds_count{route="${route}",cache="hit"}`)).toBe(3);
    expect(await seriesValue(`http_request_duration_seconds_sum{route="${route}",cache="hit"}`)).toBeCloseTo(
      12.0034,
      6,
    );
    // Scraping again adds nothing twice.
    observeHttpRequest(route, "GET", 200, "hit", 0.0004);
    expect(await seriesValue(`http_requests_total{route="${route}",method="GET",status="200"}`)).toBe(4);
    expect(await seriesValue(`http_requests_total{route="${route}",method="GET",status="200"}`)).toBe(4);
  });

  it("page caches: hits, misses, evictions and invalidations count up; entries and bytes are gauges", async () => {
    const stats = { hits: 5, misses: 2, evictions: 1, dropped: 3, refreshes: 6, entries: 4, bytes: 4096 };
    registerPageCache("test", () => stats);
    expect(await seriesValue('page_cache_hits_total{cache="test"}')).toBe(5);
    expect(await seriesValue('page_cache_misses_total{cache="test"}')).toBe(2);
    expect(await seriesValue('page_cache_evictions_total{cache="test"}')).toBe(1);
    expect(await seriesValue('page_cache_invalidated_total{cache="test"}')).toBe(3);
    expect(await seriesValue('page_cache_refreshes_total{cache="test"}')).toBe(6);
    expect(await seriesValue('page_cache_entries{cache="test"}')).toBe(4);
    expect(await seriesValue('page_cache_bytes{cache="test"}')).toBe(4096);
    stats.hits = 9;
    expect(await seriesValue('page_cache_hits_total{cache="test"}')).toBe(9);
    // The cache's own figures were reset (the bench does): the counter restarts from them.
    stats.hits = 1;
    expect(await seriesValue('page_cache_hits_total{cache="test"}')).toBe(1);
  });

  it("the database queue: read from the database layer at scrape time", async () => {
    registerDatabaseQueueStats(() => ({
      depth: 3,
      limit: 64,
      waitingStatements: 2,
      shedTotal: 5,
      waitSecondsTotal: 1.5,
    }));
    expect(await seriesValue("db_queue_depth")).toBe(3);
    expect(await seriesValue("db_queue_limit")).toBe(64);
    expect(await seriesValue("db_queue_waiting_statements")).toBe(2);
    expect(await seriesValue("db_queue_shed_total")).toBe(5);
    expect(await seriesValue("db_queue_wait_seconds_total")).toBe(1.5);
    registerDatabaseQueueStats(() => null);
  });

  it("the scheduler: lag, last tick and published count", async () => {
    const before = (await seriesValue("scheduler_published_total")) ?? 0;
    observeSchedulerTick({ seconds: 0.02, published: 2, lagSeconds: 1.25 });
    expect(await seriesValue("scheduler_lag_seconds")).toBe(1.25);
    expect(await seriesValue("scheduler_published_total")).toBe(before + 2);
    expect(Math.abs((await seriesValue("scheduler_last_tick_timestamp_seconds"))! - Date.now() / 1000)).toBeLessThan(5);
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`database query time on ${kind}`, () => {
    let handle: DatabaseHandle | undefined;
    afterAll(async () => {
      await handle?.close();
    });

    it("every query is timed, in and out of transactions", async () => {
      handle = await openTestDatabase(kind);
      const before = await queryCount(handle.driver);
      await handle.db.execute(sql`select 1`);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
        await tx.execute(sql`select 3`);
      });
      // Three statements at least (a transaction adds its begin and commit on the server's driver).
      expect((await queryCount(handle.driver)) - before).toBeGreaterThanOrEqual(3);
    });
  });
}

describe.each(testDatabaseKinds())("the mail outbox's gauges on %s", (kind) => {
  let handle: DatabaseHandle;

  afterAll(async () => {
    registerOutboxStats(async () => ({ pending: 0, oldestPendingSeconds: null, failedLastDay: 0 }));
    await handle?.close();
  });

  it("read pending, the oldest pending age and failures from the outbox table at scrape time", async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    registerOutboxStats(outboxHealth);
    await withMail(async (_tx, queue) => {
      for (const to of ["a@example.com", "b@example.com"]) {
        await queue("message", { to, subject: "Hello", text: "Hello.", html: "<p>Hello.</p>" });
      }
    });
    await handle.db.execute(
      sql`update mail_outbox set status = 'failed', failed_at = now() where to_address = 'b@example.com'`,
    );
    // The gauges are read once a second at most: wait out an earlier test's scrape.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await seriesValue("mail_outbox_pending")).toBe(1);
    expect(await seriesValue("mail_outbox_failed_last_day")).toBe(1);
    expect(await seriesValue("mail_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
  });
});
