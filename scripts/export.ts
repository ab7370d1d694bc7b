/**
 * npm run export -- FILE
 *
 * Writes the publication as the admin panel's export (/admin/export) to FILE: articles and pages
 * as Markdown with front matter, images, authors, categories, questions and comments as JSON.
 * On the embedded database, when a running server holds the data folder, the server writes it
 * (sent through the folder's lock socket, as `npm run admin` and `npm run backup` are).
 */
import path from "node:path";
import { exportLine, exportToFile } from "~/backup/export-command.server";
import { sendDataDirCommand } from "~/db/data-dir-lock.server";
import { closeDatabase, DataDirLockedError, getDatabaseHandle } from "~/db/db.server";
import { env } from "~/env.server";

function die(message: string): never {
  console.error(`export: ${message}`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length !== 1 || args[0]!.startsWith("-")) die("usage: npm run export -- FILE");
  const file = path.resolve(args[0]!);
  const config = env();
  let handle: Awaited<ReturnType<typeof getDatabaseHandle>>;
  try {
    handle = await getDatabaseHandle();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) die((error as Error).message);
    const answer = await sendDataDirCommand(path.resolve(config.DATA_DIR), { command: "export", file }).catch(
      (sendError: Error) => die(sendError.message),
    );
    if (!answer.ok) die(answer.message);
    console.log(`export: ${answer.message} (by the running server)`);
    return;
  }
  try {
    await handle.migrate();
    const result = await exportToFile(file, config.SITE_URL, { id: null, fullName: "npm run export" });
    console.log(`export: ${exportLine(result)}`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: Error) => die(error.message));
