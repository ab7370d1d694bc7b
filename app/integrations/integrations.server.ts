/**
 * Integrations (issue 42): named keys for other programs, managed by administrators (the
 * Integrations screen and `npm run admin -- integration …`). Each has a Content API key, an Admin
 * API key (Ghost's formats, app/integrations/keys.server.ts) and a staff role that the permissions
 * module applies to its Admin API calls. The Admin API secret is shown whole only when it is made
 * (created, regenerated); lists show the key id. Every change is in the audit log.
 */
import { asc, eq, sql } from "drizzle-orm";
import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { getDb } from "~/db/db.server";
import { isUniqueViolation } from "~/db/pg-error.server";
import { integrations } from "~/db/schema";
import type { StaffRole } from "~/auth/permissions";
import { adminKeyText, newAdminKey, newContentKey } from "./keys.server";

export type IntegrationSummary = {
  id: number;
  name: string;
  role: StaffRole;
  contentKey: string;
  adminKeyId: string;
  createdAt: Date;
};

/** An integration as it is made (created or regenerated): the only time its secret is shown. */
export type IntegrationKeys = IntegrationSummary & { adminKey: string };

export class IntegrationNameTakenError extends Error {
  constructor(name: string) {
    super(`An integration named "${name}" already exists.`);
  }
}

const summaryColumns = {
  id: integrations.id,
  name: integrations.name,
  role: integrations.role,
  contentKey: integrations.contentKey,
  adminKeyId: integrations.adminKeyId,
  createdAt: integrations.createdAt,
};

type Actor = AuditActor | AuditCommandActor;

export async function listIntegrations(): Promise<IntegrationSummary[]> {
  const db = await getDb();
  return db
    .select(summaryColumns)
    .from(integrations)
    .orderBy(asc(sql`lower(${integrations.name})`), asc(integrations.id));
}

export async function findIntegrationByName(name: string): Promise<IntegrationSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select(summaryColumns)
    .from(integrations)
    .where(eq(sql`lower(${integrations.name})`, name.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function createIntegration(
  input: { name: string; role: StaffRole },
  actor: Actor,
): Promise<IntegrationKeys> {
  const db = await getDb();
  const admin = newAdminKey();
  const name = input.name.trim();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(integrations)
        .values({
          name,
          role: input.role,
          contentKey: newContentKey(),
          adminKeyId: admin.id,
          adminSecret: admin.secret,
        })
        .returning(summaryColumns);
      await recordAudit(
        actor,
        {
          kind: "integration",
          action: "created",
          targetId: row!.id,
          summary: `Created integration ${name} (${input.role})`,
        },
        tx,
      );
      return { ...row!, adminKey: adminKeyText(admin) };
    });
  } catch (error) {
    if (isUniqueViolation(error, "integrations_name_lower_key")) throw new IntegrationNameTakenError(name);
    throw error;
  }
}

export async function renameIntegration(id: number, input: { name: string; role: StaffRole }, actor: Actor) {
  const db = await getDb();
  const name = input.name.trim();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(integrations)
        .set({ name, role: input.role, updatedAt: sql`now()` })
        .where(eq(integrations.id, id))
        .returning(summaryColumns);
      if (!row) return null;
      await recordAudit(
        actor,
        {
          kind: "integration",
          action: "updated",
          targetId: id,
          summary: `Updated integration ${name} (${input.role})`,
        },
        tx,
      );
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, "integrations_name_lower_key")) throw new IntegrationNameTakenError(name);
    throw error;
  }
}

/** New Content and Admin API keys: the old ones stop working at once. */
export async function regenerateIntegrationKeys(id: number, actor: Actor): Promise<IntegrationKeys | null> {
  const db = await getDb();
  const admin = newAdminKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(integrations)
      .set({ contentKey: newContentKey(), adminKeyId: admin.id, adminSecret: admin.secret, updatedAt: sql`now()` })
      .where(eq(integrations.id, id))
      .returning(summaryColumns);
    if (!row) return null;
    await recordAudit(
      actor,
      {
        kind: "integration",
        action: "regenerated",
        targetId: id,
        summary: `Regenerated the keys of integration ${row.name}`,
      },
      tx,
    );
    return { ...row, adminKey: adminKeyText(admin) };
  });
}

export async function deleteIntegration(id: number, actor: Actor): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(integrations).where(eq(integrations.id, id)).returning({ name: integrations.name });
    if (!row) return false;
    await recordAudit(
      actor,
      { kind: "integration", action: "deleted", targetId: id, summary: `Deleted integration ${row.name}` },
      tx,
    );
    return true;
  });
}

/** The integration a Content API key belongs to, or null (a revoked or unknown key). */
export async function integrationByContentKey(key: string): Promise<IntegrationSummary | null> {
  const db = await getDb();
  const [row] = await db.select(summaryColumns).from(integrations).where(eq(integrations.contentKey, key)).limit(1);
  return row ?? null;
}

/** The integration and secret of an Admin API key id, or null. */
export async function integrationByAdminKeyId(
  keyId: string,
): Promise<(IntegrationSummary & { secret: string }) | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...summaryColumns, secret: integrations.adminSecret })
    .from(integrations)
    .where(eq(integrations.adminKeyId, keyId))
    .limit(1);
  return row ?? null;
}
