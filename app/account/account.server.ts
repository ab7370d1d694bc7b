/**
 * A signed-in reader's own account (/account): name, email (confirmed by a link mailed to the new
 * address), password (the current one required; other sessions end), sessions, a copy of their
 * data, and deleting the account (comments stay, with user_id null: "deleted user").
 */
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { providerButtons } from "~/auth/providers/registry.server";
import { isLastActiveAdministrator } from "~/people/people.server";
import { siteSettings } from "~/settings/settings.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { accountKey, hit, limitFor, POLICIES } from "~/auth/rate-limit.server";
import { destroyOtherSessions, readSessionToken } from "~/auth/session.server";
import { hashSecretToken } from "~/auth/secret-tokens.server";
import { consumeTokenWithPayload, issueToken, TOKEN_TTL_MS } from "~/auth/tokens.server";
import { contentChanged } from "~/cache/content-events.server";
import { commenterPageTags } from "~/comments/comments.server";
import { getDb } from "~/db/db.server";
import { articles, comments, oauthAccounts, sessions, users } from "~/db/schema";
import { env } from "~/env.server";
import { withMail } from "~/mail/outbox.server";
import { changeEmailMail } from "~/mail/templates.server";
import { exportReadingList } from "~/reading-list/reading-list.server";

/** An account without a password proves itself for deletion by a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

const sessionHash = (request: Request) => {
  const token = readSessionToken(request);
  return token ? hashSecretToken(token) : null;
};

/** What the account page shows. */
export async function getAccount(userId: number, request: Request) {
  const db = await getDb();
  const [user] = await db
    .select({
      name: users.fullName,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const [providers, rows] = await Promise.all([
    db.select({ provider: oauthAccounts.provider }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
    db
      .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.createdAt)),
  ]);
  const current = sessionHash(request);
  const connected = new Set(providers.map((row) => row.provider));
  return {
    ...user,
    createdAt: user.createdAt.toISOString(),
    // Every provider the site offers, connected or not; one not set up here can only be disconnected.
    providers: providerButtons()
      .filter((button) => button.available || connected.has(button.name))
      .map((button) => ({ name: button.name, label: button.label, connected: connected.has(button.name) })),
    sessions: rows.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      userAgent: row.userAgent,
      current: row.idHash === current,
    })),
  };
}

/** Renames the account; the pages that show its comments under the old name are dropped. */
export async function updateName(userId: number, name: string) {
  const db = await getDb();
  await db.update(users).set({ fullName: name.trim(), updatedAt: sql`now()` }).where(eq(users.id, userId));
  await contentChanged(`user:${userId} renamed`, await commenterPageTags(userId));
}

export type EmailChangeResult =
  | { status: "sent" }
  | { status: "same" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Mails a confirmation link to `newEmail`; the address changes when it is followed. An address
 * that belongs to another account gets no mail (the answer is the same, so it reveals nothing).
 */
export async function requestEmailChange(
  user: { id: number; fullName: string; email: string },
  newEmail: string,
  clientIp: string,
): Promise<EmailChangeResult> {
  const email = newEmail.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) return { status: "same" };
  const limited = await hit([
    limitFor(POLICIES.mailPerIp, "mail", "ip", clientIp),
    limitFor(POLICIES.mailPerAddress, "mail", "acct", accountKey(email)),
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const db = await getDb();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (taken) return { status: "sent" };
  const { SITE_URL } = env();
  const SITE_NAME = siteSettings().siteName;
  await withMail(async (tx, queue) => {
    const { token } = await issueToken(user.id, "change-email", TOKEN_TTL_MS["change-email"], email, tx);
    await queue(
      "change-email",
      changeEmailMail(
        { siteName: SITE_NAME, siteUrl: SITE_URL },
        {
          to: email,
          name: user.fullName,
          url: `${SITE_URL}/account/confirm-email?token=${encodeURIComponent(token)}`,
          validHours: TOKEN_TTL_MS["change-email"] / 3_600_000,
        },
      ),
    );
  });
  return { status: "sent" };
}

/** Follows a change-email link (a POST): the new address replaces the old one, verified. */
export async function confirmEmailChange(
  token: string,
): Promise<{ status: "changed"; userId: number; email: string } | { status: "invalid" } | { status: "taken" }> {
  const used = await consumeTokenWithPayload("change-email", token);
  if (!used?.payload) return { status: "invalid" };
  const db = await getDb();
  const email = used.payload;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, used.userId)))
    .limit(1);
  if (taken) return { status: "taken" };
  await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, used.userId));
  return { status: "changed", userId: used.userId, email };
}

