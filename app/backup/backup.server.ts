/**
 * Backups of the whole site (every table of the database, images included: they are rows of
 * media_blobs, decision 9) into one portable file (backup-format.server.ts), and restores from it
 * into an empty embedded data folder or PostgreSQL database.
 *
 * - A backup reads one consistent snapshot (a repeatable-read, read-only transaction) through a
 *   cursor per table, and streams it into the zip: memory stays flat however big the site. It
 *   is written next to FILE and renamed into place when complete, so FILE is never half a backup.
 * - A restore checks the whole file first (backup-format.server.ts), so a truncated or foreign
 *   file changes nothing. It then builds the schema as it was when the backup was taken (the
 *   migrations up to the backup's), loads every row in one transaction with the foreign keys and
 *   the triggers set aside (rows are copied as they were, derived tables included), puts them
 *   back (which checks every reference), sets every sequence, and applies any newer migration.
 *   The embedded database is built in a folder beside the data and swapped in at the end.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { acquireDataDirLock } from "~/db/data-dir-lock.server";
import { type Database, type DatabaseHandle, getDatabaseHandle, openDatabase, queryRows } from "~/db/db.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  BackupFileError,
  type BackupReader,
  type BackupTable,
  hashedEntry,
  listBackupFiles,
  MANIFEST_ENTRY,
  openBackup,
  tableEntryName,
} from "./backup-format.server";

export { BackupFileError } from "./backup-format.server";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const FETCH_ROWS = 200;

export const migrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

type JournalEntry = { idx: number; when: number; tag: string };
function readJournal(folder = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

function quote(identifier: string) {
  if (!IDENTIFIER.test(identifier)) throw new Error(`unexpected identifier ${JSON.stringify(identifier)}`);
  return `"${identifier}"`;
}

type TableInfo = { name: string; columns: string[]; primaryKey: string[] };

/** Every table of the public schema, referenced tables before those that reference them. */
async function describeTables(db: Database): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, k.position`,
  );
  const references = await queryRows<{ from: string; to: string }>(
    db,
    sql`select f.relname as "from", t.relname as "to"
        from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
        join pg_namespace n on n.oid = k.connamespace
        where n.nspname = 'public' and k.contype = 'f'`,
  );
  const info = new Map<string, TableInfo>();
  for (const { name } of tables) info.set(name, { name, columns: [], primaryKey: [] });
  for (const row of columns) info.get(row.table)?.columns.push(row.column);
  for (const row of keys) info.get(row.table)?.primaryKey.push(row.column);
  // Depth-first topological order; a cycle (articles ⇄ article_revisions) is broken where met,
  // which the restore does not mind (it sets the foreign keys aside while it loads).
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.has(name)) return;
    state.set(name, "visiting");
    for (const reference of references) {
      if (reference.from === name && reference.to !== name) visit(reference.to);
    }
    state.set(name, "done");
    const table = info.get(name);
    if (table) ordered.push(table);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}

async function currentMigration(db: Database): Promise<{ tag: string; count: number }> {
  const rows = await queryRows<{ created_at: string | number; count: string | number }>(
    db,
    sql`select created_at, (select count(*) from drizzle.__drizzle_migrations) as count
        from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const last = rows[0];
  if (!last) throw new Error("The database has no migrations applied.");
  const entry = readJournal().find((candidate) => candidate.when === Number(last.created_at));
  return { tag: entry?.tag ?? `unknown-${last.created_at}`, count: Number(last.count) };
}

export type BackupSummary = { file: string; bytes: number; tables: number; rows: number; images: number; ms: number };

