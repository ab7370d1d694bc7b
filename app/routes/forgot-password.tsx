/** "Forgot password?": mails a single-use reset link, valid one hour, if the address has an account. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { accountsContext, requestPasswordReset } from "~/auth/accounts.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { AuthCard, linkClass, primaryButtonClass } from "~/components/auth/auth-card";
import { FormAlert, type FormAlertData, useAlertToast } from "~/components/auth/form-alert";
import { TextField } from "~/components/auth/form-fields";
import { useAccountForm } from "~/components/auth/use-account-form";
import { EMAIL_ONLY_TEXT_FIELDS, EmailOnlySchema, FORM_TOASTS } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm as FormAlertData }, { status: 400 });
  }
  const outcome = await requestPasswordReset(await accountsContext(request, context), submission.value.email);
  if (outcome.status === "rate-limited") {
    return data(
      { result: submission.reply(), alert: { title: "Email not sent", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) } },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // The same answer whether or not the address has an account.
  return redirectWithToast(
    "/login",
    {
      type: "info",
      title: "Check your email",
      description: "If an account exists for that address, we have sent a link to reset its password. The link is valid for one hour.",
    },
    { status: 303 },
  );
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const { fields, formProps, submitProps, busy } = useAccountForm({
    id: "forgot-password",
    schema: EmailOnlySchema,
    textFields: EMAIL_ONLY_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  useAlertToast(actionData?.alert);
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps}>
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <button type="submit" className={`${primaryButtonClass} mt-2`} {...submitProps}>
          {busy ? "Sending..." : "Send reset link"}
        </button>
      </Form>
    </AuthCard>
  );
}

/** A refusal's Retry-After (429) reaches the browser; React Router sends route headers only from here. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Forgot password");
