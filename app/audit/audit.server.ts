/**
 * The audit log: every write in the admin panel records who did what, when, with a one-line
 * summary (and, where useful, the change's details). Write it in the same transaction as the
 * change (`runner`), so a rolled-back change leaves no entry and a committed one always has one.
 */
import { and, desc, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { auditLog, users } from "~/db/schema";

export const AUDIT_KINDS = [
  "article",
  "comment",
  "category",
  "series",
  "tag",
  "question",
  "author",
  "person",
  "invite",
  "settings",
  "page",
  "message",
  "media",
  "site",
  "subscribers",
  "integration",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who did it; without `fullName` the name is read from the account. */
export type AuditActor = { id: number; fullName?: string };
/** A command run on the server (`npm run backup`, `npm run restore`, …): no account, the command as its name. */
export type AuditCommandActor = { id: null; fullName: string };

export type AuditEntry = {
  kind: AuditKind;
  /** A short verb: created, updated, deleted, published, approved, hidden, invited, suspended, … */
  action: string;
  targetId?: string | number | null;
  /** One line a person reads in the log: "Renamed category Tutorials to Guides". */
  summary: string;
  details?: Record<string, unknown> | null;
};

/** Records one admin write by `actor` (inside the write's transaction when given one). */
export async function recordAudit(actor: AuditActor | AuditCommandActor, entry: AuditEntry, runner?: Runner) {
  const db = runner ?? (await getDb());
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorName:
      actor.fullName ??
      sql<string>`coalesce((select ${users.fullName} from ${users} where ${users.id} = ${actor.id as number}), '')`,
    kind: entry.kind,
    action: entry.action,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    summary: entry.summary.slice(0, 500),
    details: entry.details ?? null,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * One page of the log, newest first, optionally for one person and/or one kind. Keyset paging
 * (`before` an id) keeps every page an index range scan however long the log grows.
 */
export async function listAudit(filter: { actorUserId?: number; kind?: AuditKind; before?: number; limit?: number }) {
  const db = await getDb();
  const limit = filter.limit ?? 50;
  const conditions: SQL[] = [];
  if (filter.actorUserId !== undefined) conditions.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.kind) conditions.push(eq(auditLog.kind, filter.kind));
  if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), nextBefore: rows.length > limit ? rows[limit - 1]!.id : null };
}

/** Everyone who has an entry, for the page's "Person" filter (their latest name). */
export async function listAuditActors() {
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([auditLog.actorUserId], { id: auditLog.actorUserId, name: auditLog.actorName })
    .from(auditLog)
    .where(isNotNull(auditLog.actorUserId))
    .orderBy(auditLog.actorUserId, desc(auditLog.id));
  return rows
    .filter((row): row is { id: number; name: string } => row.id !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function isAuditKind(value: string | null): value is AuditKind {
  return value !== null && (AUDIT_KINDS as readonly string[]).includes(value);
}
