/**
 * Sign-in with GitHub and Google through remix-auth: start the flow (state and PKCE verifier in a
 * short-lived cookie, checked on return), finish it into an `OAuthProfile`, and turn the profile
 * into one of our users by the linking rules below (docs/decisions/0005-accounts.md).
 */
import { PEOPLE_MESSAGES } from "~/lib/people-schemas";
import { isSuspended } from "~/people/people.server";
import { and, eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { ArcticFetchError } from "arctic";
import { OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } from "remix-auth-oauth2";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { oauthAccounts, sessions, users } from "~/db/schema";
import { env } from "~/env.server";
import { EMAIL_PATTERN } from "~/lib/account-schemas";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { OAuthError, type OAuthProfile, type OAuthProvider, type ProviderName } from "./providers/provider.server";
import { getProvider } from "./providers/registry.server";
import { logger } from "~/observability/logger.server";

export { OAuthError, type OAuthProfile };

/** Where a flow began: /login, /register, or /account (connecting a provider to a signed-in account). */
export type OAuthIntent = "login" | "register" | "connect";

/** The spec's failure titles (the flow started from /login or from /register), and connecting's own. */
export function failureTitle(intent: OAuthIntent) {
  if (intent === "connect") return "Account Not Connected";
  return intent === "register" ? "OAuth Registration Failed" : "OAuth Login Failed";
}

const STATE_COOKIE_MAX_AGE = 10 * 60;
const stateCookieName = (provider: ProviderName) => `dp_oauth_${provider}`;
const FLOW_COOKIE = "dp_oauth_flow";

const secureCookies = () => env().SITE_URL.startsWith("https:");
const cookieTail = (maxAge: number) =>
  `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookies() ? "; Secure" : ""}`;

const FlowSchema = z.object({
  intent: z.enum(["login", "register", "connect"]).catch("login"),
  redirectTo: z.string().max(2000).catch("/"),
});
export type OAuthFlow = z.infer<typeof FlowSchema>;

function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

/** Where the flow began (login or register) and where to go after it; defaults when absent. */
export function readFlow(request: Request): OAuthFlow {
  const raw = readCookies(request).get(FLOW_COOKIE);
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    } catch {
      value = {};
    }
  }
  const flow = FlowSchema.parse(value);
  return { ...flow, redirectTo: safeRedirectPath(flow.redirectTo) };
}

function flowCookie(flow: OAuthFlow) {
  return `${FLOW_COOKIE}=${Buffer.from(JSON.stringify(flow)).toString("base64url")}; ${cookieTail(STATE_COOKIE_MAX_AGE)}`;
}

/** Set-Cookie values that clear this provider's state cookies and the flow cookie. */
export function clearFlowCookies(request: Request, provider: ProviderName): string[] {
  const prefix = stateCookieName(provider);
  const names = [...readCookies(request).keys()].filter((name) => name.startsWith(prefix) || name === FLOW_COOKIE);
  return names.map((name) => `${name}=; ${cookieTail(0)}`);
}

// remix-auth strategies are registered on first use: Google's needs discovery (a request).
const authenticator = new Authenticator<OAuthProfile>();
const registering = new Map<ProviderName, Promise<void>>();

function ensureStrategy(provider: OAuthProvider): Promise<void> {
  let pending = registering.get(provider.name);
  if (!pending) {
    const config = env();
    pending = provider
      .createStrategy({
        config,
        redirectURI: `${config.SITE_URL}/auth/${provider.name}/callback`,
        cookie: {
          name: stateCookieName(provider.name),
          ...(secureCookies() ? { secure: true as const } : {}),
          maxAge: STATE_COOKIE_MAX_AGE,
          sameSite: "Lax",
          path: "/",
          httpOnly: true,
        },
      })
      .then((strategy) => {
        authenticator.use(strategy, provider.name);
      })
      .catch((error: unknown) => {
        registering.delete(provider.name); // try discovery again next time
        throw error;
      });
    registering.set(provider.name, pending);
  }
  return pending;
}

