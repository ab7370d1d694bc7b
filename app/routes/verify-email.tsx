/**
 * Email verification. GET ?token=… is the link from the mail: it verifies the address and signs
 * the user in. Without a working token the page explains and offers a new link (POST, which also
 * serves the "send it again" button shown to an unverified user at sign-in).
 */
import { data, Form, Link } from "react-router";
import { resendVerification, verifyEmail } from "~/auth/accounts.server";
import { clientAddress, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { createSession } from "~/auth/session.server";
import { env } from "~/env.server";
import { emailLinkRequestAction } from "~/auth/email-link-request.server";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { EMAIL_ONLY_TEXT_FIELDS, EmailOnlySchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/verify-email";
import { retryAfterHeaders } from "~/http/route-headers.server";

type PageState = "request" | "invalid" | "used" | "rate-limited";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return data({ state: "request" as PageState, message: null as string | null });
  const outcome = await verifyEmail(token, clientAddress(request, context));
  switch (outcome.status) {
    case "verified":
      return redirectWithToast(
        "/",
        {
          type: "success",
          title: "Email Verified",
          description: `Your email address is confirmed. Welcome to ${env().SITE_NAME}!`,
        },
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
  return emailLinkRequestAction(request, context, {
    send: resendVerification,
    sent: "If that address has an account waiting for verification, we have sent it a new link.",
  });
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

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "resend-verification",
    schema: EmailOnlySchema,
    requiredText: EMAIL_ONLY_TEXT_FIELDS,
    lastResult: actionData?.result,
    action: "/verify-email",
  });
  const state = loaderData.state;
  const copy = COPY[state];

  return (
    <AuthCard
      title={copy.title}
      lead={state === "rate-limited" ? loaderData.message : copy.lead}
      footer={
        <Link to="/login" className={textLinkClass}>
          Back to sign in
        </Link>
      }
    >
      {state === "used" ? (
        <Link to="/login" className={buttonClass({ size: "lg", className: "w-full" })}>
          Sign in
        </Link>
      ) : (
        <>
          <FormAlert alert={actionData?.alert} />
          <Form method="post" action="/verify-email" {...formProps}>
            <Field field={fields.email} label="Email" type="email" autoComplete="email" />
            <StatusButton pending={busy} pendingText="Sending..." size="lg" className="mt-2 w-full" {...submitProps}>
              Send a new link
            </StatusButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Verify your email");
