/**
 * Email verification. GET ?token=… is the link from the mail: it verifies the address and signs
 * the user in. Without a working token the page explains and offers a new link (POST, which also
 * serves the "send it again" button shown to an unverified user at sign-in).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { accountsContext, resendVerification, verifyEmail } from "~/auth/accounts.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { createSession } from "~/auth/session.server";
import { AuthCard, linkClass, primaryButtonClass } from "~/components/auth/auth-card";
import { FormAlert, type FormAlertData, useAlertToast } from "~/components/auth/form-alert";
import { TextField } from "~/components/auth/form-fields";
import { useAccountForm } from "~/components/auth/use-account-form";
import { EMAIL_ONLY_TEXT_FIELDS, EmailOnlySchema, FORM_TOASTS } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/verify-email";

type PageState = "request" | "invalid" | "used" | "rate-limited";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return data({ state: "request" as PageState, message: null as string | null });
  const outcome = await verifyEmail(await accountsContext(request, context), token);
  switch (outcome.status) {
    case "verified":
      return redirectWithToast(
        "/",
        { type: "success", title: "Email Verified", description: "Your email address is confirmed. Welcome to DevPerspective!" },
        { headers: { "Set-Cookie": await createSession(outcome.userId, request) } },
      );
    case "rate-limited":
      return data(
        { state: "rate-limited" as PageState, message: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "used":
      return data({ state: "used" as PageState, message: null }, { status: 400 });
    case "invalid":
      return data({ state: "invalid" as PageState, message: null }, { status: 400 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm as FormAlertData }, { status: 400 });
  }
  const outcome = await resendVerification(await accountsContext(request, context), submission.value.email);
  if (outcome.status === "rate-limited") {
    return data(
      { result: submission.reply(), alert: { title: "Email not sent", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) } },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return redirectWithToast(
    "/login",
    {
      type: "info",
      title: "Check your email",
      description: "If that address has an account waiting for verification, we have sent it a new link.",
    },
    { status: 303 },
  );
}

const COPY: Record<PageState, { title: string; lead: string }> = {
  request: {
    title: "Verify your email",
    lead: "We sent a verification link when you registered. Didn't get it? Enter your email and we will send a new one.",
  },
  invalid: {
    title: "This link is invalid or has expired",
    lead: "Verification links work once and for 24 hours. Enter your email and we will send a new one.",
  },
  used: {
    title: "This link was already used",
    lead: "Your email address is verified. Sign in with your email and password.",
  },
  "rate-limited": { title: "Too many attempts", lead: "" },
};

export default function VerifyEmailPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fields, formProps, submitProps, busy } = useAccountForm({
    id: "resend-verification",
    schema: EmailOnlySchema,
    textFields: EMAIL_ONLY_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  useAlertToast(actionData?.alert);
  const state = loaderData.state;
  const copy = COPY[state];

  return (
    <AuthCard
      title={copy.title}
      lead={state === "rate-limited" ? loaderData.message : copy.lead}
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      {state === "used" ? (
        <Link to="/login" className={primaryButtonClass}>
          Sign in
        </Link>
      ) : (
        <>
          <FormAlert alert={actionData?.alert} />
          <Form method="post" action="/verify-email" {...formProps}>
            <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
            <button type="submit" className={`${primaryButtonClass} mt-2`} {...submitProps}>
              {busy ? "Sending..." : "Send a new link"}
            </button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

/** A refusal's Retry-After (429) reaches the browser; React Router sends route headers only from here. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Verify your email");