/** Writes a backup of the application's database to `file` (replaced when it exists). */
export async function writeBackup(file: string): Promise<BackupSummary> {
  const started = Date.now();
  const handle = await getDatabaseHandle();
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${randomBytes(4).toString("hex")}`;
  const zip = new yazl.ZipFile();
  const output = fs.createWriteStream(partial, { mode: 0o600 });
  const written = new Promise<void>((resolve, reject) => {
    output.once("close", () => resolve());
    output.once("error", reject);
    zip.outputStream.once("error", reject);
  });
  zip.outputStream.pipe(output);
  let rows = 0;
  let images = 0;
  let tableCount = 0;
  try {
    const manifest = await handle.db.transaction(
      async (tx) => {
        const db = tx as unknown as Database;
        const tables = await describeTables(db);
        const migration = await currentMigration(db);
        const described: BackupTable[] = [];
        for (const table of tables) {
          const entry = hashedEntry();
          const name = tableEntryName(table.name);
          zip.addReadStream(entry.stream, name, { mtime: new Date(started), mode: 0o100600 });
          const cols = table.columns.map(quote).join(", ");
          const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quote).join(", ")}` : "";
          await db.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select row_to_json(x)::text as j from (select ${cols} from ${quote(table.name)}${order}) x`,
            ),
          );
          let count = 0;
          for (;;) {
            const batch = await queryRows<{ j: string }>(db, sql.raw(`fetch ${FETCH_ROWS} from backup_rows`));
            for (const row of batch) await entry.write(`${row.j}\n`);
            count += batch.length;
            if (batch.length < FETCH_ROWS) break;
          }
          await db.execute(sql.raw("close backup_rows"));
          const { bytes, sha256 } = entry.end();
          rows += count;
          if (table.name === "media_uploads") images = count;
          tableCount++;
          described.push({ name: table.name, file: name, columns: table.columns, rows: count, bytes, sha256 });
        }
        const sequences = await queryRows<{ name: string; value: string | null }>(
          db,
          sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
        );
        return {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          source: handle.driver,
          migration,
          tables: described,
          sequences: sequences.map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) })),
        } satisfies BackupManifest;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_ENTRY, {
      mtime: new Date(started),
      mode: 0o100600,
    });
    zip.end();
    await written;
    fs.renameSync(partial, target);
  } catch (error) {
    zip.outputStream.unpipe(output);
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { file: target, bytes: fs.statSync(target).size, tables: tableCount, rows, images, ms: Date.now() - started };
}

// ---------------------------------------------------------------------------------------------
// Restore

export type RestoreTarget = { url: string } | { dataDir: string };
export type RestoreOptions = { force?: boolean; log?: (line: string) => void };
export type RestoreSummary = { tables: number; rows: number; images: number; migration: string; replaced?: string };

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

/** A migrations folder holding the migrations up to `tag` (the schema the backup was taken on). */
function migrationsUpTo(tag: string): { folder: string; latest: boolean; done(): void } {
  const source = migrationsFolder();
  const entries = readJournal(source);
  const index = entries.findIndex((entry) => entry.tag === tag);
  if (index === -1) {
    throw new BackupFileError(
      `The backup was taken on a newer version of DevPerspective (its schema is at migration ${tag}, unknown to this version): upgrade DevPerspective first, then restore.`,
    );
  }
  if (index === entries.length - 1) return { folder: source, latest: true, done() {} };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "devperspective-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const kept = entries.slice(0, index + 1);
  for (const entry of kept)
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return { folder, latest: false, done: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Does this database hold a site (accounts or content)? */
async function holdsASite(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.users') is not null and to_regclass('public.articles') is not null
          and to_regclass('public.categories') is not null as present`,
  );
  if (!row?.present) return false;
  const [counts] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from users) or exists (select 1 from articles) or exists (select 1 from categories) as any`,
  );
  return counts?.any === true;
}

/** Loads every row of `reader` into `db` (a schema at the backup's migration), in one transaction. */
async function loadRows(db: Database, reader: BackupReader): Promise<{ rows: number; images: number }> {
  const manifest = reader.manifest;
  let rows = 0;
  let images = 0;
  await db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    const tables = new Map((await describeTables(run)).map((table) => [table.name, table]));
    for (const table of manifest.tables) {
      const present = tables.get(table.name);
      if (!present) throw new BackupFileError(`The backup has a table this schema lacks: ${table.name}.`);
      const unknown = table.columns.filter((column) => !present.columns.includes(column));
      if (unknown.length > 0) {
        throw new BackupFileError(
          `The backup's table ${table.name} has columns this schema lacks: ${unknown.join(", ")}.`,
        );
      }
    }
    const all = [...tables.keys()].map(quote);
    if (all.length > 0) await run.execute(sql.raw(`truncate table ${all.join(", ")} restart identity cascade`));
    const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
      run,
      sql`select c.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
          from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = k.connamespace
          where n.nspname = 'public' and k.contype = 'f'`,
    );
    for (const key of foreignKeys) {
      await run.execute(sql.raw(`alter table ${quote(key.table)} drop constraint "${key.name.replaceAll('"', '""')}"`));
    }
    for (const name of tables.keys()) await run.execute(sql.raw(`alter table ${quote(name)} disable trigger user`));
    for (const table of manifest.tables) {
      const cols = table.columns.map(quote).join(", ");
      await reader.readTable(table, async (lines) => {
        await run.execute(
          sql`${sql.raw(`insert into ${quote(table.name)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${quote(table.name)}, `)}${`[${lines.join(",")}]`}::json)`,
        );
      });
      rows += table.rows;
      if (table.name === "media_uploads") images = table.rows;
    }
    const sequences = new Set(
      (
        await queryRows<{ name: string }>(
          run,
          sql`select sequencename as name from pg_sequences where schemaname = 'public'`,
        )
      ).map((s) => s.name),
    );
    for (const sequence of manifest.sequences) {
      if (!sequences.has(sequence.name)) continue;
      const name = `public.${quote(sequence.name)}`;
      if (sequence.value === null) await run.execute(sql`select setval(${name}::regclass, 1, false)`);
      else await run.execute(sql`select setval(${name}::regclass, ${sequence.value}, true)`);
    }
    for (const name of tables.keys()) await run.execute(sql.raw(`alter table ${quote(name)} enable trigger user`));
    for (const key of foreignKeys) {
      await run.execute(
        sql.raw(`alter table ${quote(key.table)} add constraint "${key.name.replaceAll('"', '""')}" ${key.definition}`),
      );
    }
  });
  return { rows, images };
}

