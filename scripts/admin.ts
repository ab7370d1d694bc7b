/**
 * npm run admin -- create --email E --password P --name "Full Name"
 *
 * Creates a verified administrator with a linked author profile, or promotes an existing user.
 * Exits non-zero with a one-line reason on bad input.
 *
 * With DATABASE_URL it connects directly. On the embedded database it opens the data folder, or,
 * when a running server holds it (the folder is never opened twice), sends the command through
 * the folder's lock socket and the server runs it (app/setup/admin-command.server.ts).
 */
import { parseArgs } from "node:util";
import path from "node:path";
import { closeDatabase, DataDirLockedError, getDatabaseHandle } from "~/db/db.server";
import { sendDataDirCommand } from "~/db/data-dir-lock.server";
import { AdminCreateSchema, runAdminCreate } from "~/setup/admin-command.server";

const USAGE = 'usage: npm run admin -- create --email E --password P --name "Full Name"';

function die(message: string): never {
  console.error(`admin: ${message}`);
  process.exit(1);
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    });
  } catch (error) {
    die(`${(error as Error).message}. ${USAGE}`);
  }
  const [command] = parsed.positionals;
  if (command !== "create") die(command ? `unknown command "${command}". ${USAGE}` : USAGE);
  const values = parsed.values as Record<string, string | undefined>;
  for (const flag of ["email", "password", "name"]) {
    if (values[flag] === undefined) die(`missing --${flag}. ${USAGE}`);
  }
  const input = AdminCreateSchema.safeParse({ email: values.email, password: values.password, fullName: values.name });
  if (!input.success) die(input.error.issues[0]!.message);

  let handle: Awaited<ReturnType<typeof getDatabaseHandle>>;
  try {
    handle = await getDatabaseHandle();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) die((error as Error).message);
    // A running server holds the embedded database: it runs the command for us.
    const answer = await sendDataDirCommand(path.resolve(process.env.DATA_DIR || "./data"), {
      command: "admin-create",
      input: input.data,
    }).catch((sendError: Error) => die(sendError.message));
    if (!answer.ok) die(answer.message);
    console.log(`admin: ${answer.message} (by the running server)`);
    return;
  }
  try {
    await handle.migrate();
    const answer = await runAdminCreate(input.data);
    console.log(`admin: ${answer.message}`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: Error) => die(error.message));
