/**
 * Sign out: POST ends the session (the row is deleted, the cookie cleared) and returns home with
 * the spec's toast. A GET (a typed URL, a prefetch) changes nothing and just goes home.
 */
import { redirect } from "react-router";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const setCookie = await destroySession(request);
    return redirectWithToast("/", { type: "success", title: "Signed out successfully" }, { status: 303, headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    console.error("[logout] the session could not be ended:", error);
    // The cookie is cleared anyway, so this browser is signed out even if the row survived.
    return redirectWithToast(
      "/",
      { type: "error", title: "Sign out Failed", description: "Something went wrong" },
      { status: 303, headers: { "Set-Cookie": clearSessionCookie() } },
    );
  }
}
