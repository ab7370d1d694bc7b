/**
 * The admin panel's sign-in rules, on top of the accounts feature (app/auth):
 * - the password check and its rate limits are /login's (signInWithPassword);
 * - only staff (contributors and up, app/auth/permissions.ts) get a session here: a correct
 *   password of a reader is answered 'Access Denied' and starts no session;
 * - resource routes (the preview) answer 401/403 instead of redirecting a fetch to a page.
 */
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { signInWithPassword } from "~/auth/accounts.server";
import { can, type Permission } from "~/auth/permissions";
import { getUser, type SessionUser } from "~/auth/guards.server";
import { readDeviceToken } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { getDb } from "~/db/db.server";
import { users } from "~/db/schema";
import { safeRedirectPath } from "~/lib/safe-redirect";

export type AdminSignInResult =
  | { status: "ok"; userId: number; deviceToken: string }
  | { status: "not-admin" }
  | { status: "suspended" }
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
    case "suspended":
      return outcome;
    case "invalid":
      return { status: "invalid" };
    case "unverified":
      // Administrators are verified when they are made (npm run admin): an unverified account is no admin.
      return { status: "not-admin" };
    case "ok": {
      const db = await getDb();
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, outcome.userId)).limit(1);
      return can(row?.role, "admin.enter") ? outcome : { status: "not-admin" };
    }
  }
}

/**
 * For resource routes: the staff member holding `permission`, or the status to answer (401 signed
 * out, 403 without the permission).
 */
export async function staffOrStatus(
  request: Request,
  permission: Permission = "admin.enter",
): Promise<{ user: SessionUser } | { status: 401 | 403 }> {
  const user = await getUser(request);
  if (!user) return { status: 401 };
  if (!can(user.role, permission)) return { status: 403 };
  return { user };
}

/** Where to go back to inside the admin panel: a same-site /admin path (not the login), else the dashboard. */
export function adminReturnPath(target: unknown, fallback = "/admin/dashboard"): string {
  const path = safeRedirectPath(target, "");
  if (!/^\/admin(?:[/?#]|$)/.test(path) || /^\/admin\/log(?:in|out)\b/.test(path)) return fallback;
  return path;
}
