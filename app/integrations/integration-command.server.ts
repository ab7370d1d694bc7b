/**
 * `npm run admin -- integration create --name NAME [--role ROLE]`, `integration list` and
 * `integration delete --name NAME` (../shared/contract.md): run by scripts/admin.ts itself, or by
 * the running server that holds the embedded database (through the data folder's lock socket).
 * `create` answers one JSON line: `{"name","role","contentKey","adminKey","apiUrl"}`.
 */
import { z } from "zod";
import { STAFF_ROLES } from "~/auth/permissions";
import type { DataDirCommandAnswer } from "~/db/data-dir-lock.server";
import { env } from "~/env.server";
import { IntegrationNameSchema } from "~/lib/integration-schema";
import {
  createIntegration,
  deleteIntegration,
  findIntegrationByName,
  IntegrationNameTakenError,
  listIntegrations,
} from "./integrations.server";

export const IntegrationCommandSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create"), name: IntegrationNameSchema, role: z.enum(STAFF_ROLES).default("editor") }),
  z.object({ action: z.literal("list") }),
  z.object({ action: z.literal("delete"), name: IntegrationNameSchema }),
]);
export type IntegrationCommand = z.infer<typeof IntegrationCommandSchema>;

const COMMAND_ACTOR = { id: null, fullName: "npm run admin" } as const;

export async function runIntegrationCommand(command: IntegrationCommand): Promise<DataDirCommandAnswer> {
  if (command.action === "create") {
    try {
      const made = await createIntegration({ name: command.name, role: command.role }, COMMAND_ACTOR);
      const line = {
        name: made.name,
        role: made.role,
        contentKey: made.contentKey,
        adminKey: made.adminKey,
        apiUrl: env().SITE_URL,
      };
      return { ok: true, message: JSON.stringify(line) };
    } catch (error) {
      if (error instanceof IntegrationNameTakenError) return { ok: false, message: error.message };
      throw error;
    }
  }
  if (command.action === "list") {
    const rows = await listIntegrations();
    return {
      ok: true,
      message: rows
        .map((row) =>
          JSON.stringify({ name: row.name, role: row.role, contentKey: row.contentKey, adminKeyId: row.adminKeyId }),
        )
        .join("\n"),
    };
  }
  const found = await findIntegrationByName(command.name);
  if (!found) return { ok: false, message: `No integration is named "${command.name}".` };
  await deleteIntegration(found.id, COMMAND_ACTOR);
  return { ok: true, message: `deleted integration ${found.name}` };
}
