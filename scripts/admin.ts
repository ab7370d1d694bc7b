/**
 * npm run admin -- create --email E --password P --name "Full Name"
 *
 * Creates a verified administrator with a linked author profile, or promotes an existing user.
 * Exits non-zero with a one-line reason on bad input.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";
import { EmailSchema, FullNameSchema, PasswordSchema } from "~/lib/account-schemas";

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
  const input = z
    .object({ email: EmailSchema, password: PasswordSchema, fullName: FullNameSchema })
    .safeParse({ email: values.email, password: values.password, fullName: values.name });
  if (!input.success) die(input.error.issues[0]!.message);

  const handle = await getDatabaseHandle().catch((error: Error) => die(error.message));
  try {
    await handle.migrate();
    const result = await createOrPromoteAdmin(input.data);
    console.log(
      `admin: ${result.created ? "created" : "promoted"} ${input.data.email} (user ${result.userId}, author profile ${result.authorId})`,
    );
  } finally {
    await closeDatabase();
  }
}

main().catch((error: Error) => die(error.message));
