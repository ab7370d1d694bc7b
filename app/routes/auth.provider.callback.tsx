/**
 * The provider sends the visitor back here. Success signs in (creating or linking the account)
 * and goes on with a toast, or, for a flow started on /account, connects the provider to the
 * signed-in account; any failure, including made-up code/state/error values, renders a
 * friendly retry page with 'OAuth Login Failed' / 'OAuth Registration Failed' and the reason (4xx).
 */
import { useEffect } from "react";
import { data, Link } from "react-router";
import { withToast } from "~/components/toast";
import {
  clearFlowCookies,
  configuredProvider,
  connectOAuthProfile,
  failureTitle,
  finishOAuth,
  OAuthError,
  readFlow,
  signInWithOAuthProfile,
} from "~/auth/oauth.server";
import { getProvider } from "~/auth/providers/registry.server";
import { createSession } from "~/auth/session.server";
import { getUser } from "~/auth/guards.server";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { env } from "~/env.server";
import { getSiteSettings } from "~/settings/settings.server";
import { pageTitle, siteNameFrom } from "~/lib/meta";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/auth.provider.callback";
import { oauthHref } from "~/lib/urls";
import { afterSignIn } from "~/reading-list/reading-list.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const known = getProvider(params.provider);
  if (!known) throw data("Not Found", { status: 404 });
  const flow = readFlow(request);
  const headers = new Headers();
  for (const cookie of clearFlowCookies(request, known.name)) headers.append("Set-Cookie", cookie);
  try {
    const provider = configuredProvider(params.provider);
    const profile = await finishOAuth(request, provider);
    if (flow.intent === "connect") {
      const user = await getUser(request);
      if (!user) throw new OAuthError(`Sign in first, then connect ${provider.label} from your account page.`, 401);
      const connection = await connectOAuthProfile(user.id, profile, provider.label);
      return redirectWithToast(
        "/account",
        {
          type: "success",
          title:
            connection.status === "connected"
              ? `${provider.label} connected`
              : `${provider.label} was connected already`,
          description: `You can sign in with ${provider.label} from now on.`,
        },
        { headers },
      );
    }
    const { userId, created } = await signInWithOAuthProfile(profile, provider.label);
    headers.append("Set-Cookie", await createSession(userId, request));
    // A save begun signed out rode in the flow's redirect target (set by the POST that started
    // the flow, bound to this answer by the state): it completes now, as with a password.
    return redirectWithToast(
      await afterSignIn(userId, flow.redirectTo),
      {
        type: "success",
        title: "Login Successful",
        description: created ? `Welcome to ${(await getSiteSettings()).siteName}!` : "Welcome back!",
      },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return data(
      {
        title: failureTitle(flow.intent),
        reason: error.reason,
        provider: { name: known.name, label: known.label, available: known.isConfigured(env()) },
        intent: flow.intent,
        redirectTo: flow.redirectTo,
      },
      { status: error.status >= 500 ? error.status : 400, headers },
    );
  }
}

export default function OAuthFailurePage({ loaderData }: Route.ComponentProps) {
  const { title, reason, provider, intent, redirectTo } = loaderData;
  useEffect(() => {
    withToast((toast) => toast.error(title, { description: reason }));
  }, [title, reason]);
  const back =
    intent === "connect"
      ? { to: "/account", label: "Back to your account" }
      : intent === "register"
        ? { to: "/register", label: "Back to registration" }
        : { to: "/login", label: "Back to sign in" };
  return (
    <AuthCard
      title={title}
      footer={
        <Link to={back.to} className={textLinkClass}>
          {back.label}
        </Link>
      }
    >
      <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger">
        {reason}
      </p>
      {provider.available ? (
        <form method="post" action={oauthHref(provider.name)} className="mt-6">
          <input type="hidden" name="intent" value={intent} />
          {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button type="submit" className={buttonClass({ size: "lg", className: "w-full" })}>
            Try again with {provider.label}
          </button>
        </form>
      ) : null}
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.title ?? "Sign in", siteNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];
