/**
 * Email-and-password accounts: register, verify the address, sign in, reset the password.
 *
 * What a visitor learns never depends on whether an email has an account: registering a taken
 * address answers like a new one (the owner gets a mail instead), a reset or a new verification
 * link is "sent if the account exists", and a sign-in costs one Argon2 verification either way.
 * Routes turn these results into responses; sessions are theirs to create.
 */
import { eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { type Database, getDb } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { env } from "~/env.server";
import { getMailer, type Mailer, type MailMessage } from "~/mail/mailer.server";
import { alreadyRegisteredMail, type MailSite, passwordResetMail, verifyEmailMail } from "~/mail/templates.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";
import {
  accountKey,
  clientAddress,
  hit,
  isTrustedDevice,
  limitFor,
  newDeviceToken,
  type Policy,
  POLICIES,
  release,
  resetLimit,
  trustDevice,
} from "./rate-limit.server";
import { consumeToken, inspectToken, issueToken, TOKEN_TTL_MS, type TokenState } from "./tokens.server";

export type AccountsContext = {
  db: Database;
  mailer: Mailer;
  site: MailSite;
  /** The client's address, for rate limits. */
  clientIp: string;
};

export type RateLimited = { status: "rate-limited"; retryAfterSeconds: number };

/** Mail could not be handed to the mail server: the visitor should try again later. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super("The mail could not be sent", { cause });
    this.name = "MailDeliveryError";
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const link = (site: MailSite, path: string, token?: string) =>
  `${site.siteUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`;

const VERIFY_HOURS = TOKEN_TTL_MS["verify-email"] / 3_600_000;
const RESET_MINUTES = TOKEN_TTL_MS["reset-password"] / 60_000;

async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user ?? null;
}

async function deliver(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    throw new MailDeliveryError(error);
  }
}

/** For answers that must not wait on (or reveal) the mail: failures are logged, not shown. */
function deliverInBackground(mailer: Mailer, message: MailMessage) {
  mailer.send(message).catch((error: unknown) => {
    console.error(`[mail] could not send "${message.subject}":`, error instanceof Error ? error.message : error);
  });
}

async function mailLimits(ctx: AccountsContext, email: string): Promise<RateLimited | null> {
  const result = await hit(ctx.db, [
    limitFor(POLICIES.mailPerIp, "mail", "ip", ctx.clientIp),
    limitFor(POLICIES.mailPerAddress, "mail", "acct", accountKey(email)),
  ]);
  return result.ok ? null : { status: "rate-limited", retryAfterSeconds: result.retryAfterSeconds };
}

// ---------------------------------------------------------------------------------------------
// Register

export type RegisterResult = { status: "ok" } | RateLimited;

/**
 * Creates an unverified account and mails its verification link. A taken address gets the
 * same answer, and its owner a notice instead (with a link to choose a password when that
 * account was never verified, so a stranger's unproven password does not survive).
 * Throws MailDeliveryError when the mail server refuses.
 */
export async function registerAccount(
  ctx: AccountsContext,
  input: { name: string; email: string; password: string },
): Promise<RegisterResult> {
  const registerLimit = await hit(ctx.db, [limitFor(POLICIES.registerPerIp, "register", "ip", ctx.clientIp)]);
  if (!registerLimit.ok) return { status: "rate-limited", retryAfterSeconds: registerLimit.retryAfterSeconds };
  const mailLimited = await mailLimits(ctx, input.email);
  if (mailLimited) return mailLimited;

  // Hash first on both paths, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    const setPassword = existing.emailVerifiedAt ? null : await issueToken(ctx.db, existing.id, "reset-password");
    await deliver(
      ctx.mailer,
      alreadyRegisteredMail(ctx.site, {
        to: existing.email,
        name: existing.fullName,
        loginUrl: link(ctx.site, "/login"),
        forgotUrl: link(ctx.site, "/forgot-password"),
        setPasswordUrl: setPassword ? link(ctx.site, "/reset-password", setPassword.token) : undefined,
        validMinutes: RESET_MINUTES,
      }),
    );
    return { status: "ok" };
  }

  const inserted = await ctx.db
    .insert(users)
    .values({ email: input.email.trim(), fullName: input.name.trim(), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, fullName: users.fullName });
  const user = inserted[0];
  // Lost a race with a simultaneous registration of the same address: that one owns it now.
  if (!user) return { status: "ok" };
  const { token } = await issueToken(ctx.db, user.id, "verify-email");
  await deliver(
    ctx.mailer,
    verifyEmailMail(ctx.site, { to: user.email, name: user.fullName, url: link(ctx.site, "/verify-email", token), validHours: VERIFY_HOURS }),
  );
  return { status: "ok" };
}

// ---------------------------------------------------------------------------------------------
// Verify

export type VerifyResult = { status: "verified"; userId: number } | { status: "used" } | { status: "invalid" } | RateLimited;

