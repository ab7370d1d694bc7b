/** The PostgreSQL error behind a driver or Drizzle error (they wrap it in `cause`), or null. */
export function pgErrorOf(error: unknown): { code: string; constraint: string | null } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : null };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique violation (23505), optionally of one of `constraints` (unknown constraint: any). */
export function isUniqueViolation(error: unknown, ...constraints: string[]): string | null | false {
  const pg = pgErrorOf(error);
  if (pg?.code !== "23505") return false;
  if (constraints.length === 0 || pg.constraint === null) return pg.constraint;
  return constraints.includes(pg.constraint) ? pg.constraint : false;
}

/** A foreign key violation (23503): a row still referenced, or a reference to a missing row. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === "23503";
}
