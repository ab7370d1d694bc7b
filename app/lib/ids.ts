/**
 * Database ids (PostgreSQL `integer` serials) read from URLs and forms, in one place: a positive
 * decimal number without sign, spaces or leading zeros, at most MAX_ID. Anything else is not an
 * id (the caller answers 404 or 400), so a hostile value never reaches a query.
 */

/** Largest value of a PostgreSQL integer: bigger ids cannot exist. */
export const MAX_ID = 2_147_483_647;

/** A positive database id from a route parameter, search parameter or form value, else null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** True for a number that can be a database id. */
export function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;
}
