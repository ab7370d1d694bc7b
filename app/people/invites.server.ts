/**
 * Invitations: an administrator invites an email address with a staff role. The link
 * (/invite/{token}) carries 32 random bytes; the database keeps only their SHA-256. A link works
 * once (claimed by one atomic UPDATE), for 7 days, until revoked.
 *
 * Accepting creates the account (name, password; the mail proved the address, so it is verified)
 * or, when the address already has an account, gives that account the role once its owner has
 * signed in as it. An invitation never lowers a role: accepting keeps the higher of the two.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { createSecretToken, hashSecretToken, isSecretToken } from "~/auth/secret-tokens.server";
import { hashPassword } from "~/auth/password.server";
import { can, ROLE_LABELS, type Role } from "~/auth/permissions";
import { getDb, type Runner } from "~/db/db.server";
import { authors, invites, users } from "~/db/schema";
import { env } from "~/env.server";
import { withMail } from "~/mail/outbox.server";
import { inviteMail } from "~/mail/templates.server";
import { siteSettings } from "~/settings/settings.server";

export const INVITE_TTL_DAYS = 7;
const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;
const RANK: Record<Role, number> = { reader: 0, contributor: 1, author: 2, editor: 3, administrator: 4 };

export type InviteRole = Exclude<Role, "reader">;

export const inviteLink = (token: string) => `${env().SITE_URL.replace(/\/+$/, "")}/invite/${token}`;

/**
 * Invites `email` as `role` and mails the link; earlier pending invitations of the address are
 * revoked. The mail is queued with the invitation (one transaction; the outbox sends it, retrying
 * while the mail server is down). Returns the link (for a caller that shows or sends it again).
 */
export async function createInvite(input: {
  email: string;
  role: InviteRole;
  invitedBy: { id: number; fullName: string };
}) {
  const email = input.email.trim();
  const { token, hash } = createSecretToken();
  const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
  const link = inviteLink(token);
  const { siteName } = siteSettings();
  const inviteId = await withMail(async (tx, queue) => {
    await tx
      .update(invites)
      .set({ revokedAt: sql`now()` })
      .where(and(sql`lower(${invites.email}) = lower(${email})`, isNull(invites.usedAt), isNull(invites.revokedAt)));
    const [row] = await tx
      .insert(invites)
      .values({ email, role: input.role, tokenHash: hash, invitedBy: input.invitedBy.id, expiresAt })
      .returning({ id: invites.id });
    await recordAudit(
      input.invitedBy,
      {
        kind: "invite",
        action: "invited",
        targetId: row!.id,
        summary: `Invited ${email} as ${ROLE_LABELS[input.role]}`,
        details: { email, role: input.role },
      },
      tx,
    );
    await queue(
      "invite",
      inviteMail(
        { siteName, siteUrl: env().SITE_URL },
        {
          to: email,
          invitedBy: input.invitedBy.fullName,
          roleLabel: ROLE_LABELS[input.role],
          url: link,
          validDays: INVITE_TTL_DAYS,
        },
      ),
    );
    return row!.id;
  });
  return { link, inviteId, expiresAt };
}

/** Pending invitations (not used, not revoked, not expired), newest first. */
export async function listPendingInvites() {
  const db = await getDb();
  return db
    .select({
      id: invites.id,
      email: invites.email,
      role: invites.role,
      expiresAt: invites.expiresAt,
      createdAt: invites.createdAt,
      invitedBy: users.fullName,
    })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(and(isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, sql`now()`)))
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(200);
}

/** Revokes a pending invitation; false when it was no longer pending. */
export async function revokeInvite(inviteId: number, actor: AuditActor): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(invites.id, inviteId), isNull(invites.usedAt), isNull(invites.revokedAt)))
      .returning({ email: invites.email });
    if (!row) return false;
    await recordAudit(
      actor,
      { kind: "invite", action: "revoked", targetId: inviteId, summary: `Revoked the invitation of ${row.email}` },
      tx,
    );
    return true;
  });
}

export type InviteState =
  | { status: "valid"; id: number; email: string; role: InviteRole; existingUserId: number | null }
  | { status: "expired" | "revoked" | "used" | "unknown" };

