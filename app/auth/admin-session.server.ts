/**
 * The admin panel's sign-in rules, on top of the accounts feature (app/auth):
 * - the password check and its rate limits are /login's (signInWithPassword);
 * - only an administrator gets a session here: a correct password of anyone else is answered
 *   'Access Denied' and starts no session;
 * - resource routes (the preview) answer 401/403 instead of redirecting a fetch to a page.
 */
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { signInWithPassword } from "~/auth/accounts.server";
import { getUser, type SessionUser } from "~/auth/guards.server";
import { clientAddress, readDeviceToken } from "~/auth/rate-limit.server";
import { getDb } from "~/db/db.server";
import { users } from "~/db/schema";
import { safeRedirectPath } from "~/lib/safe-redirect";

export type AdminSignInResult =
  | { status: "ok"; userId: number; deviceToken: string }
  | { status: "not-admin" }
  | { status: "invalid" }
  | { status: "rate-limited"; retryAfterSeconds: number };

export async function signInAdministrator(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: { email: string; password: string },
): Promise<AdminSignInResult> {
  const outcome = await signInWithPassword(
    { ...input, deviceToken: readDeviceToken(request) },
    clientAddress(request, context),
  );
  switch (outcome.status) {
    case "rate-limited":
      return outcome;
    case "invalid":
      return { status: "invalid" };
    case "unverified":
      // Administrators are verified when they are made (npm run admin): an unverified account is no admin.
      return { status: "not-admin" };
    case "ok": {
      const db = await getDb();
      const [row] = await db
        .select({ isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, outcome.userId))
        .limit(1);
      return row?.isAdmin ? outcome : { status: "not-admin" };
    }
  }
}

/** For resource routes: the administrator, or the status to answer (401 signed out, 403 not an admin). */
export async function adminOrStatus(request: Request): Promise<{ user: SessionUser } | { status: 401 | 403 }> {
  const user = await getUser(request);
  if (!user) return { status: 401 };
  if (!user.isAdmin) return { status: 403 };
  return { user };
}

/** Where to go back to inside the admin panel: a same-site /admin path (not the login), else the dashboard. */
export function adminReturnPath(target: unknown, fallback = "/admin/dashboard"): string {
  const path = safeRedirectPath(target, "");
  if (!/^\/admin(?:[/?#]|$)/.test(path) || /^\/admin\/log(?:in|out)\b/.test(path)) return fallback;
  return path;
}
