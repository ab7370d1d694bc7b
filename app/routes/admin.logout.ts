/**
 * Admin Sign Out: POST ends the session and goes to /admin/login with the spec's toast
 * 'Signed out successfully.'. A GET changes nothing (a prefetch or a typed URL must not sign out).
 */
import { redirect } from "react-router";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/admin.logout";

export function loader() {
  return redirect("/admin/login");
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const setCookie = await destroySession(request);
    return redirectWithToast(
      "/admin/login",
      { type: "success", title: "Signed out successfully." },
      { status: 303, headers: { "Set-Cookie": setCookie } },
    );
  } catch (error) {
    console.error("[admin] the session could not be ended:", error);
    // The cookie is cleared anyway: this browser is signed out even if the row survived.
    return redirectWithToast(
      "/admin/login",
      { type: "error", title: "Sign out Failed", description: "Something went wrong" },
      { status: 303, headers: { "Set-Cookie": clearSessionCookie() } },
    );
  }
}
