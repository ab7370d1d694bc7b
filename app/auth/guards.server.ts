/**
 * Guards for loaders and actions (guard both: an action can be posted to directly).
 * Each returns the signed-in user or throws a redirect that remembers where the visitor was going.
 */
import { redirect } from "react-router";
import { forbidden } from "~/lib/route-errors";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { can, type Permission } from "./permissions";
import { getSession, type SessionUser } from "./session.server";

export type { SessionUser };

/** The path and query of this request, for ?redirectTo= (only ever a same-site path). */
export function currentPath(request: Request) {
  const url = new URL(request.url);
  return safeRedirectPath(`${url.pathname}${url.search}`);
}

function loginRedirect(loginPath: string, request: Request) {
  const target = currentPath(request);
  const search = target === "/" ? "" : `?${new URLSearchParams({ redirectTo: target })}`;
  return redirect(`${loginPath}${search}`);
}

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request))?.user ?? null;
}

/**
 * A signed-in staff member (contributor and up): the admin panel's guard. Anyone else (signed
 * out, or a reader) goes to /admin/login?redirectTo=<this page>.
 */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!can(user?.role, "admin.enter")) throw loginRedirect("/admin/login", request);
  return user as SessionUser;
}

/**
 * A staff member holding `permission`. Signed out or a reader: the admin sign-in; staff without
 * it: 403 (rendered by the admin layout's boundary), so a replayed request changes nothing.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<SessionUser> {
  const user = await requireStaff(request);
  if (!can(user.role, permission)) throw forbidden();
  return user;
}

/** A signed-in reader (any role); signed out: /login?redirectTo=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect("/login", request);
  return user;
}

/** For the sign-in and register pages: a signed-in visitor is sent on (to ?redirectTo= or home). */
export async function requireAnonymous(request: Request) {
  const user = await getUser(request);
  if (user) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
}
