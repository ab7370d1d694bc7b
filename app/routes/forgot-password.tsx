/** "Forgot password?": mails a single-use reset link, valid one hour, if the address has an account. */
import { Link } from "react-router";
import { requestPasswordReset } from "~/auth/accounts.server";
import { emailLinkRequestAction } from "~/http/actions/email-link-request.server";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, useValidatedForm } from "~/components/forms";
import { textLinkClass } from "~/components/ui/button";
import { EMAIL_ONLY_TEXT_FIELDS, EmailOnlySchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { AuthForm } from "~/components/auth/auth-form";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

export async function action({ request, context }: Route.ActionArgs) {
  return emailLinkRequestAction(request, context, {
    send: requestPasswordReset,
    sent: "If an account exists for that address, we have sent a link to reset its password. The link is valid for one hour.",
  });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const form = useValidatedForm({
    id: "forgot-password",
    schema: EmailOnlySchema,
    requiredText: EMAIL_ONLY_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  const { fields } = form;
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
      <AuthForm alert={actionData?.alert} form={form} pendingText="Sending..." submitLabel="Send reset link">
        <Field field={fields.email} label="Email" type="email" autoComplete="email" />
      </AuthForm>
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Forgot password");

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.static]);
