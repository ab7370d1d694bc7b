/**
 * The one bounded, fair queue in front of the database (docs/decisions/0015).
 *
 * - A request that needs the database is admitted with `withDatabaseQueue(fn)` (the HTTP server
 *   does it for every request the page caches could not answer). At most `DATABASE_QUEUE_LIMIT`
 *   requests are admitted at once in a process; one more is refused at once with
 *   `DatabaseBusyError`, which the server answers with 503 and `Retry-After` (one place:
 *   server/app-handler.ts). Cached pages never come here, so they keep being served.
 * - A request is also refused when it could not start within MAX_EXPECTED_WAIT_MS: the requests
 *   ahead of it times the recent time between two requests' completions (Little's law, measured
 *   only while requests are waiting). A queue full of slow searches then answers 503 quickly
 *   instead of keeping a client waiting past its patience (issue 41's soak: 12 timeouts at 2 s).
 * - Each admitted request gets a ticket (its place in arrival order). The embedded database runs
 *   one statement at a time (app/db/pglite-worker.server.ts); it serves the waiting statement with
 *   the oldest ticket first, so a request that has started is finished before newer ones start:
 *   requests complete in arrival order instead of each waiting the whole queue for every statement.
 * - Work outside a request (start-up, the scheduler, scripts, tests) is never refused; each of its
 *   statements takes a ticket when it arrives, so it waits behind the requests admitted before it.
 * - Background work (the newsletter fan-out, the outbox sender, digests, the scheduler, imports)
 *   runs inside `inBackground(fn)`: a lower class (docs/decisions/0026). On the embedded database
 *   a waiting request's statement always goes before a background one, and a background
 *   statement or transaction that would start while a request is admitted waits until no request
 *   is (`onRequestsIdle`), or at most BACKGROUND_MAX_WAIT_MS, so that background work keeps
 *   moving under steady load. Background transactions are kept short (one batch each): a request
 *   that arrives while one runs waits for its end, never for the next one. PostgreSQL ignores the
 *   class (its pool runs statements side by side).
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

/**
 * The longest a newly admitted request is expected to wait for the requests ahead of it: past it,
 * 503 at once. Clients give up after a few seconds (the bench's soak after 2 s); the request still
 * needs its own time once started.
 */
export const MAX_EXPECTED_WAIT_MS = 1_000;
/**
 * Below this many admitted requests, or before this many completions since the queue was last
 * empty, the expected wait never refuses: one slow export is not a queue, and a burst after a
 * quiet moment is judged by its own pace, not an earlier one.
 */
const MIN_DEPTH_FOR_WAIT = 8;
/** A longer gap between two completions is counted as this (one slow request is not the rate). */
const MAX_COMPLETION_GAP_MS = 250;

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

/** The class of a statement: a request's (or a script's), or background work's. */
export type Priority = "request" | "background";

/**
 * The longest a background statement or transaction waits for admitted requests to finish before
 * it runs anyway (it still lets every waiting request statement go first). Under steady load
 * background work then still gets a turn at least this often; a request meets at most one
 * background batch (tens of milliseconds) on its way.
 */
export const BACKGROUND_MAX_WAIT_MS = 250;

/**
 * `ticket` undefined: each statement takes a new one as it arrives (work outside a request).
 * `request`: the admitted request's state, for the count of running requests.
 */
type Turn = { ticket: number | undefined; priority: Priority; request?: RequestState };
/** A request counts as running while admitted and not handing its work to the background. */
type RequestState = { ended: boolean; released: number };
const turns = new AsyncLocalStorage<Turn>();

let nextTicket = 1;
let admitted = 0;
/** Admitted requests that count as running (see RequestState): background work waits for them. */
let requestsRunning = 0;
const idleListeners = new Set<() => void>();
const totals = { admitted: 0, shed: 0, shedByWait: 0, statements: 0, waitMs: 0 };
/** The recent time between two completions while requests were admitted (a moving average). */
let completionGapMs = 0;
let lastCompletionAt = 0;
/** Completions since the queue was last empty. */
let completionsWhileBusy = 0;

