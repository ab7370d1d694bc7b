import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { accountsContext, MailDeliveryError, registerAccount } from "~/auth/accounts.server";
import { requireAnonymous } from "~/auth/guards.server";
import { providerButtons } from "~/auth/providers/registry.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { AuthCard, linkClass, primaryButtonClass } from "~/components/auth/auth-card";
import { FormAlert, type FormAlertData, useAlertToast } from "~/components/auth/form-alert";
import { CheckboxField, TextField } from "~/components/auth/form-fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { useAccountForm } from "~/components/auth/use-account-form";
import { blockedSubmitToast, REGISTER_TEXT_FIELDS, RegisterSchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/register";

const SIGN_UP_FAILED = "Sign up Failed";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return { providers: providerButtons() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: RegisterSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    const alert: FormAlertData = blockedSubmitToast(Object.keys(submission.error ?? {}));
    return data({ result: submission.reply(hidden), alert }, { status: 400 });
  }
  try {
    const outcome = await registerAccount(await accountsContext(request, context), submission.value);
    if (outcome.status === "rate-limited") {
      return data(
        { result: submission.reply(hidden), alert: { title: SIGN_UP_FAILED, description: tooManyAttemptsMessage(outcome.retryAfterSeconds) } },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    console.error("[register] the verification mail could not be sent:", error.cause);
    return data(
      {
        result: submission.reply(hidden),
        alert: { title: SIGN_UP_FAILED, description: "We could not send the verification email. Please try again in a few minutes." },
      },
      { status: 503 },
    );
  }
  // The same answer whether the address was new or taken: the owner of a taken one gets a mail.
  return redirectWithToast(
    "/login",
    { type: "success", title: "Registration Successful", description: "Please check your email to verify your account." },
    { status: 303 },
  );
}

export default function RegisterPage() {
  const { providers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fields, formProps, submitProps, busy } = useAccountForm({
    id: "register",
    schema: RegisterSchema,
    textFields: REGISTER_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  useAlertToast(actionData?.alert);

  return (
    <AuthCard
      title="Create your account"
      lead="Join DevPerspective to follow the conversation."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps}>
        <TextField field={fields.name} label="Full name" type="text" autoComplete="name" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField field={fields.password} label="Password" type="password" autoComplete="new-password" />
        <TextField field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
        <CheckboxField field={fields.agreedToTerms}>I agree to the terms and conditions</CheckboxField>
        <button type="submit" className={`${primaryButtonClass} mt-2`} {...submitProps}>
          {busy ? "Creating Account..." : "Create Account"}
        </button>
      </Form>
      <OAuthButtons providers={providers} intent="register" />
    </AuthCard>
  );
}

/** A refusal's Retry-After (429) reaches the browser; React Router sends route headers only from here. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  noindexMeta(matches, "Register");
