import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { registerAccount } from "~/auth/accounts.server";
import { requireAnonymous } from "~/auth/guards.server";
import { providerButtons } from "~/auth/providers/registry.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { AuthCard } from "~/components/auth/auth-card";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { CheckboxField, type FormAlertData, useValidatedForm } from "~/components/forms";
import { textLinkClass } from "~/components/ui/button";
import { useSiteName } from "~/components/use-site-name";
import { blockedSubmitToast, REGISTER_TEXT_FIELDS, RegisterSchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/register";
import { readForm } from "~/http/form.server";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { AccountFields } from "~/components/auth/account-fields";
import { AuthForm } from "~/components/auth/auth-form";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

const SIGN_UP_FAILED = "Sign up Failed";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.static]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return { providers: providerButtons() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: RegisterSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    const alert: FormAlertData = blockedSubmitToast(Object.keys(submission.error ?? {}));
    return data({ result: submission.reply(hidden), alert }, { status: 400 });
  }
  const outcome = await registerAccount(submission.value, clientAddress(request, context));
  if (outcome.status === "rate-limited") {
    return data(
      {
        result: submission.reply(hidden),
        alert: { title: SIGN_UP_FAILED, description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // The same answer whether the address was new or taken: the owner of a taken one gets a mail.
  return redirectWithToast(
    "/login",
    {
      type: "success",
      title: "Registration Successful",
      description: "Please check your email to verify your account.",
    },
    { status: 303 },
  );
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { providers } = loaderData;
  const form = useValidatedForm({
    id: "register",
    schema: RegisterSchema,
    requiredText: REGISTER_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  const { fields } = form;
  const siteName = useSiteName();

  return (
    <AuthCard
      title="Create your account"
      lead={`Join ${siteName} to follow the conversation.`}
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <AuthForm alert={actionData?.alert} form={form} pendingText="Creating Account..." submitLabel="Create Account">
        <AccountFields
          fields={{
            name: fields.name,
            email: fields.email,
            password: fields.password,
            confirmPassword: fields.confirmPassword,
          }}
          capitalizeName
        />
        <CheckboxField field={fields.agreedToTerms}>I agree to the terms and conditions</CheckboxField>
      </AuthForm>
      <OAuthButtons providers={providers} intent="register" />
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Register");
