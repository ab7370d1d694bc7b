/**
 * The embedded database in its own thread (docs/decisions/0015).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: a statement computes on the thread that calls it.
 * On the server's only event loop, a 60 ms search would hold every other request, cached pages
 * included. Here PGlite runs in a worker thread and this thread keeps a small client with the part
 * of PGlite's interface Drizzle's PGlite driver uses (`query`, `exec`, `transaction`), so Drizzle,
 * and every module above it, work exactly as before.
 *
 * - One statement at a time, as PGlite itself runs them. Waiting statements are served oldest
 *   request first (the tickets of ./queue.server.ts); the one in flight is the only one the worker
 *   sees. Background work's statements (`inBackground`) come after every waiting request
 *   statement, and do not start (a statement, or a transaction's BEGIN) while a request is
 *   running, unless they have waited BACKGROUND_MAX_WAIT_MS (decision 27).
 * - A transaction is interactive: its BEGIN pins the worker to it, and until its COMMIT or ROLLBACK
 *   only its own statements run (others wait), as with PGlite's own transaction lock. A statement
 *   outside the transaction, issued from inside its callback, would wait for it forever, exactly as
 *   it would on PGlite in this thread.
 * - Results are parsed in the worker (PGlite's own parsers) and cross the thread boundary by
 *   structured clone: dates, numbers, JSON, bytea (Uint8Array) arrive as PGlite returns them.
 *   Drizzle's per-query parsers are all "keep the text as is" for a few types: they travel as a
 *   list of type ids. A database error keeps its fields (code, constraint, detail…).
 * - The worker holds no lock of its own: the data folder lock stays with this process (it is the
 *   same process; the kernel releases it when the process dies, however it dies).
 */
import { Worker } from "node:worker_threads";
import { messages } from "@electric-sql/pglite";
import {
  BACKGROUND_MAX_WAIT_MS,
  databasePriority,
  databaseTicket,
  onRequestsIdle,
  type Priority,
  requestsInProgress,
  statementDropped,
  statementQueued,
  statementStarted,
} from "./queue.server";
import { WORKER_SOURCE } from "./pglite-worker-source.server";

type QueryOptions = {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, type: number) => unknown>;
};
type WireOptions = { rowMode?: "array" | "object"; rawTypes?: number[] };
type Results<T = unknown> = { rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

type Request =
  | { op: "query"; text: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: "exec"; text: string; tx?: number }
  | { op: "begin"; tx: number }
  | { op: "commit"; tx: number }
  | { op: "rollback"; tx: number }
  | { op: "close" };

type WireError = { message: string; name: string; stack?: string; fields?: Record<string, unknown> };
type Reply = { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: WireError };

type Pending = {
  seq: number;
  ticket: number;
  priority: Priority;
  request: Request;
  queuedAt: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

/** The transaction handle Drizzle's PGlite session calls `query` on. */
export type WorkerTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  readonly closed: boolean;
};

/** The PGlite thread's young generation (V8's default grows to 48 MB and more here). */
const PGLITE_YOUNG_GENERATION_MB = 8;

export type PgliteWorkerOptions = {
  /** A folder, or "memory://". */
  dataDir: string;
  startParams: string[];
  /** A file of a dumped data folder to start from (memory:// only; see DatabaseOptions). */
  template?: string;
};

function fromWire(wire: WireError): Error {
  if (!wire.fields || typeof wire.fields.code !== "string") {
    const error = new Error(wire.message);
    error.name = wire.name;
    return error;
  }
  // Rebuilt as PGlite's own DatabaseError, with every field the server sent (code, constraint, …).
  const error = new messages.DatabaseError(wire.message, 0, "error");
  Object.assign(error, wire.fields);
  return error;
}

/** Drizzle keeps one options object per prepared query: each is translated once. */
const translatedOptions = new WeakMap<QueryOptions, WireOptions>();

/** Drizzle's parsers are "keep the text" for some types: sent as those type ids. */
function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const known = translatedOptions.get(options);
  if (known) return known;
  const rawTypes: number[] = [];
  for (const [type, parse] of Object.entries(options.parsers ?? {})) {
    if (parse("2000-01-01 00:00:00", Number(type)) !== "2000-01-01 00:00:00") {
      throw new Error(`The embedded database's worker keeps text or parses as PGlite does (type ${type}).`);
    }
    rawTypes.push(Number(type));
  }
  const wire = { rowMode: options.rowMode, rawTypes };
  translatedOptions.set(options, wire);
  return wire;
}

