/**
 * Email verification. GET ?token=… is the link from the mail: it only looks the token up and
 * shows a "Verify my email" button; the button's POST (intent "verify") uses the token, verifies
 * the address and signs the user in. So a mail scanner or link preview that fetches the link
 * cannot use it up or verify an address nobody opened. Without a working token the page explains
 * and offers a new link (POST without intent, which also serves the "send it again" button shown
 * to an unverified user at sign-in).
 */
import { data, Form, Link, useNavigation } from "react-router";
import { inspectVerification, resendVerification, verifyEmail } from "~/auth/accounts.server";
import { emailLinkRequestAction } from "~/http/actions/email-link-request.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { createSession } from "~/auth/session.server";
import { AuthCard, PendingPostButton } from "~/components/auth/auth-card";
import { Field, FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { EMAIL_ONLY_TEXT_FIELDS, EmailOnlySchema } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { getSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/verify-email";

type PageState = "request" | "confirm" | "invalid" | "used" | "rate-limited";

/** The page for a verification outcome that is not a success (loader and action alike). */
function statePage(
  outcome: { status: "used" } | { status: "invalid" } | { status: "rate-limited"; retryAfterSeconds: number },
) {
  switch (outcome.status) {
    case "rate-limited":
      return data(
        { state: "rate-limited" as PageState, message: tooManyAttemptsMessage(outcome.retryAfterSeconds), token: null },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "used":
      return data({ state: "used" as PageState, message: null, token: null }, { status: 400 });
    case "invalid":
      return data({ state: "invalid" as PageState, message: null, token: null }, { status: 400 });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) {
    return data({ state: "request" as PageState, message: null as string | null, token: null as string | null });
  }
  const outcome = await inspectVerification(token, clientAddress(request, context));
  if (outcome.status !== "valid") return statePage(outcome);
  // The page carries a secret: never kept by the page cache or a CDN.
  return data(
    { state: "confirm" as PageState, message: null, token: token as string | null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "verify") {
    return emailLinkRequestAction(request, context, {
      send: resendVerification,
      sent: "If that address has an account waiting for verification, we have sent it a new link.",
      form,
    });
  }
  const token = form.get("token");
  const outcome = await verifyEmail(typeof token === "string" ? token : "", clientAddress(request, context));
  if (outcome.status !== "verified") return statePage(outcome);
  return redirectWithToast(
    "/",
    {
      type: "success",
      title: "Email Verified",
      description: `Your email address is confirmed. Welcome to ${(await getSiteSettings()).siteName}!`,
    },
    { status: 303, headers: { "Set-Cookie": await createSession(outcome.userId, request) } },
  );
}

const COPY: Record<PageState, { title: string; lead: string }> = {
  confirm: {
    title: "Confirm your email address",
    lead: "Press the button to verify your email address and sign in.",
  },
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
  // The verify button's refusal (used, invalid, too many) replaces the page; the resend form's
  // answer is a submission result with an alert.
  const outcome = actionData && "state" in actionData ? actionData : null;
  const resend = actionData && "result" in actionData ? actionData : null;
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "resend-verification",
    schema: EmailOnlySchema,
    requiredText: EMAIL_ONLY_TEXT_FIELDS,
    lastResult: resend?.result,
    action: "/verify-email",
  });
  const verifying = useNavigation().formData?.get("intent") === "verify";
  const { state, message, token } = outcome ?? loaderData;
  const copy = COPY[state];
  const footer = (
    <Link to="/login" className={textLinkClass}>
      Back to sign in
    </Link>
  );

  if (state === "confirm" && token) {
    return (
      <AuthCard title={copy.title} lead={copy.lead} footer={footer}>
        <PendingPostButton
          action="/verify-email"
          values={{ token }}
          intent="verify"
          pending={verifying}
          pendingText="Verifying..."
        >
          Verify my email
        </PendingPostButton>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={copy.title} lead={state === "rate-limited" ? message : copy.lead} footer={footer}>
      {state === "used" ? (
        <Link to="/login" className={buttonClass({ size: "lg", className: "w-full" })}>
          Sign in
        </Link>
      ) : (
        <>
          <FormAlert alert={resend?.alert} />
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