async function fillDatabase(
  handle: DatabaseHandle,
  reader: BackupReader,
  reopen: (() => Promise<DatabaseHandle>) | null,
  log: (line: string) => void,
): Promise<{ rows: number; images: number }> {
  await handle.migrate();
  log(`schema built at migration ${reader.manifest.migration.tag}; loading rows…`);
  const loaded = await loadRows(handle.db, reader);
  if (reopen) {
    await handle.close();
    const current = await reopen();
    try {
      await current.migrate();
      log("newer migrations applied");
    } finally {
      await current.close();
    }
  } else {
    await handle.close();
  }
  return loaded;
}

/**
 * Rebuilds a site from the backup `file` into `target`. Refuses (RestoreRefusedError) a target
 * that holds a site unless `force`; refuses (BackupFileError) a bad file before touching anything.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const reader = await openBackup(file);
  const manifest = reader.manifest;
  let migrations: ReturnType<typeof migrationsUpTo> | undefined;
  try {
    migrations = migrationsUpTo(manifest.migration.tag);
    log(`${file}: a backup of ${manifest.createdAt} (${manifest.tables.length} tables) checked`);
    const summary = { tables: manifest.tables.length, migration: manifest.migration.tag };
    if ("url" in target) {
      const existing = await openDatabase({ url: target.url, poolSize: 2, migrationsFolder: migrations.folder });
      try {
        if ((await holdsASite(existing.db)) && !options.force) {
          throw new RestoreRefusedError(
            "The database already holds a site: restoring would replace it. Run again with --force to replace it, or point DATABASE_URL at an empty database.",
          );
        }
        await existing.db.execute(sql`drop schema if exists drizzle cascade`);
        await existing.db.execute(sql`drop schema if exists public cascade`);
        await existing.db.execute(sql`create schema public`);
      } catch (error) {
        await existing.close();
        throw error;
      }
      const loaded = await fillDatabase(
        existing,
        reader,
        migrations.latest ? null : () => openDatabase({ url: target.url, poolSize: 2 }),
        log,
      );
      return { ...summary, ...loaded };
    }

    // The embedded database: build beside the data, then swap it in under the folder's lock.
    const dataDir = path.resolve(target.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    const live = path.join(dataDir, "pglite");
    if (fs.existsSync(path.join(live, "PG_VERSION"))) {
      const existing = await openDatabase({ dataDir }); // takes the folder's lock: refused while a server runs
      try {
        if ((await holdsASite(existing.db)) && !options.force) {
          throw new RestoreRefusedError(
            `${dataDir} already holds a site: restoring would replace it. Run again with --force to replace it (the current database is kept beside it), or choose an empty DATA_DIR.`,
          );
        }
      } finally {
        await existing.close();
      }
    }
    const building = path.join(dataDir, `restoring-${randomBytes(4).toString("hex")}`);
    try {
      const handle = await openDatabase({ dataDir: building, migrationsFolder: migrations.folder });
      const loaded = await fillDatabase(
        handle,
        reader,
        migrations.latest ? null : () => openDatabase({ dataDir: building }),
        log,
      );
      const release = await acquireDataDirLock(dataDir);
      let replaced: string | undefined;
      try {
        if (fs.existsSync(live)) {
          replaced = path.join(dataDir, `pglite.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`);
          fs.renameSync(live, replaced);
        }
        fs.renameSync(path.join(building, "pglite"), live);
      } finally {
        release();
      }
      return { ...summary, ...loaded, replaced };
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
  } finally {
    reader.close();
    migrations?.done();
  }
}

// ---------------------------------------------------------------------------------------------
// Daily backups of the embedded database into DATA_DIR/backups.

export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

function stamp(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/**
 * Makes a backup in `folder` when the newest one is older than a day (or there is none), then
 * keeps the newest `keep`. Returns the new file, or null when none was due.
 */
export async function backupIfDue(folder: string, keep: number, now = new Date()): Promise<string | null> {
  if (keep <= 0) return null;
  const newest = listBackupFiles(folder)[0];
  if (newest && now.getTime() - fs.statSync(newest).mtimeMs < BACKUP_EVERY_MS - 60_000) return null;
  const file = path.join(folder, `devperspective-${stamp(now)}.zip`);
  await writeBackup(file);
  for (const old of listBackupFiles(folder).slice(keep)) fs.rmSync(old, { force: true });
  return file;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

/** Started by startup() on the embedded database (one process holds it: no one else to ask). */
export function startAutomaticBackups(folder: string, keep: number, firstDelayMs = 60_000) {
  if (keep <= 0 || timer) return;
  const tick = () => {
    running = backupIfDue(folder, keep)
      .then((file) => {
        if (file) console.log(`[backup] daily backup written: ${file}`);
      })
      .catch((error: Error) => console.error(`[backup] daily backup failed: ${error.message}`))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setTimeout(function again() {
    tick();
    timer = setTimeout(again, CHECK_EVERY_MS);
    timer.unref();
  }, firstDelayMs);
  timer.unref();
}

export async function stopAutomaticBackups() {
  clearTimeout(timer);
  timer = undefined;
  await running;
}