/** The configured provider called `name`, or an OAuthError (404 unknown, 400 not set up). */
export function configuredProvider(name: string): OAuthProvider {
  const provider = getProvider(name);
  if (!provider) throw new OAuthError("There is no such sign-in provider.", 404);
  if (!provider.isConfigured(env())) throw new OAuthError(provider.unavailableReason, 400);
  return provider;
}

/** Starts the flow: a redirect to the provider, carrying the state and flow cookies. */
export async function startOAuth(request: Request, provider: OAuthProvider, flow: OAuthFlow): Promise<Response> {
  await ensureStrategy(provider);
  // The start request must not look like a callback, whatever its query string says.
  const start = new Request(new URL(new URL(request.url).pathname, request.url), { headers: request.headers });
  try {
    await authenticator.authenticate(provider.name, start);
  } catch (thrown) {
    if (thrown instanceof Response) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", flowCookie({ intent: flow.intent, redirectTo: safeRedirectPath(flow.redirectTo) }));
      return new Response(null, { status: 303, headers });
    }
    throw thrown;
  }
  throw new Error("the OAuth strategy did not redirect to the provider");
}

/**
 * Finishes the flow on the callback: the provider's profile, or an OAuthError whose reason the
 * retry page shows. Made-up code, state or error values are 4xx, never 500.
 */
export async function finishOAuth(request: Request, provider: OAuthProvider): Promise<OAuthProfile> {
  const params = new URL(request.url).searchParams;
  // Without a state the strategy would start a new flow: a callback without one is just wrong.
  if (!params.get("state")) {
    throw new OAuthError(`The answer from ${provider.label} was incomplete. Please try again.`, 400);
  }
  await ensureStrategy(provider);
  try {
    return await authenticator.authenticate(provider.name, request);
  } catch (error) {
    throw toOAuthError(error, provider);
  }
}

function toOAuthError(error: unknown, provider: OAuthProvider): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof OAuth2RequestError) {
    if (error.code === "access_denied") return new OAuthError(`You cancelled the sign-in at ${provider.label}.`, 400);
    const detail = (error.description ?? error.code).slice(0, 200);
    return new OAuthError(`${provider.label} refused the sign-in: ${detail}`, 400);
  }
  if (error instanceof ReferenceError || error instanceof RangeError) {
    // Missing/mismatched state or verifier: expired, replayed, or started in another browser.
    return new OAuthError("This sign-in attempt expired or was started in another browser. Please try again.", 400);
  }
  if (error instanceof UnexpectedErrorResponseBodyError || error instanceof UnexpectedResponseError) {
    // The token endpoint turned the code down without a standard error body (4xx), or broke (5xx).
    if (error.status >= 400 && error.status < 500)
      return new OAuthError(`${provider.label} refused the sign-in code. Please try again.`, 400);
    return new OAuthError(
      `${provider.label} could not complete the sign-in (HTTP ${error.status}). Please try again in a moment.`,
      502,
    );
  }
  if (error instanceof ArcticFetchError) {
    return new OAuthError(`${provider.label} could not be reached. Please try again in a moment.`, 502);
  }
  logger().error({ err: error, event: "oauth", provider: provider.name }, `${provider.name} callback failed`);
  return new OAuthError(`Signing in with ${provider.label} failed. Please try again.`, 502);
}

// ---------------------------------------------------------------------------------------------
// Linking

export type OAuthSignIn = { userId: number; created: boolean };

const FULL_NAME_MAX = 100;

/**
 * The user a provider profile signs in as:
 * 1. the user already linked to this provider account;
 * 2. else the user with the same email, when the provider vouches that the email is verified; a
 *    never-verified account loses its unproven password (and any sessions), since whoever set it
 *    did not own the address;
 * 3. else a new, verified user without a password.
 * A profile without a verified email can only sign in to an account it is already linked to.
 */