export type PasswordChangeResult = { status: "changed" } | { status: "wrong-password" };

/**
 * Sets a new password. An account with a password must give the current one; an OAuth-only
 * account sets its first. Every other session of the account ends.
 */
export async function changePassword(
  userId: number,
  input: { currentPassword?: string; password: string },
  request: Request,
): Promise<PasswordChangeResult> {
  const db = await getDb();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (user?.passwordHash) {
    if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      return { status: "wrong-password" };
    }
  }
  const passwordHash = await hashPassword(input.password);
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await destroyOtherSessions(userId, request);
  return { status: "changed" };
}

export type DisconnectResult = { status: "disconnected" } | { status: "not-connected" } | { status: "last-way" };

/**
 * Disconnects a provider from the account, unless it is the last way to sign in (no password and
 * no other provider). The user's row is locked, so two tabs cannot each remove "the other" way.
 */
export async function disconnectProvider(userId: number, provider: string): Promise<DisconnectResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const links = await tx
      .select({ provider: oauthAccounts.provider })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId));
    if (!user || !links.some((link) => link.provider === provider)) return { status: "not-connected" } as const;
    if (!user.passwordHash && links.length === 1) return { status: "last-way" } as const;
    await tx.delete(oauthAccounts).where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)));
    return { status: "disconnected" } as const;
  });
}

/** "Sign out everywhere else". */
export async function signOutOtherSessions(userId: number, request: Request) {
  await destroyOtherSessions(userId, request);
}

/** Everything the site keeps about the user, as one JSON document. */
export async function exportAccountData(userId: number) {
  const db = await getDb();
  const [user] = await db
    .select({
      name: users.fullName,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [providers, sessionRows, commentRows, readingList] = await Promise.all([
    db
      .select({ provider: oauthAccounts.provider, connectedAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({
        id: comments.id,
        article: articles.slug,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(eq(comments.userId, userId))
      .orderBy(comments.id),
    exportReadingList(userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: user ?? null,
    connectedAccounts: providers,
    sessions: sessionRows,
    comments: commentRows,
    readingList,
  };
}

export type DeleteResult =
  | { status: "deleted" }
  | { status: "wrong-password" }
  | { status: "sign-in-again" }
  | { status: "last-administrator" };

/**
 * Deletes the account: with its password, or (an account without one) a sign-in within the last
 * 10 minutes. Sessions, tokens, OAuth links and the reading list go with it (cascades); comments
 * stay with user_id null, shown as "deleted user". The site's last administrator cannot leave.
 */
export async function deleteAccount(
  userId: number,
  input: { password?: string },
  request: Request,
): Promise<DeleteResult> {
  const db = await getDb();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) return { status: "deleted" };
  if (user.passwordHash) {
    if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) {
      return { status: "wrong-password" };
    }
  } else {
    const current = sessionHash(request);
    const [session] = current
      ? await db
          .select({
            recent: sql<boolean>`${sessions.createdAt} > now() - ${`${RECENT_SIGN_IN_MS / 1000} seconds`}::interval`,
          })
          .from(sessions)
          .where(eq(sessions.idHash, current))
      : [];
    if (!session?.recent) return { status: "sign-in-again" };
  }
  const result = await db.transaction(async (tx) => {
    // The same lock as demoting and suspending: the site never ends up without an administrator.
    if (await isLastActiveAdministrator(tx, userId)) return { status: "last-administrator" } as const;
    // Read before the delete: afterwards the comments no longer name their writer.
    const shown = await commenterPageTags(userId, tx);
    await tx.delete(users).where(eq(users.id, userId));
    return { status: "deleted", shown } as const;
  });
  if (result.status !== "deleted") return result;
  // Their comments now read "Deleted user": the pages that show them are dropped at once.
  await contentChanged(`user:${userId} deleted`, result.shown);
  return { status: "deleted" };
}
