/**
 * What categories and series share as named pages: a name unique regardless of letter case
 * (`lower(name)` is a unique index) and a unique slug.
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { getDb, type Runner } from "~/db/db.server";
import type { categories, series } from "~/db/schema";

/** Whether another row (other than `exceptId`) already has this name or this slug. */
export async function nameOrSlugTaken(
  table: typeof categories | typeof series,
  input: { name: string; slug: string },
  exceptId: number | null,
): Promise<{ name: boolean; slug: boolean }> {
  const db = await getDb();
  const other = exceptId === null ? undefined : ne(table.id, exceptId);
  const first = (where: SQL) =>
    db
      .select({ id: table.id })
      .from(table as typeof series)
      .where(and(where, other))
      .limit(1);
  const [[byName], [bySlug]] = await Promise.all([
    first(eq(sql`lower(${table.name})`, input.name.toLowerCase())),
    first(eq(table.slug, input.slug)),
  ]);
  return { name: byName !== undefined, slug: bySlug !== undefined };
}

/**
 * A write that may lose a race on a unique key to another request: `raceErrors` reads the field
 * errors the pre-check would have given from the error (null: not such a race, thrown again).
 */
export async function writeOrRaced<T, FieldErrors>(
  write: () => Promise<T>,
  raceErrors: (error: unknown) => FieldErrors | null,
): Promise<{ status: "written"; value: T } | { status: "invalid"; fieldErrors: FieldErrors }> {
  try {
    return { status: "written", value: await write() };
  } catch (error) {
    const race = raceErrors(error);
    if (race) return { status: "invalid", fieldErrors: race };
    throw error;
  }
}

/** An audit entry's details for a rename: the name and slug before and after. */
export function renameDetails(before: { name: string; slug: string }, after: { name: string; slug: string }) {
  return { before: { name: before.name, slug: before.slug }, after: { name: after.name, slug: after.slug } };
}

/**
 * Creates a category or a series: the insert and its audit entry ("Created category Rust") in one
 * transaction; a lost race on a unique key comes back as field errors (`writeOrRaced`).
 */
export async function insertNamed<Row extends { id: number; name: string }, FieldErrors>(
  actor: AuditActor,
  kind: "category" | "series",
  insert: (tx: Runner) => Promise<Row | undefined>,
  raceErrors: (error: unknown) => FieldErrors | null,
) {
  const db = await getDb();
  return writeOrRaced(
    () =>
      db.transaction(async (tx) => {
        const row = await insert(tx);
        if (!row) throw new Error(`${kind} insert returned no row`);
        await recordAudit(
          actor,
          { kind, action: "created", targetId: row.id, summary: `Created ${kind} ${row.name}` },
          tx,
        );
        return row;
      }),
    raceErrors,
  );
}
