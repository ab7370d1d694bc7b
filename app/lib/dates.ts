/**
 * Dates as the app passes them around: ISO 8601 strings in UTC. The drivers return timestamps as
 * Date objects (node-postgres, Drizzle) or strings (raw PGlite rows); `toIso` takes either.
 */

/** The ISO 8601 (UTC) form of a timestamp from the database, a Date, a string or epoch milliseconds. */
export function toIso(value: Date | string | number): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
