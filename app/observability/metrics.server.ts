/**
 * Prometheus metrics (prom-client), served at /metrics by the HTTP server (server/main.ts) only
 * with METRICS_TOKEN as a bearer token, or on METRICS_PORT. One registry for the process.
 *
 * Cheap on the request path: a request adds to two plain counts (its route's request count and
 * latency bucket), handed to the registry when /metrics is scraped; the page caches' figures, the database queue and process
 * figures are read only when /metrics is scraped (collect callbacks).
 * A lower layer: the database layer, domain modules and the HTTP server may use it; it imports
 * nothing of the app.
 */
import client from "prom-client";

export const registry = new client.Registry();

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Requests by route pattern, method and status: counted in plain numbers on the request path,
 * added to the prom-client counter when /metrics is scraped (its `collect`).
 */
type PendingCount = { labels: { route: string; method: string; status: string }; count: number };
/** route → method → status → count (the route and method strings are the same objects each time). */
const pendingRequests = new Map<string, Map<string, Map<number, PendingCount>>>();

export const httpRequests = new client.Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
  collect() {
    for (const byMethod of pendingRequests.values())
      for (const byStatus of byMethod.values())
        for (const pending of byStatus.values()) {
          if (pending.count === 0) continue;
          this.inc(pending.labels, pending.count);
          pending.count = 0;
        }
  },
});

/**
 * The request latency histogram, by route pattern and page-cache outcome. prom-client's Histogram
 * validates and hashes its labels on every observation (a measurable share of a cached page's
 * cost), so this one keeps its buckets in a typed array per label set and hands the registry the
 * same series a prom-client histogram would (`_bucket` with `le`, `_sum`, `_count`) at scrape.
 */
type LatencySeries = { route: string; cache: string; buckets: Float64Array; sum: number; count: number };

class RequestLatencyHistogram {
  readonly name = "http_request_duration_seconds";
  readonly help = "Time from a request's arrival to the end of its answer, by route pattern and page-cache outcome.";
  readonly type = "histogram";
  readonly aggregator = "sum";
  /** route → cache outcome → series. */
  readonly #series = new Map<string, Map<string, LatencySeries>>();

