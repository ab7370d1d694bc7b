/**
 * The one module that knows which PostgreSQL driver is in use.
 *
 * - No DATABASE_URL: embedded PGlite (PostgreSQL in WASM) persisted in DATA_DIR/pglite.
 * - DATABASE_URL=postgres://…: that server through a `pg` pool.
 *
 * Everything else works with a `Database` (Drizzle over the PostgreSQL dialect) and never
 * learns which one it got. One convention for reaching it: a domain function calls
 * `await getDb()` inside and takes no database parameter; a test or script that opened a
 * database of its own points the whole application at it with `setDatabaseHandle(handle)`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { PgliteWorker } from "./pglite-worker.server";
import { simulatedFailureHook, timePgliteQueries, timePgQueries } from "./query-hooks.server";
import * as schema from "./schema";
import { env } from "~/env.server";
import { logger } from "~/observability/logger.server";

export { DataDirLockedError } from "./data-dir-lock.server";
export { SimulatedDatabaseError, withSimulatedReadFailures } from "./query-hooks.server";
export {
  DatabaseBusyError,
  databaseQueueStats,
  inBackground,
  isDatabaseBusyError,
  requestsIdle,
  withDatabaseQueue,
} from "./queue.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A query runner: the database or an open transaction (writes that must commit together). */
export type Runner = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies every pending migration; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Subscribes to a PostgreSQL notification channel (LISTEN on a dedicated connection, which
   * reconnects when lost). The embedded database is single-process: there is nobody to hear.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY every instance listening on `channel` (itself included). */
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://… ; when absent the embedded database is used. */
  url?: string;
  /** Folder for the embedded database; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /**
   * With "memory://": a file holding a migrated embedded database (PGlite's `dumpDataDir`) to
   * start from instead of a new one (tests/support's template: no initdb, no migrations).
   */
  template?: string;
  migrationsFolder?: string;
  /** Maximum pooled connections to a PostgreSQL server. */
  poolSize?: number;
};

// An arbitrary constant shared by every instance: pg_advisory_lock serialises migrations.
const MIGRATION_LOCK_KEY = 727_274_001;

const defaultMigrationsFolder = () => path.resolve(env().MIGRATIONS_DIR);

const MB = 1024 * 1024;

/**
 * PGlite's shared buffers for a data folder whose tables take `tableBytes` on disk: a twentieth of
 * it in steps of 16 MB, between 16 and 128 MB (decision 15, amended 2026-11-29). PGlite's WASM
 * memory never shrinks, so every buffer ends up resident: a site of 10 000 articles keeps 16 MB
 * (its search reads a few MB; 16 MB measured the same query speed as 128 MB at 130 MB less memory),
 * while at 100 000 articles (1.4 GB of tables) the search's narrow table and indexes (~55 MB) stay
 * in memory instead of being read again through the file system by every search.
 */
export function pgliteSharedBuffersMb(tableBytes: number) {
  const steps = Math.floor(tableBytes / 20 / (16 * MB));
  return Math.min(128, Math.max(16, steps * 16));
}

function pgliteStartParams(sharedBuffersMb: number) {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

/** Bytes of the files under `dir` (the tables and indexes of an embedded database: its `base` folder). */
function folderBytes(dir: string) {
  let bytes = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    // No readable folder: PGlite says what is wrong with the data folder when it opens it.
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    } catch {
      // A file removed while we counted.
    }
  }
  return bytes;
}

/**
 * Creates a new data directory (initdb) and applies the migrations in a short-lived child
 * process. Both are the memory peaks of an embedded database's life: initdb runs a second
 * PostgreSQL and the initdb program in WASM beside the real one (~1.1 GB at its peak), and the
 * first migrations' DDL spikes to ~750 MB; WASM memory never shrinks, so this process would keep
 * much of it for good. In a child, all of it is returned when the child exits, and this process
 * opens an existing, migrated directory. Called with the data folder lock held.
 */
function initializePgliteDir(pgDir: string, migrationsFolder: string) {
  const source = `
    const [pgliteUrl, trgmUrl, unaccentUrl, drizzleUrl, migratorUrl, dir, params, folder] = process.argv.slice(1);
    const { PGlite } = await import(pgliteUrl);
    const { pg_trgm } = await import(trgmUrl);
    const { unaccent } = await import(unaccentUrl);
    const { drizzle } = await import(drizzleUrl);
    const { migrate } = await import(migratorUrl);
    const pg = await PGlite.create(dir, { extensions: { pg_trgm, unaccent }, startParams: JSON.parse(params) });
    await migrate(drizzle(pg), { migrationsFolder: folder });
    await pg.close();`;
  const result = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      source,
      import.meta.resolve("@electric-sql/pglite"),
      import.meta.resolve("@electric-sql/pglite/contrib/pg_trgm"),
      import.meta.resolve("@electric-sql/pglite/contrib/unaccent"),
      import.meta.resolve("drizzle-orm/pglite"),
      import.meta.resolve("drizzle-orm/pglite/migrator"),
      pgDir,
      JSON.stringify(pgliteStartParams(16)),
      migrationsFolder,
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (result.status !== 0) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    throw new Error(`Creating the embedded database in ${pgDir} failed: ${result.stderr.trim().split("\n").at(-1)}`);
  }
}

