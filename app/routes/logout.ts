/**
 * Sign out, for readers (/logout) and administrators (/admin/logout): one module, two routes.
 * POST ends the session (the row is deleted, the cookie cleared) and goes home, or to the admin
 * login, with the spec's toast. A GET (a typed URL, a prefetch) changes nothing and just goes there.
 */
import { redirect } from "react-router";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/logout";
import { logger } from "~/observability/logger.server";

/** Where each sign-out goes, with the spec's toast for each. */
function destinationOf(request: Request) {
  return new URL(request.url).pathname.startsWith("/admin/")
    ? { to: "/admin/login", signedOut: "Signed out successfully.", log: "[admin]" }
    : { to: "/", signedOut: "Signed out successfully", log: "[logout]" };
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(destinationOf(request).to);
}

export async function action({ request }: Route.ActionArgs) {
  const { to, signedOut, log } = destinationOf(request);
  // The form has no fields, but a body that is not a form is refused like everywhere else.
  await readForm(request);
  try {
    const setCookie = await destroySession(request);
    return redirectWithToast(
      to,
      { type: "success", title: signedOut },
      { status: 303, headers: { "Set-Cookie": setCookie } },
    );
  } catch (error) {
    logger().error({ err: error, requestId: log }, "the session could not be ended");
    // The cookie is cleared anyway, so this browser is signed out even if the row survived.
    return redirectWithToast(
      to,
      { type: "error", title: "Sign out Failed", description: "Something went wrong" },
      { status: 303, headers: { "Set-Cookie": clearSessionCookie() } },
    );
  }
}
