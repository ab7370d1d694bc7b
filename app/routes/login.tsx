import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { signInWithPassword } from "~/auth/accounts.server";
import { requireAnonymous } from "~/auth/guards.server";
import { providerButtons } from "~/auth/providers/registry.server";
import { deviceCookie, readDeviceToken, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { createSession } from "~/auth/session.server";
import { AuthCard } from "~/components/auth/auth-card";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { SignInFields, useSignInForm } from "~/components/auth/sign-in-fields";
import { FormAlert, type FormAlertData, StatusButton } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { useSiteName } from "~/components/use-site-name";
import { FORM_TOASTS, LoginSchema } from "~/lib/account-schemas";
import { PEOPLE_MESSAGES } from "~/lib/people-schemas";
import { noindexMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { afterSignIn } from "~/reading-list/reading-list.server";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/login";
import { readForm } from "~/http/form.server";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

const SIGN_IN_FAILED = "Sign in Failed";
/** One message for a wrong password and an unknown email alike. */
export const WRONG_CREDENTIALS = "Invalid email or password.";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.static]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return { providers: providerButtons(), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        alert: FORM_TOASTS.invalidForm as FormAlertData,
        unverifiedEmail: null,
      },
      { status: 400 },
    );
  }
  const { email, password, redirectTo } = submission.value;
  const outcome = await signInWithPassword(
    { email, password, deviceToken: readDeviceToken(request) },
    clientAddress(request, context),
  );
  const refuse = (
    status: number,
    alert: FormAlertData,
    init: { headers?: HeadersInit; unverifiedEmail?: string } = {},
  ) =>
    data(
      { result: submission.reply({ hideFields: ["password"] }), alert, unverifiedEmail: init.unverifiedEmail ?? null },
      { status, headers: init.headers },
    );
  switch (outcome.status) {
    case "rate-limited":
      return refuse(
        429,
        { title: SIGN_IN_FAILED, description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
        { headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "invalid":
      return refuse(400, { title: SIGN_IN_FAILED, description: WRONG_CREDENTIALS });
    case "suspended":
      return refuse(403, { title: SIGN_IN_FAILED, description: PEOPLE_MESSAGES.suspendedSignIn });
    case "unverified":
      return refuse(
        403,
        {
          title: "Please verify your email address",
          description:
            "Your account is not verified yet. Follow the link in the email we sent you, or ask for a new one.",
        },
        { unverifiedEmail: outcome.email },
      );
    case "ok": {
      const headers = new Headers();
      headers.append("Set-Cookie", await createSession(outcome.userId, request));
      headers.append("Set-Cookie", deviceCookie(outcome.deviceToken));
      // A save begun signed out completes with this sign-in (a POST from this site).
      return redirectWithToast(
        await afterSignIn(outcome.userId, safeRedirectPath(redirectTo)),
        { type: "success", title: "Login Successful", description: "Welcome back!" },
        { status: 303, headers },
      );
    }
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { providers, redirectTo } = loaderData;
  const { fields, formProps, submitProps, busy } = useSignInForm("login", actionData?.result);
  const siteName = useSiteName();

  return (
    <AuthCard
      title="Welcome back"
      lead={`Sign in to your ${siteName} account.`}
      footer={
        <>
          New here?{" "}
          <Link to="/register" className={textLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert}>
        {actionData?.unverifiedEmail ? (
          <form method="post" action="/verify-email" className="mt-3">
            <input type="hidden" name="email" value={actionData.unverifiedEmail} />
            <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Send the verification link again
            </button>
          </form>
        ) : null}
      </FormAlert>
      <Form method="post" {...formProps}>
        {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <SignInFields
          fields={fields}
          emailAutoComplete="email"
          passwordAside={
            <Link to="/forgot-password" className={`${textLinkClass} text-sm font-medium`}>
              Forgot password?
            </Link>
          }
        />
        <StatusButton pending={busy} pendingText="Signing in..." size="lg" className="mt-2 w-full" {...submitProps}>
          Sign in
        </StatusButton>
      </Form>
      <OAuthButtons providers={providers} intent="login" redirectTo={redirectTo} />
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Login");
