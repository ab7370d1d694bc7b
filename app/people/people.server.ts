/**
 * People: the accounts an administrator manages at /admin/people (list, role, suspend, restore).
 *
 * The last active administrator can be neither demoted nor suspended. The check runs inside the
 * change's transaction after locking every active administrator's row (SELECT … FOR UPDATE), so
 * two simultaneous demotions of the last two administrators cannot both pass: the second waits
 * for the first, then counts again.
 */
import { and, asc, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { ROLE_LABELS, type Role } from "~/auth/permissions";
import { getDb, type Runner } from "~/db/db.server";
import { authors, sessions, users } from "~/db/schema";
import type { PersonRow } from "./people-view";

export const PEOPLE_PAGE_SIZE = 25;

export type { PersonRow } from "./people-view";

/** Trimmed, at most 100 characters; "" means no search. */
export function normalizePeopleQuery(value: string | null) {
  return (value ?? "").trim().slice(0, 100);
}

/** One page: staff first (administrators down to contributors), then readers; by name within a role. */
export async function listPeople(options: { query: string; page: number }) {
  const db = await getDb();
  const pattern = `%${options.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where: SQL | undefined = options.query
    ? sql`(${users.fullName} ilike ${pattern} or ${users.email} ilike ${pattern})`
    : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE));
  const page = Math.min(options.page, pageCount);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      suspendedAt: users.suspendedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(
      sql`case ${users.role} when 'administrator' then 0 when 'editor' then 1 when 'author' then 2 when 'contributor' then 3 else 4 end`,
      asc(sql`lower(${users.fullName})`),
      asc(users.id),
    )
    .limit(PEOPLE_PAGE_SIZE)
    .offset((page - 1) * PEOPLE_PAGE_SIZE);
  const people: PersonRow[] = rows.map((row) => ({
    ...row,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { people, total, page, pageCount: Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE)), query: options.query };
}

export type PersonChange =
  | { status: "ok"; changed: boolean }
  | { status: "not-found" }
  | { status: "last-administrator" }
  | { status: "self" };

/** Locks the active administrators' rows; true when `userId` is the only one. */
export async function isLastActiveAdministrator(tx: Runner, userId: number) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "administrator"), isNull(users.suspendedAt)))
    .orderBy(asc(users.id))
    .for("update");
  return admins.length === 1 && admins[0]!.id === userId;
}

async function lockPerson(tx: Runner, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row ?? null;
}

/** Gives `userId` the role `role` (staff roles get an author profile so they can write). */
export async function changeRole(actor: AuditActor, userId: number, role: Role): Promise<PersonChange> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Administrators first, then the person: every change locks rows in the same order.
    const last = await isLastActiveAdministrator(tx, userId);
    const person = await lockPerson(tx, userId);
    if (!person) return { status: "not-found" } as const;
    if (person.role === role) return { status: "ok", changed: false } as const;
    if (last && role !== "administrator") return { status: "last-administrator" } as const;
    await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
    if (role !== "reader") {
      const [author] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.userId, userId)).limit(1);
      if (!author) await tx.insert(authors).values({ name: person.fullName, userId });
    }
    await recordAudit(
      actor,
      {
        kind: "person",
        action: "role-changed",
        targetId: userId,
        summary: `Changed the role of ${person.fullName} from ${ROLE_LABELS[person.role]} to ${ROLE_LABELS[role]}`,
        details: { from: person.role, to: role },
      },
      tx,
    );
    return { status: "ok", changed: true } as const;
  });
}

/** Suspends an account: it can no longer sign in, and its sessions end in the same transaction. */
export async function suspendPerson(actor: AuditActor, userId: number): Promise<PersonChange> {
  if (actor.id === userId) return { status: "self" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const last = await isLastActiveAdministrator(tx, userId);
    const person = await lockPerson(tx, userId);
    if (!person) return { status: "not-found" } as const;
    if (person.suspendedAt) return { status: "ok", changed: false } as const;
    if (last) return { status: "last-administrator" } as const;
    await tx.update(users).set({ suspendedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(
      actor,
      {
        kind: "person",
        action: "suspended",
        targetId: userId,
        summary: `Suspended ${person.fullName} (${person.email})`,
      },
      tx,
    );
    return { status: "ok", changed: true } as const;
  });
}

/** Lets a suspended account sign in again. */
export async function restorePerson(actor: AuditActor, userId: number): Promise<PersonChange> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    if (!person) return { status: "not-found" } as const;
    if (!person.suspendedAt) return { status: "ok", changed: false } as const;
    await tx.update(users).set({ suspendedAt: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await recordAudit(
      actor,
      {
        kind: "person",
        action: "restored",
        targetId: userId,
        summary: `Restored ${person.fullName} (${person.email})`,
      },
      tx,
    );
    return { status: "ok", changed: true } as const;
  });
}

/** Whether any active administrator exists (first run: the setup link). */
export async function hasAdministrator(runner?: Runner) {
  const db = runner ?? (await getDb());
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "administrator"), isNull(users.suspendedAt)))
    .limit(1);
  return row !== undefined;
}

/** The suspended flag of an account (sign-in refuses suspended accounts). */
export async function isSuspended(userId: number) {
  const db = await getDb();
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.suspendedAt != null;
}