export class PgliteWorker {
  readonly #worker: Worker;
  #closed = false;
  #failure: Error | null = null;
  #nextId = 1;
  #nextTx = 1;
  #seq = 0;
  /** Waiting statements, served by ticket (then arrival). */
  #waiting: Pending[] = [];
  /** The statement the worker is running. */
  #inFlight: { id: number; pending: Pending } | null = null;
  /** The transaction the worker is pinned to, if any. */
  #pinned: number | null = null;
  #ready: Promise<void>;
  /** Set while background work waits for running requests (at most BACKGROUND_MAX_WAIT_MS). */
  #backgroundTimer: NodeJS.Timeout | null = null;
  #unlistenIdle: () => void = () => {};

  private constructor(options: PgliteWorkerOptions) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Plain JavaScript importing PGlite by URL: none of this process's loader hooks (tsx, Vite).
      execArgv: [],
      // A small young generation: this thread's garbage is each statement's messages, short-lived.
      // Left to V8, it grew from 16 to 32–64 MB under a bulk import and stayed (decision 24).
      resourceLimits: { maxYoungGenerationSizeMb: PGLITE_YOUNG_GENERATION_MB },
      workerData: {
        urls: {
          pglite: import.meta.resolve("@electric-sql/pglite"),
          pg_trgm: import.meta.resolve("@electric-sql/pglite/contrib/pg_trgm"),
          unaccent: import.meta.resolve("@electric-sql/pglite/contrib/unaccent"),
        },
        dataDir: options.dataDir,
        startParams: options.startParams,
        template: options.template,
      },
    });
    this.#ready = new Promise<void>((resolve, reject) => {
      const onReady = (reply: Reply) => {
        if (reply.id !== 0) return;
        this.#worker.off("message", onReady);
        if (reply.ok) resolve();
        else reject(fromWire(reply.error));
      };
      this.#worker.on("message", onReady);
      this.#worker.once("error", reject);
      this.#worker.once("exit", (code) => reject(new Error(`The embedded database stopped while starting (${code}).`)));
    });
    this.#worker.on("message", (reply: Reply) => this.#settle(reply));
    this.#worker.on("error", (error) => this.#fail(error));
    this.#worker.on("exit", (code) => {
      if (!this.#closed) this.#fail(new Error(`The embedded database's thread stopped unexpectedly (exit ${code}).`));
    });
  }

  /** Starts the worker and opens the database in it (a fresh folder or memory: initdb there). */
  static async create(options: PgliteWorkerOptions): Promise<PgliteWorker> {
    const client = new PgliteWorker(options);
    try {
      await client.#ready;
    } catch (error) {
      client.#closed = true;
      await client.#worker.terminate();
      throw error;
    }
    client.#worker.unref();
    client.#unlistenIdle = onRequestsIdle(() => client.#pump());
    return client;
  }

  get closed() {
    return this.#closed;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#submit({ op: "query", text, params, options: wireOptions(options) }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.#submit({ op: "exec", text }) as Promise<Results[]>;
  }

  /** BEGIN, `fn` with the transaction's handle, then COMMIT; ROLLBACK when `fn` throws. */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    const ticket = databaseTicket();
    const priority = databasePriority();
    await this.#submit({ op: "begin", tx: id }, ticket, priority);
    let open = true;
    const ensureOpen = () => {
      if (!open) throw new Error("Transaction is closed");
    };
    const tx: WorkerTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.#submit(
          { op: "query", text, params, options: wireOptions(options), tx: id },
          ticket,
          priority,
        ) as Promise<Results<R>>;
      },
      exec: (text: string) => {
        ensureOpen();
        return this.#submit({ op: "exec", text, tx: id }, ticket, priority) as Promise<Results[]>;
      },
      get closed() {
        return !open;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      open = false;
      await this.#submit({ op: "rollback", tx: id }, ticket, priority).catch(() => {});
      throw error;
    }
    open = false;
    await this.#submit({ op: "commit", tx: id }, ticket, priority);
    return result;
  }

  /** Waits for the statements already queued, closes the database and stops the thread. */
  async close() {
    if (this.#closed) return;
    try {
      await this.#submit({ op: "close" }, Number.MAX_SAFE_INTEGER, "request");
    } finally {
      this.#closed = true;
      this.#unlistenIdle();
      this.#clearBackgroundTimer();
      await this.#worker.terminate();
    }
  }

  #submit(request: Request, ticket = databaseTicket(), priority = databasePriority()): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error("PGlite is closed"));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ seq: this.#seq++, ticket, priority, request, queuedAt: performance.now(), resolve, reject });
      statementQueued();
      this.#pump();
    });
  }

  /**
   * Sends the next statement when the worker is free: the pinned transaction's; else the oldest
   * ticket's among requests' statements; else background work's, unless it must wait for running
   * requests (then a timer comes back when its wait reaches BACKGROUND_MAX_WAIT_MS).
   */
  #pump() {
    if (this.#inFlight || this.#waiting.length === 0) return;
    let best = -1;
    for (let i = 0; i < this.#waiting.length; i++) {
      const candidate = this.#waiting[i]!;
      const tx = "tx" in candidate.request ? candidate.request.tx : undefined;
      if (this.#pinned !== null ? tx !== this.#pinned : candidate.request.op === "close" && this.#waiting.length > 1) {
        continue;
      }
      const current = this.#waiting[best];
      if (
        !current ||
        (candidate.priority === "request" && current.priority === "background") ||
        (candidate.priority === current.priority &&
          (candidate.ticket < current.ticket || (candidate.ticket === current.ticket && candidate.seq < current.seq)))
      ) {
        best = i;
      }
    }
    if (best === -1) return; // the pinned transaction's code is between statements
    const chosen = this.#waiting[best]!;
    if (this.#pinned === null && chosen.priority === "background" && requestsInProgress() > 0) {
      const waited = performance.now() - chosen.queuedAt;
      if (waited < BACKGROUND_MAX_WAIT_MS) {
        // Requests are running: background work waits for them (onRequestsIdle pumps again) or its time.
        this.#clearBackgroundTimer();
        this.#backgroundTimer = setTimeout(
          () => {
            this.#backgroundTimer = null;
            this.#pump();
          },
          BACKGROUND_MAX_WAIT_MS - waited + 1,
        );
        return;
      }
    }
    this.#clearBackgroundTimer();
    const [pending] = this.#waiting.splice(best, 1);
    const request = pending!.request;
    if (request.op === "begin") this.#pinned = request.tx;
    statementStarted(performance.now() - pending!.queuedAt);
    const id = this.#nextId++;
    this.#inFlight = { id, pending: pending! };
    // The thread keeps the process alive only while a statement runs (an idle database never does).
    this.#worker.ref();
    try {
      this.#worker.postMessage({ id, request });
    } catch (error) {
      // A parameter that cannot be copied to the worker (a function, a class it cannot clone).
      this.#settle({ id, ok: false, error: { name: "TypeError", message: `Cannot send the query: ${String(error)}` } });
    }
  }

  #settle(reply: Reply) {
    const flight = this.#inFlight;
    if (!flight || flight.id !== reply.id) return;
    this.#inFlight = null;
    const { request } = flight.pending;
    if (request.op === "commit" || request.op === "rollback" || (request.op === "begin" && !reply.ok)) {
      this.#pinned = null;
    }
    if (reply.ok) flight.pending.resolve(reply.result);
    else flight.pending.reject(fromWire(reply.error));
    if (!this.#inFlight && this.#waiting.length === 0) this.#worker.unref();
    this.#pump();
  }

  #clearBackgroundTimer() {
    if (this.#backgroundTimer === null) return;
    clearTimeout(this.#backgroundTimer);
    this.#backgroundTimer = null;
  }

  #fail(error: Error) {
    this.#clearBackgroundTimer();
    this.#failure ??= error;
    console.error(`[db] ${error.message}`);
    const flight = this.#inFlight;
    this.#inFlight = null;
    flight?.pending.reject(error);
    for (const pending of this.#waiting.splice(0)) {
      statementDropped();
      pending.reject(error);
    }
  }
}
