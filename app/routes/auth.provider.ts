/**
 * POST /auth/:provider starts sign-in with GitHub or Google: a redirect to the provider, with the
 * state and PKCE verifier in a short-lived cookie. From /login or /register (the `intent`), so a
 * failure can say 'OAuth Login Failed' or 'OAuth Registration Failed'; from /account (intent
 * `connect`, signed in only) to connect the provider to the account. GET just goes to /login.
 */
import { data, redirect } from "react-router";
import { configuredProvider, failureTitle, type OAuthIntent, OAuthError, startOAuth } from "~/auth/oauth.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/auth.provider";
import { readForm } from "~/http/form.server";
import { getUser } from "~/auth/guards.server";
import { loginHref } from "~/lib/urls";

export function loader() {
  return redirect("/login");
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const asked = form.get("intent");
  const intent: OAuthIntent = asked === "register" || asked === "connect" ? asked : "login";
  // Connecting needs someone to connect to: a signed-out visitor signs in first, then comes
  // back to the account page (where the Connect button is).
  if (intent === "connect" && !(await getUser(request))) {
    throw redirect(loginHref("/account"));
  }
  const redirectTo = intent === "connect" ? "/account" : safeRedirectPath(form.get("redirectTo"));
  try {
    const provider = configuredProvider(params.provider);
    return await startOAuth(request, provider, { intent, redirectTo });
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    if (error.status === 404) throw data("Not Found", { status: 404 });
    return redirectWithToast(
      intent === "connect" ? "/account" : intent === "register" ? "/register" : "/login",
      { type: "error", title: failureTitle(intent), description: error.reason },
      { status: 303 },
    );
  }
}
