/**
 * Email-and-password accounts: register, verify the address, sign in, reset the password.
 *
 * What a visitor learns never depends on whether an email has an account: registering a taken
 * address answers like a new one (the owner gets a mail instead), a reset or a new verification
 * link is "sent if the account exists", and a sign-in costs one Argon2 verification either way.
 * Routes turn these results into responses; sessions are theirs to create. Each function takes
 * the client's address (`clientAddress(request, context)`) for its rate limits; the database,
 * the mailer and the site's name and address come from their modules (getDb, getMailer, env).
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { env } from "~/env.server";
import { getMailer, type MailMessage } from "~/mail/mailer.server";
import { siteSettings } from "~/settings/settings.server";
import { alreadyRegisteredMail, type MailSite, passwordResetMail, verifyEmailMail } from "~/mail/templates.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";
import {
  accountKey,
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
import { logger } from "~/observability/logger.server";

export type RateLimited = { status: "rate-limited"; retryAfterSeconds: number };

/** Mail could not be handed to the mail server: the visitor should try again later. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super("The mail could not be sent", { cause });
    this.name = "MailDeliveryError";
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The site as mails name it. */
function mailSite(): MailSite {
  return { siteName: siteSettings().siteName, siteUrl: env().SITE_URL };
}

const link = (site: MailSite, path: string, token?: string) =>
  `${site.siteUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`;

const VERIFY_HOURS = TOKEN_TTL_MS["verify-email"] / 3_600_000;
const RESET_MINUTES = TOKEN_TTL_MS["reset-password"] / 60_000;

async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user ?? null;
}

async function deliver(message: MailMessage) {
  try {
    await getMailer().send(message);
  } catch (error) {
    throw new MailDeliveryError(error);
  }
}

/** For answers that must not wait on (or reveal) the mail: failures are logged, not shown. */
function deliverInBackground(message: MailMessage) {
  getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger().error({ err: error, event: "mail", subject: message.subject }, `could not send "${message.subject}"`);
    });
}