/** How long a request admitted now would wait for those ahead of it (ms). */
function expectedWaitMs() {
  return admitted === 0 ? 0 : admitted * completionGapMs;
}
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
  if (
    admitted >= MIN_DEPTH_FOR_WAIT &&
    completionsWhileBusy >= MIN_DEPTH_FOR_WAIT &&
    expectedWaitMs() > MAX_EXPECTED_WAIT_MS
  ) {
    totals.shed++;
    totals.shedByWait++;
    throw new DatabaseBusyError();
  }
  // The queue was empty: a new busy period, measured from now.
  if (admitted === 0) {
    lastCompletionAt = performance.now();
    completionGapMs = 0;
    completionsWhileBusy = 0;
  }
  admitted++;
  totals.admitted++;
  const request: RequestState = { ended: false, released: 0 };
  requestRunning(+1);
  try {
    return await turns.run({ ticket: nextTicket++, priority: "request", request }, fn);
  } finally {
    requestCompleted();
    admitted--;
    request.ended = true;
    if (request.released === 0) requestRunning(-1);
  }
}

function requestCompleted() {
  const now = performance.now();
  const gap = Math.min(now - lastCompletionAt, MAX_COMPLETION_GAP_MS);
  lastCompletionAt = now;
  completionGapMs = completionsWhileBusy === 0 ? gap : completionGapMs * 0.9 + gap * 0.1;
  completionsWhileBusy++;
}

function requestRunning(change: 1 | -1) {
  requestsRunning += change;
  if (requestsRunning === 0) for (const listener of idleListeners) listener();
}

/**
 * Runs `fn` as background work: its statements yield to requests' on the embedded database (see
 * the module's comment). Work started from inside a request (a worker woken by it) is not part of
 * that request. `releasesRequest`: `fn` is the rest of the calling request's own work (an import's
 * batches), so the request stops counting as running meanwhile and does not hold `fn` back.
 */
export async function inBackground<T>(fn: () => Promise<T>, options: { releasesRequest?: boolean } = {}): Promise<T> {
  const outer = turns.getStore();
  if (outer?.priority === "background") return fn();
  const request = options.releasesRequest && !outer?.request?.ended ? outer?.request : undefined;
  if (request && request.released++ === 0) requestRunning(-1);
  try {
    return await turns.run({ ticket: undefined, priority: "background" }, fn);
  } finally {
    if (request && --request.released === 0 && !request.ended) requestsRunning++;
  }
}

/** The calling request's ticket; outside a request, a new one (behind every admitted request). */
export function databaseTicket(): number {
  return turns.getStore()?.ticket ?? nextTicket++;
}

/** The class of the calling code's statements. */
export function databasePriority(): Priority {
  return turns.getStore()?.priority ?? "request";
}

/** Requests admitted and running (not released to background work): background work waits while there are any. */
export function requestsInProgress(): number {
  return requestsRunning;
}

/**
 * For background work between two units of work that cost this thread's time (an SMTP send):
 * resolves at once when no request runs, else when none does or after BACKGROUND_MAX_WAIT_MS.
 */
export function requestsIdle(): Promise<void> {
  if (requestsRunning === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, BACKGROUND_MAX_WAIT_MS);
    const unsubscribe = onRequestsIdle(done);
  });
}

/** Calls `listener` each time the last running request finishes; returns the unsubscribe. */
export function onRequestsIdle(listener: () => void): () => void {
  idleListeners.add(listener);
  return () => idleListeners.delete(listener);
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
  /** Requests refused with 503 since start (queue full, or expected to wait too long). */
  shedTotal: number;
  /** Of those, the requests refused because they would have waited past MAX_EXPECTED_WAIT_MS. */
  shedByWaitTotal: number;
  /** How long a request admitted now would wait, in seconds (the shedding rule's estimate). */
  expectedWaitSeconds: number;
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
    shedByWaitTotal: totals.shedByWait,
    expectedWaitSeconds: expectedWaitMs() / 1000,
    statementsTotal: totals.statements,
    waitSecondsTotal: totals.waitMs / 1000,
  };
}
