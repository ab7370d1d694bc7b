/**
 * The reset link's page: a new password with the same rules as registration. The token travels
 * in the query (the mailed link) and then in a hidden field; it works once, for one hour.
 * Success ends every session of the account and signs this browser in afresh.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { inspectResetToken, resetPassword } from "~/auth/accounts.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { createSession } from "~/auth/session.server";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, type FormAlertData, useAlertToast, useValidatedForm } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { FORM_TOASTS, RESET_PASSWORD_TEXT_FIELDS, ResetPasswordSchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/http/form.server";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { AuthForm } from "~/components/auth/auth-form";

const LINK_INVALID: FormAlertData = {
  title: "This link is invalid or has expired",
  description: "Reset links work once and for one hour. Ask for a new one.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = token ? await inspectResetToken(token) : { status: "invalid" as const };
  if (state.status !== "valid") return data({ token: null }, { status: 400 });
  // The page carries a secret: never kept by the page cache or a CDN.
  return data({ token: token as string | null }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(hidden), alert: FORM_TOASTS.invalidForm as FormAlertData, linkInvalid: false },
      { status: 400 },
    );
  }
  const outcome = await resetPassword(submission.value, clientAddress(request, context));
  if (outcome.status === "rate-limited") {
    return data(
      {
        result: submission.reply(hidden),
        alert: { title: "Password not changed", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
        linkInvalid: false,
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.status === "invalid") {
    return data({ result: submission.reply(hidden), alert: LINK_INVALID, linkInvalid: true }, { status: 400 });
  }
  return redirectWithToast(
    "/",
    { type: "success", title: "Password Updated", description: "Your new password is set and you are signed in." },
    { status: 303, headers: { "Set-Cookie": await createSession(outcome.userId, request) } },
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const form = useValidatedForm({
    id: "reset-password",
    schema: ResetPasswordSchema,
    requiredText: RESET_PASSWORD_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  const { fields } = form;
  // The refusal of a used or expired link is the page itself (no box): its toast is raised here.
  useAlertToast(actionData?.linkInvalid ? actionData.alert : null);
  const footer = (
    <Link to="/login" className={textLinkClass}>
      Back to sign in
    </Link>
  );

  if (!token || actionData?.linkInvalid) {
    return (
      <AuthCard title={LINK_INVALID.title} lead={LINK_INVALID.description} footer={footer}>
        <Link to="/forgot-password" className={buttonClass({ size: "lg", className: "w-full" })}>
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      lead="At least 6 characters. Setting it signs you out on every other device."
      footer={footer}
    >
      <AuthForm alert={actionData?.alert} form={form} pendingText="Saving..." submitLabel="Set new password">
        <input type="hidden" name="token" value={token} />
        <Field field={fields.password} label="New password" type="password" autoComplete="new-password" />
        <Field field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
      </AuthForm>
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Reset password");
