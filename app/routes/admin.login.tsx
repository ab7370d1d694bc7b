/**
 * Admin sign-in, outside the guard. The server decides at once: an administrator gets a session
 * and goes back where the guard stopped them (or the dashboard); anyone else with a correct
 * password is told 'Access Denied' and gets no session. Rate limits are /login's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { getUser } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { deviceCookie, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { createSession, destroySession } from "~/auth/session.server";
import { ACCESS_DENIED, SIGN_IN_FAILED, WRONG_CREDENTIALS } from "~/components/admin/messages";
import { SignInFields, useSignInForm } from "~/components/auth/sign-in-fields";
import { FormAlert, StatusButton } from "~/components/forms";
import { BrandLink } from "~/components/brand";
import { textLinkClass } from "~/components/ui/button";
import { useSiteName } from "~/components/use-site-name";
import { FORM_TOASTS, LoginSchema } from "~/lib/account-schemas";
import { PEOPLE_MESSAGES } from "~/lib/people-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/admin.login";
import { adminReturnPath, signInAdministrator } from "~/http/actions/admin-session.server";
import { readForm } from "~/http/form.server";
import { retryAfterHeaders } from "~/http/route-headers.server";

type Alert = { title: string; description?: string };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const redirectTo = adminReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (can(user?.role, "admin.enter")) throw redirect(redirectTo);
  return { redirectTo, signedInAs: user ? user.fullName : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: LoginSchema });
  const refuse = (status: number, alert: Alert, headers?: HeadersInit) =>
    data({ result: submission.reply({ hideFields: ["password"] }), alert }, { status, headers });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);

  const { email, password, redirectTo } = submission.value;
  const outcome = await signInAdministrator(request, context, { email, password });
  switch (outcome.status) {
    case "rate-limited":
      return refuse(
        429,
        { title: SIGN_IN_FAILED, description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
        { "Retry-After": String(outcome.retryAfterSeconds) },
      );
    case "invalid":
      return refuse(400, { title: SIGN_IN_FAILED, description: WRONG_CREDENTIALS });
    case "not-admin":
      return refuse(403, ACCESS_DENIED);
    case "suspended":
      return refuse(403, { title: SIGN_IN_FAILED, description: PEOPLE_MESSAGES.suspendedSignIn });
    case "ok": {
      // A session this browser already had (another account) ends: one browser, one session.
      await destroySession(request);
      const headers = new Headers();
      headers.append("Set-Cookie", await createSession(outcome.userId, request));
      headers.append("Set-Cookie", deviceCookie(outcome.deviceToken));
      return redirectWithToast(
        adminReturnPath(redirectTo),
        { type: "success", title: "Login Successful", description: "Welcome back!" },
        { status: 303, headers },
      );
    }
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Admin Login");

export const headers: Route.HeadersFunction = retryAfterHeaders;

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, signedInAs } = loaderData;
  const { fields, formProps, submitProps, busy } = useSignInForm("admin-login", actionData?.result);
  // A signed-in visitor without the flag (sent here by the guard) learns why at once.
  const alert: Alert | null = actionData?.alert ?? (signedInAs ? ACCESS_DENIED : null);
  const siteName = useSiteName();

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-surface-sunken px-4 py-10">
      <div className="w-full max-w-md">
        <BrandLink className="mb-6 justify-center text-lg font-extrabold" />
        <div className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Admin Login</h1>
          <p className="mt-2 text-sm text-ink-muted">Sign in with an administrator account to manage articles.</p>
          <div className="mt-6">
            <FormAlert alert={alert} className="mb-6">
              {signedInAs && alert === ACCESS_DENIED ? (
                <p className="mt-1">
                  You are signed in as {signedInAs}. Sign in with an administrator account to continue.
                </p>
              ) : null}
            </FormAlert>
            <Form method="post" {...formProps}>
              {redirectTo !== "/admin/dashboard" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <SignInFields fields={fields} emailAutoComplete="username" />
              <StatusButton
                pending={busy}
                pendingText="Authenticating..."
                size="lg"
                className="mt-2 w-full"
                {...submitProps}
              >
                Sign In
              </StatusButton>
            </Form>
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-ink-muted">
          <Link to="/" className={textLinkClass}>
            ← Back to {siteName}
          </Link>
        </p>
      </div>
    </main>
  );
}