async function mailLimits(email: string, clientIp: string): Promise<RateLimited | null> {
  const result = await hit([
    limitFor(POLICIES.mailPerIp, "mail", "ip", clientIp),
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
  input: { name: string; email: string; password: string },
  clientIp: string,
): Promise<RegisterResult> {
  const registerLimit = await hit([limitFor(POLICIES.registerPerIp, "register", "ip", clientIp)]);
  if (!registerLimit.ok) return { status: "rate-limited", retryAfterSeconds: registerLimit.retryAfterSeconds };
  const mailLimited = await mailLimits(input.email, clientIp);
  if (mailLimited) return mailLimited;

  // Hash first on both paths, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(input.email);
  const site = mailSite();
  if (existing) {
    const setPassword = existing.emailVerifiedAt ? null : await issueToken(existing.id, "reset-password");
    await deliver(
      alreadyRegisteredMail(site, {
        to: existing.email,
        name: existing.fullName,
        loginUrl: link(site, "/login"),
        forgotUrl: link(site, "/forgot-password"),
        setPasswordUrl: setPassword ? link(site, "/reset-password", setPassword.token) : undefined,
        validMinutes: RESET_MINUTES,
      }),
    );
    return { status: "ok" };
  }

  const db = await getDb();
  const inserted = await db
    .insert(users)
    .values({ email: input.email.trim(), fullName: input.name.trim(), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, fullName: users.fullName });
  const user = inserted[0];
  // Lost a race with a simultaneous registration of the same address: that one owns it now.
  if (!user) return { status: "ok" };
  await deliver(await verificationMail(site, user));
  return { status: "ok" };
}

/** A new verification link for `user`, as the mail that carries it. */
async function verificationMail(site: MailSite, user: { id: number; email: string; fullName: string }) {
  const { token } = await issueToken(user.id, "verify-email");
  return verifyEmailMail(site, {
    to: user.email,
    name: user.fullName,
    url: link(site, "/verify-email", token),
    validHours: VERIFY_HOURS,
  });
}

// ---------------------------------------------------------------------------------------------
// Verify

export type VerifyResult =
  | { status: "verified"; userId: number }
  | { status: "used" }
  | { status: "invalid" }
  | RateLimited;

/**
 * What a verification link's page shows, without using the link (a GET: mail scanners that
 * fetch links must not verify an address). Failures count towards the token rate limit.
 */
export async function inspectVerification(
  token: string,
  clientIp: string,
): Promise<{ status: "valid" } | { status: "used" } | { status: "invalid" } | RateLimited> {
  const state = await inspectToken("verify-email", token);
  if (state.status === "valid") return { status: "valid" };
  const limited = await hit([limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", clientIp)]);
  if (!limited.ok) return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  return { status: state.status };
}

/** Confirms a verification link (a POST): marks the address verified (the route then signs the user in). */
export async function verifyEmail(token: string, clientIp: string): Promise<VerifyResult> {
  const userId = await consumeToken("verify-email", token);
  if (userId !== null) {
    const db = await getDb();
    await db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return { status: "verified", userId };
  }
  // Unguessable tokens, but failures still count, so nobody can probe at speed.
  const limited = await hit([limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", clientIp)]);
  if (!limited.ok) return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const state = await inspectToken("verify-email", token);
  return { status: state.status === "used" ? "used" : "invalid" };
}

/** Sends a fresh verification link when the address has an unverified account; silent otherwise. */
export async function resendVerification(email: string, clientIp: string): Promise<{ status: "ok" } | RateLimited> {
  const limited = await mailLimits(email, clientIp);
  if (limited) return limited;
  const user = await findUserByEmail(email);
  if (user && !user.emailVerifiedAt) {
    deliverInBackground(await verificationMail(mailSite(), user));
  }
  return { status: "ok" };
}

// ---------------------------------------------------------------------------------------------
// Sign in

export type SignInResult =
  | { status: "ok"; userId: number; deviceToken: string }
  | { status: "unverified"; email: string }
  | { status: "suspended" }
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
  input: { email: string; password: string; deviceToken: string | null },
  clientIp: string,
  policies: SignInPolicies = DEFAULT_SIGN_IN_POLICIES,
): Promise<SignInResult> {
  const account = accountKey(input.email);
  const trusted = await isTrustedDevice(account, input.deviceToken);
  const accountIpKey = signInAccountIpKey(input.email, clientIp);
  const limits = [
    limitFor(policies.perIp, "signin", "ip", clientIp),
    { key: accountIpKey, ...policies.perAccountAndIp },
    ...(trusted ? [] : [limitFor(policies.perAccount, "signin", "acct", account)]),
  ];
  const attempt = await hit(limits);
  if (!attempt.ok) return { status: "rate-limited", retryAfterSeconds: attempt.retryAfterSeconds };

  const user = await findUserByEmail(input.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !valid) return { status: "invalid" };

  // The right password: this attempt was no failure, and this place is cleared for the account.
  await release(attempt.hits);
  await resetLimit(accountIpKey);
  const deviceToken = trusted && input.deviceToken ? input.deviceToken : newDeviceToken();
  await trustDevice(account, deviceToken);
  // Only the right password learns that the account is suspended (app/people).
  if (user.suspendedAt) return { status: "suspended" };
  if (!user.emailVerifiedAt) return { status: "unverified", email: user.email };
  return { status: "ok", userId: user.id, deviceToken };
}

// ---------------------------------------------------------------------------------------------
// Password reset

/** Mails a reset link (valid one hour) when the address has an account; silent otherwise. */
export async function requestPasswordReset(email: string, clientIp: string): Promise<{ status: "ok" } | RateLimited> {
  const limited = await mailLimits(email, clientIp);
  if (limited) return limited;
  const user = await findUserByEmail(email);
  if (user) {
    const { token } = await issueToken(user.id, "reset-password");
    const site = mailSite();
    deliverInBackground(
      passwordResetMail(site, {
        to: user.email,
        name: user.fullName,
        url: link(site, "/reset-password", token),
        validMinutes: RESET_MINUTES,
      }),
    );
  }
  return { status: "ok" };
}

export function inspectResetToken(token: string): Promise<TokenState> {
  return inspectToken("reset-password", token);
}

export type ResetResult = { status: "ok"; userId: number } | { status: "invalid" } | RateLimited;

/**
 * Sets a new password through a reset link: the link proves the address, so it is verified too,
 * and every session of the account ends (the route then starts a fresh one for this browser).
 */
export async function resetPassword(
  input: { token: string; password: string },
  clientIp: string,
): Promise<ResetResult> {
  const passwordHash = await hashPassword(input.password);
  const userId = await consumeToken("reset-password", input.token);
  if (userId === null) {
    const limited = await hit([limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", clientIp)]);
    return limited.ok
      ? { status: "invalid" }
      : { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
  return { status: "ok", userId };
}
