/**
 * npm run backup -- FILE
 *
 * Writes the whole site (every table, images included) to FILE, a zip that `npm run restore`
 * rebuilds a site from, on either database. Exits non-zero with a one-line reason on failure.
 *
 * With DATABASE_URL it reads that database directly. On the embedded database it opens the data
 * folder, or, when a running server holds it (the folder is never opened twice), sends the
 * command through the folder's lock socket and the server writes the file
 * (app/setup/admin-command.server.ts), as `npm run admin` does.
 */
import path from "node:path";
import { runBackupCommand } from "~/backup/backup-command.server";
import { sendDataDirCommand } from "~/db/data-dir-lock.server";
import { closeDatabase, DataDirLockedError, getDatabaseHandle } from "~/db/db.server";

const USAGE = "usage: npm run backup -- FILE";

function die(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length !== 1 || args[0]!.startsWith("-")) die(USAGE);
  const file = path.resolve(args[0]!);
  let handle: Awaited<ReturnType<typeof getDatabaseHandle>>;
  try {
    handle = await getDatabaseHandle();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) die((error as Error).message);
    // A running server holds the embedded database: it writes the backup for us.
    const answer = await sendDataDirCommand(path.resolve(process.env.DATA_DIR || "./data"), {
      command: "backup",
      file,
    }).catch((sendError: Error) => die(sendError.message));
    if (!answer.ok) die(answer.message);
    console.log(`backup: ${answer.message} (by the running server)`);
    return;
  }
  try {
    await handle.migrate();
    const answer = await runBackupCommand(file);
    console.log(`backup: ${answer.message}`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: Error) => die(error.message));