/** What a link stands for (the page says which of expired, revoked or used it is). */
export async function inspectInvite(token: string): Promise<InviteState> {
  if (!isSecretToken(token)) return { status: "unknown" };
  const db = await getDb();
  const [row] = await db
    .select()
    .from(invites)
    .where(eq(invites.tokenHash, hashSecretToken(token)))
    .limit(1);
  if (!row) return { status: "unknown" };
  if (row.usedAt) return { status: "used" };
  if (row.revokedAt) return { status: "revoked" };
  if (row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${row.email})`)
    .limit(1);
  return {
    status: "valid",
    id: row.id,
    email: row.email,
    role: row.role as InviteRole,
    existingUserId: existing?.id ?? null,
  };
}

export type AcceptResult =
  | { status: "accepted"; userId: number; role: Role }
  | { status: "gone" }
  | { status: "wrong-account" }
  | { status: "account-exists" };

/** Claims the invitation in `tx`: true once, for a pending, unexpired link. */
async function claim(tx: Runner, token: string) {
  const [row] = await tx
    .update(invites)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(invites.tokenHash, hashSecretToken(token)),
        isNull(invites.usedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invites.id, email: invites.email, role: invites.role });
  return row ? { ...row, role: row.role as InviteRole } : null;
}

async function ensureAuthorProfile(tx: Runner, userId: number, role: Role, name: string) {
  if (!can(role, "article.write")) return;
  const [author] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.userId, userId)).limit(1);
  if (!author) await tx.insert(authors).values({ name, userId });
}

/** Accepts with a new account for the invited address (verified, with the role). */
export async function acceptInviteWithNewAccount(
  token: string,
  input: { name: string; password: string },
): Promise<AcceptResult> {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const invite = await claim(tx, token);
      if (!invite) return { status: "gone" } as const;
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${invite.email})`)
        .limit(1);
      // Registered meanwhile: the owner signs in and accepts as that account (the claim rolls back).
      if (existing) throw new Refused("account-exists");
      const fullName = input.name.trim();
      const [user] = await tx
        .insert(users)
        .values({ email: invite.email, fullName, passwordHash, role: invite.role, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await ensureAuthorProfile(tx, user!.id, invite.role, fullName);
      await recordAudit(
        { id: user!.id, fullName },
        {
          kind: "invite",
          action: "accepted",
          targetId: invite.id,
          summary: `${fullName} accepted the invitation as ${ROLE_LABELS[invite.role]} (new account ${invite.email})`,
        },
        tx,
      );
      return { status: "accepted", userId: user!.id, role: invite.role } as const;
    })
    .catch(refusal);
}

/** Thrown inside a transaction to roll it back and answer `status`. */
class Refused extends Error {
  constructor(readonly status: "account-exists" | "wrong-account") {
    super(status);
  }
}

function refusal(error: unknown): AcceptResult {
  if (error instanceof Refused) return { status: error.status };
  throw error;
}

/** Accepts as the signed-in account, which must own the invited address. */
export async function acceptInviteAsUser(
  token: string,
  user: { id: number; email: string; fullName: string },
): Promise<AcceptResult> {
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const invite = await claim(tx, token);
      if (!invite) return { status: "gone" } as const;
      // Another account's invitation stays usable (the claim rolls back).
      if (invite.email.toLowerCase() !== user.email.toLowerCase()) throw new Refused("wrong-account");
      const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, user.id)).for("update");
      const role = RANK[invite.role] > RANK[current!.role] ? invite.role : current!.role;
      await tx
        .update(users)
        .set({ role, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await ensureAuthorProfile(tx, user.id, role, user.fullName);
      await recordAudit(
        user,
        {
          kind: "invite",
          action: "accepted",
          targetId: invite.id,
          summary: `${user.fullName} accepted the invitation as ${ROLE_LABELS[invite.role]}`,
          details: { previousRole: current!.role, role },
        },
        tx,
      );
      return { status: "accepted", userId: user.id, role } as const;
    })
    .catch(refusal);
}