  observe(route: string, cache: string, seconds: number) {
    let byCache = this.#series.get(route);
    if (!byCache) {
      byCache = new Map();
      this.#series.set(route, byCache);
    }
    let series = byCache.get(cache);
    if (!series) {
      series = { route, cache, buckets: new Float64Array(LATENCY_BUCKETS.length), sum: 0, count: 0 };
      byCache.set(cache, series);
    }
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    if (bucket < LATENCY_BUCKETS.length) series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const { route, cache, buckets, sum, count } of [...this.#series.values()].flatMap((byCache) => [
      ...byCache.values(),
    ])) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, index) => {
        cumulative += buckets[index]!;
        values.push({ labels: { le, route, cache }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", route, cache }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels: { route, cache }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { route, cache }, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
const httpRequestDuration = new RequestLatencyHistogram();
registry.registerMetric(httpRequestDuration as unknown as client.Metric);

const databaseQueryDuration = new client.Histogram({
  name: "db_query_duration_seconds",
  help: "Database query time, by driver (the embedded database includes the wait for its one connection).",
  labelNames: ["driver"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** Counts one answered request and its latency: a few map lookups (no key is built) and additions. */
export function observeHttpRequest(route: string, method: string, status: number, cache: string, seconds: number) {
  let byMethod = pendingRequests.get(route);
  if (!byMethod) {
    byMethod = new Map();
    pendingRequests.set(route, byMethod);
  }
  let byStatus = byMethod.get(method);
  if (!byStatus) {
    byStatus = new Map();
    byMethod.set(method, byStatus);
  }
  let pending = byStatus.get(status);
  if (!pending) {
    pending = { labels: { route, method, status: String(status) }, count: 0 };
    byStatus.set(status, pending);
  }
  pending.count += 1;
  httpRequestDuration.observe(route, cache, seconds);
}

/** Records one query's time (called by the database layer). */
export function observeDatabaseQuery(driver: "pglite" | "postgres", seconds: number) {
  databaseQueryDuration.labels(driver).observe(seconds);
}

/** Times every call of an async method (the database layer wraps its drivers' query functions). */
export function timed<Args extends unknown[], Result>(
  driver: "pglite" | "postgres",
  fn: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const startedAt = performance.now();
    try {
      return await fn(...args);
    } finally {
      observeDatabaseQuery(driver, (performance.now() - startedAt) / 1000);
    }
  };
}

// --- Page caches (server/response-cache.ts): read at scrape time --------------------------------

export type PageCacheStats = {
  hits: number;
  misses: number;
  evictions: number;
  dropped: number;
  /** Pages past their TTL rendered again in the background and kept. */
  refreshes: number;
  entries: number;
  bytes: number;
};
const pageCaches = new Map<string, () => PageCacheStats>();

/** The HTTP server registers each page cache (`anonymous`, `staff`) with a stats reader. */
export function registerPageCache(name: string, stats: () => PageCacheStats) {
  pageCaches.set(name, stats);
}

function pageCacheCounter(name: string, help: string, field: keyof PageCacheStats) {
  const seen = new Map<string, number>();
  return new client.Counter({
    name,
    help,
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [cache, stats] of pageCaches) {
        const value = stats()[field];
        const delta = value - (seen.get(cache) ?? 0);
        seen.set(cache, value);
        if (delta >= 0) {
          this.labels(cache).inc(delta);
        } else {
          // A stats reset (the bench) restarts the count: Prometheus reads it as a counter reset.
          this.remove(cache);
          this.labels(cache).inc(value);
        }
      }
    },
  });
}
function pageCacheGauge(name: string, help: string, field: keyof PageCacheStats) {
  return new client.Gauge({
    name,
    help,
    labelNames: ["cache"] as const,
    registers: [registry],
    collect() {
      for (const [cache, stats] of pageCaches) this.labels(cache).set(stats()[field]);
    },
  });
}
pageCacheCounter("page_cache_hits_total", "Pages answered from the page cache.", "hits");
pageCacheCounter("page_cache_misses_total", "Cacheable requests the page cache did not hold.", "misses");
pageCacheCounter("page_cache_evictions_total", "Pages evicted to stay within the cache's size.", "evictions");
pageCacheCounter("page_cache_invalidated_total", "Pages dropped because content they show changed.", "dropped");
pageCacheCounter(
  "page_cache_refreshes_total",
  "Pages past their TTL rendered again in the background while the kept copy was answered.",
  "refreshes",
);
pageCacheGauge("page_cache_entries", "Pages held in the page cache.", "entries");
pageCacheGauge("page_cache_bytes", "Bytes held in the page cache (all encodings).", "bytes");

// --- The database queue (app/db/queue.server.ts) ------------------------------------------------

/** What `databaseQueueStats()` in app/db answers (the fields read here). */
export type DatabaseQueueStats = {
  /** Requests admitted and not finished. */
  depth: number;
  limit: number;
  /** Statements waiting for the embedded database's one connection now (0 on PostgreSQL). */
  waitingStatements: number;
  /** Requests refused with 503 since start. */
  shedTotal: number;
  /** Time statements waited for the embedded database, summed, in seconds. */
  waitSecondsTotal: number;
};
let databaseQueue: (() => DatabaseQueueStats | null) | null = null;

/** Wired at start (runtime.server.ts) to the database layer's `databaseQueueStats`; read at scrape time. */
export function registerDatabaseQueueStats(read: () => DatabaseQueueStats | null) {
  databaseQueue = read;
}
function queueGauge(name: string, help: string, field: keyof DatabaseQueueStats) {
  return new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const stats = databaseQueue?.();
      if (stats) this.set(stats[field]);
    },
  });
}
function queueCounter(name: string, help: string, field: keyof DatabaseQueueStats) {
  let seen = 0;
  return new client.Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const stats = databaseQueue?.();
      if (!stats) return;
      if (stats[field] >= seen) this.inc(stats[field] - seen);
      seen = stats[field];
    },
  });
}
queueGauge("db_queue_depth", "Requests admitted to the database queue and not finished.", "depth");
queueGauge("db_queue_limit", "Requests the database queue admits at once (DATABASE_QUEUE_LIMIT).", "limit");
queueGauge(
  "db_queue_waiting_statements",
  "Statements waiting for the embedded database's one connection now (0 on PostgreSQL).",
  "waitingStatements",
);
queueCounter("db_queue_shed_total", "Requests refused with 503 because the database queue was full.", "shedTotal");
queueCounter(
  "db_queue_wait_seconds_total",
  "Total time statements waited for the embedded database's one connection.",
  "waitSecondsTotal",
);

