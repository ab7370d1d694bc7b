/**
 * The one bounded, fair queue in front of the database (docs/decisions/0015).
 *
 * - A request that needs the database is admitted with `withDatabaseQueue(fn)` (the HTTP server
 *   does it for every request the page caches could not answer). At most `DATABASE_QUEUE_LIMIT`
 *   requests are admitted at once in a process; one more is refused at once with
 *   `DatabaseBusyError`, which the server answers with 503 and `Retry-After` (one place:
 *   server/app-handler.ts). Cached pages never come here, so they keep being served.
 * - Each admitted request gets a ticket (its place in arrival order). The embedded database runs
 *   one statement at a time (app/db/pglite-worker.server.ts); it serves the waiting statement with
 *   the oldest ticket first, so a request that has started is finished before newer ones start:
 *   requests complete in arrival order instead of each waiting the whole queue for every statement.
 * - Work outside a request (start-up, the scheduler, scripts, tests) is never refused; each of its
 *   statements takes a ticket when it arrives, so it waits behind the requests admitted before it.
 *
 * `databaseQueueStats()` is the read-only view for metrics.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "~/env.server";

/**
 * Requests admitted at once (`DATABASE_QUEUE_LIMIT`, default 128, validated in app/env.server.ts).
 * The soak of `npm run bench` keeps 64 connections, each with at most one request in flight: none
 * of them may be shed. Twice that leaves room for bursts while the wait stays bounded (at ~5 ms of
 * database time per uncached request on average, the last of 128 waits ~0.6 s, well inside a
 * client's patience); past that, an immediate 503 is better than a timeout. See the decision record.
 */
export function databaseQueueLimit(): number {
  return env().DATABASE_QUEUE_LIMIT;
}

/** Seconds a refused client is asked to wait (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

/** The database queue is full: answered with 503 and `Retry-After`, never logged as a failure. */
export class DatabaseBusyError extends Error {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  constructor() {
    super("The database queue is full: try again in a moment.");
    this.name = "DatabaseBusyError";
  }
}

export function isDatabaseBusyError(error: unknown): error is DatabaseBusyError {
  return error instanceof DatabaseBusyError;
}

type Turn = { ticket: number };
const turns = new AsyncLocalStorage<Turn>();

let nextTicket = 1;
let admitted = 0;
const totals = { admitted: 0, shed: 0, statements: 0, waitMs: 0 };
let waitingStatements = 0;

/**
 * Runs `fn` (one request's work) as an admitted request, or throws DatabaseBusyError at once when
 * `DATABASE_QUEUE_LIMIT` requests are already admitted.
 */
export async function withDatabaseQueue<T>(fn: () => Promise<T>): Promise<T> {
  if (admitted >= databaseQueueLimit()) {
    totals.shed++;
    throw new DatabaseBusyError();
  }
  admitted++;
  totals.admitted++;
  try {
    return await turns.run({ ticket: nextTicket++ }, fn);
  } finally {
    admitted--;
  }
}

/** The calling request's ticket; outside a request, a new one (behind every admitted request). */
export function databaseTicket(): number {
  return turns.getStore()?.ticket ?? nextTicket++;
}

/** For the driver: a statement started waiting. */
export function statementQueued() {
  waitingStatements++;
}

/** For the driver: a statement left the queue for the database after waiting `waitMs`. */
export function statementStarted(waitMs: number) {
  waitingStatements--;
  totals.statements++;
  totals.waitMs += waitMs;
}

/** For the driver: a statement left the queue without running (the database closed). */
export function statementDropped() {
  waitingStatements--;
}

export type DatabaseQueueStats = {
  /** Requests admitted and not finished (the queue's depth); at most `limit`. */
  depth: number;
  limit: number;
  /** Statements waiting for the embedded database right now (always 0 on PostgreSQL). */
  waitingStatements: number;
  /** Requests admitted since start. */
  admittedTotal: number;
  /** Requests refused with 503 since start. */
  shedTotal: number;
  /** Statements run through the embedded database's queue since start. */
  statementsTotal: number;
  /** Time those statements spent waiting for their turn, summed, in seconds. */
  waitSecondsTotal: number;
};

/** Queue depth and cumulative waiting, for metrics (cheap: reads counters). */
export function databaseQueueStats(): DatabaseQueueStats {
  return {
    depth: admitted,
    limit: databaseQueueLimit(),
    waitingStatements,
    admittedTotal: totals.admitted,
    shedTotal: totals.shed,
    statementsTotal: totals.statements,
    waitSecondsTotal: totals.waitMs / 1000,
  };
}
