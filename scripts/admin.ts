/**
 * npm run admin -- create --email E --password P --name "Full Name"
 * npm run admin -- integration create --name NAME [--role contributor|author|editor|administrator]
 * npm run admin -- integration list | integration delete --name NAME
 *
 * `create` makes a verified administrator with a linked author profile, or promotes an existing
 * user. `integration create` prints one JSON line with the new integration's keys
 * (../shared/contract.md); `list` one JSON line an integration (no secrets). Exits non-zero with a
 * one-line reason on bad input.
 *
 * With DATABASE_URL it connects directly. On the embedded database it opens the data folder, or,
 * when a running server holds it (the folder is never opened twice), sends the command through
 * the folder's lock socket and the server runs it (app/setup/admin-command.server.ts).
 */
import { parseArgs } from "node:util";
import path from "node:path";
import { closeDatabase, DataDirLockedError, getDatabaseHandle } from "~/db/db.server";
import { sendDataDirCommand } from "~/db/data-dir-lock.server";
import type { DataDirCommand, DataDirCommandAnswer } from "~/db/data-dir-lock.server";
import { IntegrationCommandSchema, runIntegrationCommand } from "~/integrations/integration-command.server";
import { createLogger, setLogger } from "~/observability/logger.server";
import { AdminCreateSchema, runAdminCreate } from "~/setup/admin-command.server";

// The command's answer is its standard output (`integration create`: exactly one JSON line):
// the app's own log lines (the database opening) stay out of it; warnings go to stderr.
setLogger(createLogger({ level: "warn", format: "json" }, { out: process.stderr }));

// One line: every refusal is one line on stderr.
const USAGE =
  'usage: npm run admin -- create --email E --password P --name "Full Name" | integration create --name NAME [--role contributor|author|editor|administrator] | integration list | integration delete --name NAME';

function die(message: string): never {
  console.error(`admin: ${message}`);
  process.exit(1);
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
      },
    });
  } catch (error) {
    die(`${(error as Error).message}. ${USAGE}`);
  }
  const [command, action] = parsed.positionals;
  const values = parsed.values as Record<string, string | undefined>;
  if (command === "integration") {
    const input = IntegrationCommandSchema.safeParse({ action, name: values.name, role: values.role });
    if (!input.success) {
      const known = action === "create" || action === "list" || action === "delete";
      die(
        known
          ? `${input.error.issues[0]!.message}. ${USAGE}`
          : `unknown integration command "${action ?? ""}". ${USAGE}`,
      );
    }
    // The integration commands print their answer as it is (create: one JSON line).
    await run(
      { command: "integration", input: input.data },
      () => runIntegrationCommand(input.data),
      (m) => m,
    );
    return;
  }
  if (command !== "create") die(command ? `unknown command "${command}". ${USAGE}` : USAGE);
  for (const flag of ["email", "password", "name"]) {
    if (values[flag] === undefined) die(`missing --${flag}. ${USAGE}`);
  }
  const input = AdminCreateSchema.safeParse({ email: values.email, password: values.password, fullName: values.name });
  if (!input.success) die(input.error.issues[0]!.message);
  await run(
    { command: "admin-create", input: input.data },
    () => runAdminCreate(input.data),
    (message, byServer) => `admin: ${message}${byServer ? " (by the running server)" : ""}`,
  );
}

/**
 * Runs a command on the database: directly, or, when a running server holds the embedded
 * database, through the data folder's lock socket (the server runs it).
 */
async function run(
  command: DataDirCommand,
  direct: () => Promise<DataDirCommandAnswer>,
  line: (message: string, byServer: boolean) => string,
) {
  let handle: Awaited<ReturnType<typeof getDatabaseHandle>>;
  try {
    handle = await getDatabaseHandle();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) die((error as Error).message);
    const answer = await sendDataDirCommand(path.resolve(process.env.DATA_DIR || "./data"), command).catch(
      (sendError: Error) => die(sendError.message),
    );
    if (!answer.ok) die(answer.message);
    if (answer.message) console.log(line(answer.message, true));
    return;
  }
  let answer: DataDirCommandAnswer;
  try {
    await handle.migrate();
    answer = await direct();
  } finally {
    await closeDatabase();
  }
  if (!answer.ok) die(answer.message);
  if (answer.message) console.log(line(answer.message, false));
}

main().catch((error: Error) => die(error.message));