async function openPglite(dataDir: string, migrationsFolder: string, template?: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  let release = () => {};
  let pgDir: string | undefined;
  if (!inMemory) {
    const root = path.resolve(dataDir);
    // PGlite does not create parent folders of its data directory.
    fs.mkdirSync(root, { recursive: true });
    release = await acquireDataDirLock(root);
    pgDir = path.join(root, "pglite");
  }
  let client: PgliteWorker;
  try {
    if (pgDir && !fs.existsSync(path.join(pgDir, "PG_VERSION"))) initializePgliteDir(pgDir, migrationsFolder);
    // PGlite computes on the thread that calls it: it gets a thread of its own (decision 15).
    const sharedBuffersMb = pgDir ? pgliteSharedBuffersMb(folderBytes(path.join(pgDir, "base"))) : 16;
    client = await PgliteWorker.create({
      dataDir: pgDir ?? dataDir,
      startParams: pgliteStartParams(sharedBuffersMb),
      template: inMemory ? template : undefined,
    });
    if (pgDir) logger().info({ event: "db", driver: "pglite", sharedBuffersMb }, "embedded database opened");
  } catch (error) {
    release();
    throw error;
  }
  timePgliteQueries(client as unknown as PGlite);
  // Drizzle's PGlite driver over the worker's client (query, exec, transaction: what it calls).
  const db = drizzlePglite(client as unknown as PGlite, { schema, logger: simulatedFailureHook() });
  let migrating: Promise<void> | undefined;
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate() {
      // One process per folder (the data folder lock), so serialising within it is enough.
      migrating ??= migratePglite(db, { migrationsFolder }).finally(() => {
        migrating = undefined;
      });
      return migrating;
    },
    async ping() {
      await client.query("select 1");
    },
    async listen() {
      return async () => {};
    },
    async notify() {},
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, migrationsFolder: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => logger().error({ event: "db", error: error.message }, "idle client error"));
  // Connections still open: pool.end() resolves once it has asked each to close, not once they have.
  const open = new Set<pg.Client>();
  // The pool listens for errors on idle clients only: a checked-out client (a transaction, such
  // as the scheduler's) whose connection is lost must fail its query, not crash the process with
  // an unhandled 'error' event.
  pool.on("connect", (client) => {
    open.add(client);
    client.once("end", () => open.delete(client));
    client.on("error", (error) => logger().warn({ event: "db", error: error.message }, "connection lost"));
    timePgQueries(client);
  });
  const db = drizzleNodePg(pool, { schema, logger: simulatedFailureHook() });
  const listeners = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Database,
    driver: "postgres",
    async migrate() {
      // Session-level advisory locks belong to one connection: use a dedicated client.
      const client = new pg.Client({ connectionString: url });
      // A connection lost mid-migration fails the query in flight (and so the start, with its
      // message); without a listener it would also crash the process as an unhandled event.
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async listen(channel, onNotify) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const connect = async () => {
        if (stopped) return;
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel) onNotify(message.payload ?? "");
        });
        next.on("error", () => {
          // A dropped listener reconnects; the caller may miss notifications meanwhile, so it
          // is told with an empty payload (treat as "anything may have changed").
          next.end().catch(() => {});
          if (!stopped) {
            onNotify("");
            retry = setTimeout(() => void connect(), 1000);
          }
        });
        try {
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
          client = next;
        } catch {
          await next.end().catch(() => {});
          if (!stopped) retry = setTimeout(() => void connect(), 1000);
        }
      };
      await connect();
      listeners.add(async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      });
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
    async notify(channel, payload = "") {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
      // Wait (briefly) until the server has seen every connection go, so whoever closes the
      // handle to drop the database or stop the process finds none still leaving.
      const gone = [...open].map((client) => new Promise<void>((resolve) => client.once("end", () => resolve())));
      await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.url) return openPostgres(options.url, migrationsFolder, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? "./data", migrationsFolder, options.template);
}

type Holder = { handle?: Promise<DatabaseHandle> };
// Kept on globalThis so the dev server's module reloads reuse one connection.
const globals = globalThis as { __devperspectiveDb?: Holder };
globals.__devperspectiveDb ??= {};
const holder: Holder = globals.__devperspectiveDb;

/** The application's database, opened on first use from DATABASE_URL or DATA_DIR. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  holder.handle ??= openDatabase({
    url: env().DATABASE_URL,
    dataDir: env().DATA_DIR,
  }).catch((error) => {
    holder.handle = undefined;
    throw error;
  });
  return holder.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/**
 * The rows of a hand-written select (a union, a derived table the query builder cannot express):
 * both drivers answer `{ rows }`. Column names come back as the query names them.
 */
export async function selectRows<Row>(query: SQL, runner?: Runner): Promise<Row[]> {
  const result = await (runner ?? (await getDb())).execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** Lets tests and scripts point the application at a database they opened themselves. */
export function setDatabaseHandle(handle: DatabaseHandle) {
  holder.handle = Promise.resolve(handle);
}

export async function closeDatabase() {
  const pending = holder.handle;
  holder.handle = undefined;
  if (pending) await (await pending).close();
}