export async function signInWithOAuthProfile(profile: OAuthProfile, label: string): Promise<OAuthSignIn> {
  const result = await resolveOAuthUser(profile, label);
  // A suspended account cannot sign in, whichever way it tries (app/people).
  if (await isSuspended(result.userId)) throw new OAuthError(PEOPLE_MESSAGES.suspendedSignIn, 403);
  return result;
}

async function resolveOAuthUser(profile: OAuthProfile, label: string): Promise<OAuthSignIn> {
  const linked = await findLinkedUser(profile);
  if (linked !== null) return { userId: linked, created: false };

  const email = profile.email?.trim() ?? "";
  if (!profile.emailVerified || !EMAIL_PATTERN.test(email) || email.length > 254) {
    throw new OAuthError(
      `${label} did not share a verified email address. Verify your email at ${label}, or register with email and password.`,
      400,
    );
  }
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      if (existing) {
        if (!existing.emailVerifiedAt) {
          await tx
            .update(users)
            .set({ emailVerifiedAt: sql`now()`, passwordHash: null, updatedAt: sql`now()` })
            .where(eq(users.id, existing.id));
          await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        }
        await tx
          .insert(oauthAccounts)
          .values({ userId: existing.id, provider: profile.provider, providerAccountId: profile.providerAccountId });
        return { userId: existing.id, created: false };
      }
      const fullName = (profile.name?.trim() || email.split("@")[0] || "New reader").slice(0, FULL_NAME_MAX);
      const [created] = await tx
        .insert(users)
        .values({ email, fullName, emailVerifiedAt: sql`now()` })
        .returning({ id: users.id });
      await tx
        .insert(oauthAccounts)
        .values({ userId: created!.id, provider: profile.provider, providerAccountId: profile.providerAccountId });
      return { userId: created!.id, created: true };
    });
  } catch (error) {
    // A simultaneous callback for the same person won the race: use what it created.
    const raced = await findLinkedUser(profile);
    if (raced !== null) return { userId: raced, created: false };
    throw error;
  }
}

async function findLinkedUser(profile: OAuthProfile): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(eq(oauthAccounts.provider, profile.provider), eq(oauthAccounts.providerAccountId, profile.providerAccountId)),
    )
    .limit(1);
  return row?.userId ?? null;
}

const connectedElsewhere = (label: string) =>
  new OAuthError(`This ${label} account is already connected to another account here.`, 409);

export type OAuthConnection = { status: "connected" } | { status: "already-connected" };

/**
 * Connects a provider account to the signed-in user `userId` (from /account). Refused when that
 * provider account already signs in to someone else, or when this user already has another
 * account of the same provider connected (disconnect it first).
 */
export async function connectOAuthProfile(
  userId: number,
  profile: OAuthProfile,
  label: string,
): Promise<OAuthConnection> {
  const linked = await findLinkedUser(profile);
  if (linked === userId) return { status: "already-connected" };
  if (linked !== null) throw connectedElsewhere(label);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      // The user's row is the lock: two connects for one person run one after the other.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [other] = await tx
        .select({ id: oauthAccounts.id })
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, profile.provider)))
        .limit(1);
      if (other) {
        throw new OAuthError(
          `Another ${label} account is connected already. Disconnect it first to connect this one.`,
          409,
        );
      }
      await tx
        .insert(oauthAccounts)
        .values({ userId, provider: profile.provider, providerAccountId: profile.providerAccountId });
      return { status: "connected" } as const;
    });
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    // The same provider account was linked meanwhile (the unique index).
    const raced = await findLinkedUser(profile);
    if (raced === userId) return { status: "already-connected" };
    if (raced !== null) {
      throw new OAuthError(`This ${label} account is already connected to another account here.`, 409);
    }
    throw error;
  }
}
