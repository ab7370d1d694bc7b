/**
 * What categories and series share as named pages: a name unique regardless of letter case
 * (`lower(name)` is a unique index) and a unique slug.
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
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