// --- The publishing scheduler (app/articles/scheduler.server.ts) ---------------------------------

const schedulerLag = new client.Gauge({
  name: "scheduler_lag_seconds",
  help: "How late the last tick published its latest due article (now minus its scheduled time); 0 when none was due.",
  registers: [registry],
});
const schedulerLastTick = new client.Gauge({
  name: "scheduler_last_tick_timestamp_seconds",
  help: "When this instance's scheduler last finished a tick (alert when it stops moving).",
  registers: [registry],
});
const schedulerTickDuration = new client.Histogram({
  name: "scheduler_tick_duration_seconds",
  help: "Time one scheduler tick took.",
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const schedulerPublished = new client.Counter({
  name: "scheduler_published_total",
  help: "Scheduled articles this instance published.",
  registers: [registry],
});
const schedulerFailures = new client.Counter({
  name: "scheduler_failures_total",
  help: "Scheduled articles that failed to publish, and ticks that failed.",
  registers: [registry],
});

/** One finished tick: its duration, what it published and how late the latest was. */
export function observeSchedulerTick(tick: { seconds: number; published: number; lagSeconds: number }) {
  schedulerTickDuration.observe(tick.seconds);
  schedulerLastTick.set(Date.now() / 1000);
  schedulerLag.set(tick.lagSeconds);
  if (tick.published > 0) schedulerPublished.inc(tick.published);
}

export function countSchedulerFailure() {
  schedulerFailures.inc();
}

// --- Mail outbox: pending, age of the oldest pending, failed in the last day ----------------------

export type OutboxStats = { pending: number; oldestPendingSeconds: number | null; failedLastDay: number };
let outboxStats: (() => Promise<OutboxStats>) | null = null;
let outboxRead: { at: number; stats: Promise<OutboxStats | null> } | null = null;

/** Wired at start (runtime.server.ts) to the outbox's `outboxHealth`; one query per scrape. */
export function registerOutboxStats(read: () => Promise<OutboxStats>) {
  outboxStats = read;
}

function readOutbox() {
  const now = Date.now();
  if (!outboxRead || now - outboxRead.at > 1_000) {
    outboxRead = { at: now, stats: outboxStats ? outboxStats().catch(() => null) : Promise.resolve(null) };
  }
  return outboxRead.stats;
}

function outboxGauge(name: string, help: string, value: (stats: OutboxStats) => number | null) {
  return new client.Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const stats = await readOutbox();
      const current = stats ? value(stats) : null;
      if (current !== null) this.set(current);
    },
  });
}
outboxGauge("mail_outbox_pending", "Mails waiting in the outbox (pending or being sent).", (stats) => stats.pending);
outboxGauge(
  "mail_outbox_oldest_pending_seconds",
  "Age of the oldest mail waiting in the outbox (0 when none waits).",
  (stats) => stats.oldestPendingSeconds ?? 0,
);
outboxGauge(
  "mail_outbox_failed_last_day",
  "Mails that failed for good in the last 24 hours.",
  (stats) => stats.failedLastDay,
);

// --- Process: memory, CPU, event-loop delay, GC (prom-client's default metrics) -------------------

let processMetrics = false;

/** Starts the process metrics (an event-loop delay monitor); once per process, at start. */
export function enableProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/** The Prometheus text exposition of every metric. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
