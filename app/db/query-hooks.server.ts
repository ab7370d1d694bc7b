/**
 * What the database module attaches to every query, on both drivers: the browser tests'
 * simulated read failures (only with ENABLE_TEST_HOOKS=1) and each query's time for metrics.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import type pg from "pg";
import { testHooksEnabled } from "~/env.server";
import { observeDatabaseQuery } from "~/observability/metrics.server";

// ---------------------------------------------------------------------------------------------
// Test hook: simulated read failures. Only with ENABLE_TEST_HOOKS=1 (browser tests); nothing of it
// is attached in a real deployment. The HTTP layer runs a request marked by the tests inside
// `withSimulatedReadFailures` (see ~/http/test-hooks.server); every content read of that request
// then fails here, below every route and domain module, as it would if the database were down.
// The visitor's session still resolves, so signed-in pages show their frame around the error.

export class SimulatedDatabaseError extends Error {
  constructor() {
    super("The database is unavailable (simulated by the test suite).");
    this.name = "SimulatedDatabaseError";
  }
}

const simulatedFailures = new AsyncLocalStorage<true>();

/** Runs `fn` (one request) with every content read failing. */
export function withSimulatedReadFailures<T>(fn: () => T): T {
  return simulatedFailures.run(true, fn);
}

const READ = /^\s*(select|with)\b/i;
const SESSION_LOOKUP = /\bfrom\s+"sessions"/i;

/** Drizzle calls its logger before it sends each query: the one place every query passes. */
export function simulatedFailureHook(): Logger | undefined {
  if (!testHooksEnabled()) return undefined;
  return {
    logQuery(query) {
      if (simulatedFailures.getStore() && READ.test(query) && !SESSION_LOOKUP.test(query)) {
        throw new SimulatedDatabaseError();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Metrics: every query's time (db_query_duration_seconds, app/observability/metrics.server.ts).
// The wrappers add two clock reads and one histogram observation per query.

type AnyQuery = (...args: unknown[]) => unknown;

/** Times a call that returns a promise (or takes a callback last, as pg's pool calls its clients). */
function timedQuery(driver: "pglite" | "postgres", query: AnyQuery): AnyQuery {
  return (...args) => {
    const startedAt = performance.now();
    const observe = () => observeDatabaseQuery(driver, (performance.now() - startedAt) / 1000);
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        observe();
        return (last as AnyQuery)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(observe, observe);
    return result;
  };
}

export function timePgQueries(client: pg.Client) {
  const target = client as unknown as { query: AnyQuery };
  target.query = timedQuery("postgres", client.query.bind(client) as AnyQuery);
}

/** The embedded database's query time includes the wait for its one connection. */
export function timePgliteQueries(client: PGlite) {
  const target = client as unknown as { query: AnyQuery; exec: AnyQuery; transaction: AnyQuery };
  target.query = timedQuery("pglite", client.query.bind(client) as AnyQuery);
  target.exec = timedQuery("pglite", client.exec.bind(client) as AnyQuery);
  const transaction = client.transaction.bind(client);
  target.transaction = (callback: unknown) =>
    transaction((tx) => {
      const inner = tx as unknown as { query: AnyQuery; exec: AnyQuery };
      inner.query = timedQuery("pglite", tx.query.bind(tx) as AnyQuery);
      inner.exec = timedQuery("pglite", tx.exec.bind(tx) as AnyQuery);
      return (callback as (tx: unknown) => Promise<unknown>)(tx);
    });
}