/** Follows a verification link: marks the address verified (the route then signs the user in). */
export async function verifyEmail(ctx: AccountsContext, token: string): Promise<VerifyResult> {
  const userId = await consumeToken(ctx.db, "verify-email", token);
  if (userId !== null) {
    await ctx.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return { status: "verified", userId };
  }
  // Unguessable tokens, but failures still count, so nobody can probe at speed.
  const limited = await hit(ctx.db, [limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", ctx.clientIp)]);
  if (!limited.ok) return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const state = await inspectToken(ctx.db, "verify-email", token);
  return { status: state.status === "used" ? "used" : "invalid" };
}

/** Sends a fresh verification link when the address has an unverified account; silent otherwise. */
export async function resendVerification(ctx: AccountsContext, email: string): Promise<{ status: "ok" } | RateLimited> {
  const limited = await mailLimits(ctx, email);
  if (limited) return limited;
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.emailVerifiedAt) {
    const { token } = await issueToken(ctx.db, user.id, "verify-email");
    deliverInBackground(
      ctx.mailer,
      verifyEmailMail(ctx.site, { to: user.email, name: user.fullName, url: link(ctx.site, "/verify-email", token), validHours: VERIFY_HOURS }),
    );
  }
  return { status: "ok" };
}

// ---------------------------------------------------------------------------------------------
// Sign in

export type SignInResult =
  | { status: "ok"; userId: number; deviceToken: string }
  | { status: "unverified"; email: string }
  | { status: "invalid" }
  | RateLimited;

/** Sign-in limits; tests pass smaller ones. */
export type SignInPolicies = { perIp: Policy; perAccountAndIp: Policy; perAccount: Policy };
const DEFAULT_SIGN_IN_POLICIES: SignInPolicies = {
  perIp: POLICIES.signInPerIp,
  perAccountAndIp: POLICIES.signInPerAccountAndIp,
  perAccount: POLICIES.signInPerAccount,
};

export function signInAccountIpKey(email: string, clientIp: string) {
  return `signin:acct-ip:${accountKey(email)}:${clientIp}`;
}

/**
 * Checks an email and password. One generic failure for a wrong password and an unknown email,
 * in the same time; only the right password learns that the address still needs verifying.
 */
export async function signInWithPassword(
  ctx: AccountsContext,
  input: { email: string; password: string; deviceToken: string | null },
  policies: SignInPolicies = DEFAULT_SIGN_IN_POLICIES,
): Promise<SignInResult> {
  const account = accountKey(input.email);
  const trusted = await isTrustedDevice(ctx.db, account, input.deviceToken);
  const accountIpKey = signInAccountIpKey(input.email, ctx.clientIp);
  const limits = [
    limitFor(policies.perIp, "signin", "ip", ctx.clientIp),
    { key: accountIpKey, ...policies.perAccountAndIp },
    ...(trusted ? [] : [limitFor(policies.perAccount, "signin", "acct", account)]),
  ];
  const attempt = await hit(ctx.db, limits);
  if (!attempt.ok) return { status: "rate-limited", retryAfterSeconds: attempt.retryAfterSeconds };

  const user = await findUserByEmail(ctx.db, input.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !valid) return { status: "invalid" };

  // The right password: this attempt was no failure, and this place is cleared for the account.
  await release(ctx.db, attempt.hits);
  await resetLimit(ctx.db, accountIpKey);
  const deviceToken = trusted && input.deviceToken ? input.deviceToken : newDeviceToken();
  await trustDevice(ctx.db, account, deviceToken);
  if (!user.emailVerifiedAt) return { status: "unverified", email: user.email };
  return { status: "ok", userId: user.id, deviceToken };
}

// ---------------------------------------------------------------------------------------------
// Password reset

/** Mails a reset link (valid one hour) when the address has an account; silent otherwise. */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<{ status: "ok" } | RateLimited> {
  const limited = await mailLimits(ctx, email);
  if (limited) return limited;
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const { token } = await issueToken(ctx.db, user.id, "reset-password");
    deliverInBackground(
      ctx.mailer,
      passwordResetMail(ctx.site, { to: user.email, name: user.fullName, url: link(ctx.site, "/reset-password", token), validMinutes: RESET_MINUTES }),
    );
  }
  return { status: "ok" };
}

export function inspectResetToken(ctx: AccountsContext, token: string): Promise<TokenState> {
  return inspectToken(ctx.db, "reset-password", token);
}

export type ResetResult = { status: "ok"; userId: number } | { status: "invalid" } | RateLimited;

/**
 * Sets a new password through a reset link: the link proves the address, so it is verified too,
 * and every session of the account ends (the route then starts a fresh one for this browser).
 */
export async function resetPassword(ctx: AccountsContext, input: { token: string; password: string }): Promise<ResetResult> {
  const passwordHash = await hashPassword(input.password);
  const userId = await consumeToken(ctx.db, "reset-password", input.token);
  if (userId === null) {
    const limited = await hit(ctx.db, [limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", ctx.clientIp)]);
    return limited.ok ? { status: "invalid" } : { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
  return { status: "ok", userId };
}


/** The context an accounts route works in: the database, the mailer, the site and the client. */
export async function accountsContext(request: Request, context: Readonly<RouterContextProvider>): Promise<AccountsContext> {
  const config = env();
  return {
    db: await getDb(),
    mailer: getMailer(),
    site: { siteName: config.SITE_NAME, siteUrl: config.SITE_URL },
    clientIp: clientAddress(request, context),
  };
}
