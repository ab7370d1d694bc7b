/**
 * Restores from a backup (backup-format.server.ts) into an empty embedded data folder or
 * PostgreSQL database. It checks the whole file first, so a truncated or foreign file changes
 * nothing. It then builds the schema as it was when the backup was taken (the migrations up to
 * the backup's), loads every row in one transaction with the foreign keys and the triggers set
 * aside (rows are copied as they were, derived tables included), puts them back (which checks
 * every reference), sets every sequence, and applies any newer migration. The embedded database
 * is built in a folder beside the data and swapped in at the end.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { acquireDataDirLock } from "~/db/data-dir-lock.server";
import { type Database, type DatabaseHandle, openDatabase, queryRows } from "~/db/db.server";
import { BackupFileError, type BackupReader, openBackup } from "./backup-format.server";
import { describeTables, migrationsFolder, quote, readJournal } from "./backup-schema.server";

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
