/**
 * Server-side sessions. The cookie holds only a random token; the database keeps its SHA-256
 * hash, the user and the expiry. Sessions last 30 days and roll: one used in its second half
 * is extended, so an active reader stays signed in.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { type Role, sessions, users } from "~/db/schema";
import { env } from "~/env.server";
import { can } from "./permissions";
import { createSecretToken, hashSecretToken, isSecretToken } from "./secret-tokens.server";
import { noteSignedInUser } from "~/observability/request-scope.server";

export const SESSION_COOKIE_NAME = "dp_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  emailVerified: boolean;
};

function cookieAttributes(maxAgeSeconds: number) {
  const secure = env().SITE_URL.startsWith("https:");
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

function sessionCookie(token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE_NAME}=${token}; ${cookieAttributes(maxAge)}`;
}

export function clearSessionCookie() {
  return `${SESSION_COOKIE_NAME}=; ${cookieAttributes(0)}`;
}

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE_NAME) {
      const value = rest.join("=");
      return isSecretToken(value) ? value : null;
    }
  }
  return null;
}

/** Starts a session for `userId`; returns the Set-Cookie header value. */
export async function createSession(userId: number, request: Request): Promise<string> {
  sessionsByRequest.delete(request);
  const db = await getDb();
  const { token, hash } = createSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    idHash: hash,
    userId,
    expiresAt,
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
  });
  // Housekeeping on sign-in keeps the table small without a scheduler (sessions_expires_at_idx).
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return sessionCookie(token, expiresAt);
}

/**
 * The signed-in user, or null. `setCookie` is set when the session was renewed and the
 * response must carry the new expiry.
 */
export function getSession(request: Request): Promise<{ user: SessionUser; setCookie: string | null } | null> {
  // The root, the layout and the page all ask: one query per request.
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = loadSession(request);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

/**
 * The unexpired session with this id hash and its person, unless the account is suspended (its
 * sessions are deleted when it is suspended; the check here closes the race). With
 * `staffPagesVersion`, also the version of what the dashboard shows (drizzle/0006), in the same query.
 */
async function findLiveSession(idHash: string, options: { staffPagesVersion?: boolean } = {}) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      expiresAt: sessions.expiresAt,
      version: options.staffPagesVersion
        ? sql<string | null>`(select version::text from change_versions where name = 'staff_pages')`
        : sql<string | null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`), isNull(users.suspendedAt)))
    .limit(1);
  return row ?? null;
}

const sessionsByRequest = new WeakMap<Request, Promise<{ user: SessionUser; setCookie: string | null } | null>>();

async function loadSession(request: Request): Promise<{ user: SessionUser; setCookie: string | null } | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const db = await getDb();
  const idHash = hashSecretToken(token);
  const row = await findLiveSession(idHash);
  if (!row) return null;
  let setCookie: string | null = null;
  if (row.expiresAt.getTime() - Date.now() < SESSION_TTL_MS / 2) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
    setCookie = sessionCookie(token, expiresAt);
  }
  const { emailVerifiedAt, expiresAt: _expiresAt, version: _version, ...user } = row;
  noteSignedInUser(user.id); // the request's log line names who made it
  return { user: { ...user, emailVerified: emailVerifiedAt !== null }, setCookie };
}

/**
 * The key under which a rendered staff page (the dashboard) may be kept for this request
 * (server/private-page-cache.ts): a hash of the session, who it is (id, role, name, email,
 * verification) and the version of what the page shows (change_versions, drizzle/0006), read in
 * one query. Null (render as usual) without a valid session, when the session is due for renewal
 * (the render sets the new cookie), or for someone who cannot enter the admin panel.
 */
export async function staffPageKey(request: Request): Promise<string | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const idHash = hashSecretToken(token);
  const row = await findLiveSession(idHash, { staffPagesVersion: true });
  if (!row || row.version === null) return null;
  if (row.expiresAt.getTime() - Date.now() < SESSION_TTL_MS / 2) return null;
  if (!can(row.role, "admin.enter")) return null;
  return createHash("sha256")
    .update(
      JSON.stringify([idHash, row.id, row.role, row.fullName, row.email, row.emailVerifiedAt !== null, row.version]),
    )
    .digest("base64url");
}

/** Ends the request's session; returns the Set-Cookie header value that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  sessionsByRequest.delete(request);
  const token = readSessionToken(request);
  if (token) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.idHash, hashSecretToken(token)));
  }
  return clearSessionCookie();
}

/** Ends every session of the user except the one making this request (after a password change). */
export async function destroyOtherSessions(userId: number, request: Request) {
  const db = await getDb();
  const token = readSessionToken(request);
  await db
    .delete(sessions)
    .where(
      token
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashSecretToken(token)))
        : eq(sessions.userId, userId),
    );
}
