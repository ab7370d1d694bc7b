/** "Forgot password?": mails a single-use reset link, valid one hour, if the address has an account. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { requestPasswordReset } from "~/auth/accounts.server";
import { clientAddress, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, FormAlert, type FormAlertData, StatusButton, useValidatedForm } from "~/components/forms";
import { textLinkClass } from "~/components/ui/button";
import { EMAIL_ONLY_TEXT_FIELDS, EmailOnlySchema, FORM_TOASTS } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/forgot-password";
import { readForm } from "~/http/form.server";
import { retryAfterHeaders } from "~/http/route-headers.server";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm as FormAlertData }, { status: 400 });
  }
  const outcome = await requestPasswordReset(submission.value.email, clientAddress(request, context));
  if (outcome.status === "rate-limited") {
    return data(
      {
        result: submission.reply(),
        alert: { title: "Email not sent", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // The same answer whether or not the address has an account.
  return redirectWithToast(
    "/login",
    {
      type: "info",
      title: "Check your email",
      description:
        "If an account exists for that address, we have sent a link to reset its password. The link is valid for one hour.",
    },
    { status: 303 },
  );
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "forgot-password",
    schema: EmailOnlySchema,
    requiredText: EMAIL_ONLY_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={textLinkClass}>
          Back to sign in
        </Link>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps}>
        <Field field={fields.email} label="Email" type="email" autoComplete="email" />
        <StatusButton pending={busy} pendingText="Sending..." size="lg" className="mt-2 w-full" {...submitProps}>
          Send reset link
        </StatusButton>
      </Form>
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Forgot password");
