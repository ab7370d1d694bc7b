/**
 * `npm run admin -- create …` as a command: run by scripts/admin.ts itself (DATABASE_URL, or a
 * free data folder), or sent through the data folder's lock socket to the running server that
 * holds the embedded database (app/db/data-dir-lock.server.ts), which runs it here.
 */
import path from "node:path";
import { z } from "zod";
import { runBackupCommand } from "~/backup/backup-command.server";
import { exportLine, exportToFile } from "~/backup/export-command.server";
import { env } from "~/env.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { IntegrationCommandSchema, runIntegrationCommand } from "~/integrations/integration-command.server";
import type { DataDirCommand, DataDirCommandAnswer } from "~/db/data-dir-lock.server";
import { EmailSchema, FullNameSchema, PasswordSchema } from "~/lib/account-schemas";
import { logger } from "~/observability/logger.server";

export const AdminCreateSchema = z.object({ email: EmailSchema, password: PasswordSchema, fullName: FullNameSchema });
export type AdminCreateInput = z.infer<typeof AdminCreateSchema>;

/** Creates or promotes the administrator; the answer's message is the CLI's line. */
export async function runAdminCreate(input: AdminCreateInput): Promise<DataDirCommandAnswer> {
  const result = await createOrPromoteAdmin(input);
  return {
    ok: true,
    message: `${result.created ? "created" : "promoted"} ${input.email} (user ${result.userId}, author profile ${result.authorId})`,
  };
}

/** The server's handler of lock-socket commands (registered by startup()). */
export async function handleDataDirCommand(command: DataDirCommand): Promise<DataDirCommandAnswer> {
  if (command.command === "backup") {
    const file = command.file;
    if (typeof file !== "string" || !path.isAbsolute(file))
      return { ok: false, message: "The backup needs a file path." };
    const answer = await runBackupCommand(file);
    console.log(`[backup] ${answer.message} (sent by npm run backup)`);
    return answer;
  }
  if (command.command === "export") {
    const file = command.file;
    if (typeof file !== "string" || !path.isAbsolute(file))
      return { ok: false, message: "The export needs a file path." };
    const result = await exportToFile(file, env().SITE_URL, { id: null, fullName: "npm run export" });
    const answer = { ok: true, message: exportLine(result) };
    console.log(`[export] ${answer.message} (sent by npm run export)`);
    return answer;
  }
  if (command.command === "integration") {
    const input = IntegrationCommandSchema.safeParse(command.input);
    if (!input.success) return { ok: false, message: input.error.issues[0]!.message };
    const answer = await runIntegrationCommand(input.data);
    if (answer.ok && input.data.action !== "list") {
      logger().info({ event: "admin" }, `integration ${input.data.action}: ${input.data.name} (sent by npm run admin)`);
    }
    return answer;
  }
  if (command.command !== "admin-create") return { ok: false, message: `unknown command "${command.command}"` };
  const input = AdminCreateSchema.safeParse(command.input);
  if (!input.success) return { ok: false, message: input.error.issues[0]!.message };
  const answer = await runAdminCreate(input.data);
  logger().info({ event: "admin" }, `${answer.message} (sent by npm run admin)`);
  return answer;
}
