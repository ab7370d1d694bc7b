import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { accountsContext, signInWithPassword } from "~/auth/accounts.server";
import { requireAnonymous } from "~/auth/guards.server";
import { providerButtons } from "~/auth/providers/registry.server";
import { deviceCookie, readDeviceToken, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { createSession } from "~/auth/session.server";
import { AuthCard, linkClass, primaryButtonClass, secondaryButtonClass } from "~/components/auth/auth-card";
import { FormAlert, type FormAlertData, useAlertToast } from "~/components/auth/form-alert";
import { TextField } from "~/components/auth/form-fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { useAccountForm } from "~/components/auth/use-account-form";
import { FORM_TOASTS, LOGIN_TEXT_FIELDS, LoginSchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/login";

const SIGN_IN_FAILED = "Sign in Failed";
/** One message for a wrong password and an unknown email alike. */
export const WRONG_CREDENTIALS = "Invalid email or password.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return { providers: providerButtons(), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: LoginSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password"] }), alert: FORM_TOASTS.invalidForm as FormAlertData, unverifiedEmail: null },
      { status: 400 },
    );
  }
  const { email, password, redirectTo } = submission.value;
  const outcome = await signInWithPassword(await accountsContext(request, context), {
    email,
    password,
    deviceToken: readDeviceToken(request),
  });
  const refuse = (status: number, alert: FormAlertData, init: { headers?: HeadersInit; unverifiedEmail?: string } = {}) =>
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
    case "unverified":
      return refuse(
        403,
        {
          title: "Please verify your email address",
          description: "Your account is not verified yet. Follow the link in the email we sent you, or ask for a new one.",
        },
        { unverifiedEmail: outcome.email },
      );
    case "ok": {
      const headers = new Headers();
      headers.append("Set-Cookie", await createSession(outcome.userId, request));
      headers.append("Set-Cookie", deviceCookie(outcome.deviceToken));
      return redirectWithToast(
        safeRedirectPath(redirectTo),
        { type: "success", title: "Login Successful", description: "Welcome back!" },
        { status: 303, headers },
      );
    }
  }
}

export default function LoginPage() {
  const { providers, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fields, formProps, submitProps, busy } = useAccountForm({
    id: "login",
    schema: LoginSchema,
    textFields: LOGIN_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  useAlertToast(actionData?.alert);

  return (
    <AuthCard
      title="Welcome back"
      lead="Sign in to your DevPerspective account."
      footer={
        <>
          New here?{" "}
          <Link to="/register" className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert}>
        {actionData?.unverifiedEmail ? (
          <form method="post" action="/verify-email" className="mt-3">
            <input type="hidden" name="email" value={actionData.unverifiedEmail} />
            <button type="submit" className={`${secondaryButtonClass} h-9 w-auto`}>
              Send the verification link again
            </button>
          </form>
        ) : null}
      </FormAlert>
      <Form method="post" {...formProps}>
        {redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          labelAside={
            <Link to="/forgot-password" className={`${linkClass} text-sm font-medium`}>
              Forgot password?
            </Link>
          }
        />
        <button type="submit" className={`${primaryButtonClass} mt-2`} {...submitProps}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <OAuthButtons providers={providers} intent="login" redirectTo={redirectTo} />
    </AuthCard>
  );
}

/** A refusal's Retry-After (429) reaches the browser; React Router sends route headers only from here. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  noindexMeta(matches, "Login");
