/**
 * Backups of the whole site (every table of the database, images included: they are rows of
 * media_blobs, decision 9) into one portable file (backup-format.server.ts); restores are
 * restore.server.ts.
 *
 * A backup reads one consistent snapshot (a repeatable-read, read-only transaction) through a
 * cursor per table, and streams it into the zip: memory stays flat however big the site. It is
 * written next to FILE and renamed into place when complete, so FILE is never half a backup.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { type Database, getDatabaseHandle, queryRows } from "~/db/db.server";
import { logger } from "~/observability/logger.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  type BackupTable,
  hashedEntry,
  listBackupFiles,
  MANIFEST_ENTRY,
  tableEntryName,
} from "./backup-format.server";
import { currentMigration, describeTables, quote } from "./backup-schema.server";

export { BackupFileError } from "./backup-format.server";

const FETCH_ROWS = 200;

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
        if (file) logger().info({ event: "backup.daily", file }, "daily backup written");
      })
      .catch((error: Error) => logger().error({ event: "backup.daily_failed", err: error }, "daily backup failed"))
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
