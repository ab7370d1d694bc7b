/**
 * Ghost's ids are 24 hex characters (MongoDB ObjectIds); ours are integers per table. The APIs
 * show an id as a letter naming its kind followed by the integer in hex, 24 characters in all
 * (article 31 is `a`, then 31 in hex, `1f`, zero-padded): it looks like Ghost's to a client that checks, a
 * tag and a category with the same integer never share one, and Ghost's filter language reads it
 * as a string (an id of digits only would be read as a number).
 */
const KINDS = { post: "a", page: "b", category: "c", tag: "d", author: "e" } as const;
export type GhostIdKind = keyof typeof KINDS;

const ID_LENGTH = 24;

export function ghostId(kind: GhostIdKind, id: number): string {
  return KINDS[kind] + id.toString(16).padStart(ID_LENGTH - 1, "0");
}

/** The integer of a Ghost-style id of `kind`, or null (another kind, or not an id). */
export function parseGhostId(kind: GhostIdKind, value: unknown): number | null {
  if (typeof value !== "string" || value.length !== ID_LENGTH || value[0] !== KINDS[kind]) return null;
  if (!/^[0-9a-f]{23}$/.test(value.slice(1))) return null;
  const id = Number.parseInt(value.slice(1), 16);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A stable UUID for an article (Ghost's `uuid`), made from its id: the same on every read. */
export function ghostUuid(kind: GhostIdKind, id: number): string {
  const hex = (KINDS[kind].charCodeAt(0).toString(16) + id.toString(16).padStart(30, "0")).slice(-32);
  // Shaped as a version 8 (custom) UUID with the RFC 9562 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
