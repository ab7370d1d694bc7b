/**
 * Guards for loaders and actions (guard both: an action can be posted to directly).
 * Each returns the signed-in user or throws a redirect that remembers where the visitor was going.
 */
import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
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
 * A signed-in administrator; anyone else (signed out, or signed in without the flag) goes to
 * /admin/login?redirectTo=<this page>.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user?.isAdmin) throw loginRedirect("/admin/login", request);
  return user;
}

/** For the sign-in and register pages: a signed-in visitor is sent on (to ?redirectTo= or home). */
export async function requireAnonymous(request: Request) {
  const user = await getUser(request);
  if (user) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
}
