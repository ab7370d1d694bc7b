/**
 * npm run restore -- FILE [--force]
 *
 * Rebuilds a site from a backup written by `npm run backup` (or the daily backups in
 * DATA_DIR/backups) into the database DATABASE_URL names, or else into DATA_DIR. The target must
 * hold no site, unless --force (the embedded database's previous folder is then kept beside the
 * new one as DATA_DIR/pglite.replaced-…). A truncated or foreign file is refused before anything
 * is touched. The server must be stopped (the embedded database admits one process).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { recordAudit } from "~/audit/audit.server";
import { restoreBackup } from "~/backup/restore.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";

const USAGE = "usage: npm run restore -- FILE [--force]";

function die(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { force: { type: "boolean" } } });
  } catch (error) {
    die(`${(error as Error).message}. ${USAGE}`);
  }
  if (parsed.positionals.length !== 1) die(USAGE);
  const file = path.resolve(String(parsed.positionals[0]));
  const url = process.env.DATABASE_URL || undefined;
  const target = url ? { url } : { dataDir: path.resolve(process.env.DATA_DIR || "./data") };
  const summary = await restoreBackup(file, target, {
    force: parsed.values.force === true,
    log: (line) => console.log(`restore: ${line}`),
  });
  // The restore is the first entry of the restored site's audit log.
  await getDatabaseHandle();
  try {
    await recordAudit(
      { id: null, fullName: "npm run restore" },
      {
        kind: "site",
        action: "restored",
        summary: `Restored the site from ${path.basename(file)}`,
        details: { file, rows: summary.rows, images: summary.images, migration: summary.migration },
      },
    );
  } finally {
    await closeDatabase();
  }
  console.log(
    `restore: restored ${summary.tables} tables, ${summary.rows} rows and ${summary.images} images into ${url ? "the database" : target.dataDir}${summary.replaced ? `; the previous database is kept in ${summary.replaced}` : ""}`,
  );
}

// Bad files (BackupFileError), a target that holds a site (RestoreRefusedError) and a running
// server (DataDirLockedError) all say what to do in their message.
main().catch((error: Error) => die(error.message));
