/**
 * /invite/{token}: an invitation's page. A new address chooses a name and password (the account is
 * created verified, with the role, and signed in); an address that already has an account accepts
 * after signing in as that account. An expired, revoked or used link answers 410 with the reason;
 * an unknown one 404 (failures count against the token rate limit).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { getUser } from "~/auth/guards.server";
import { ROLE_LABELS } from "~/auth/permissions";
import { hit, limitFor, POLICIES } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { createSession, destroySession } from "~/auth/session.server";
import { AuthCard, PostButton, wideButtonClass } from "~/components/auth/auth-card";
import { FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { ACCEPT_INVITE_TEXT_FIELDS, AcceptInviteSchema } from "~/lib/people-schemas";
import type { ErrorScreenData } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import {
  acceptInviteAsUser,
  acceptInviteWithNewAccount,
  inspectInvite,
  type InviteState,
} from "~/people/invites.server";
import { getSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/invite";
import { inviteHref, loginHref } from "~/lib/urls";
import { AccountFields } from "~/components/auth/account-fields";
import { AuthForm } from "~/components/auth/auth-form";
import { PRIVATE_HEADERS } from "~/http/route-headers.server";

const GONE: Record<"expired" | "revoked" | "used", ErrorScreenData> = {
  expired: {
    title: "This invitation has expired",
    message: "Invitation links work for 7 days. Ask the person who invited you to send a new one.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    message: "The invitation was revoked by an administrator. Ask them for a new one if you still need access.",
  },
  used: {
    title: "This invitation has already been used",
    message: "Each invitation link works once. Sign in with the account it was used for.",
  },
};

/** The 404/410 screen for a link that cannot be used (thrown: the layout's boundary renders it). */
async function unusable(
  state: Exclude<InviteState, { status: "valid" }>,
  request: Request,
  context: Route.LoaderArgs["context"],
) {
  if (state.status === "unknown") {
    await hit([limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", clientAddress(request, context))]);
    return data<ErrorScreenData>(
      {
        title: "Invitation not found",
        message:
          "This invitation link is not valid. Check that you copied the whole address, or ask for a new invitation.",
      },
      { status: 404, headers: PRIVATE_HEADERS },
    );
  }
  return data<ErrorScreenData>(GONE[state.status], { status: 410, headers: PRIVATE_HEADERS });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = await inspectInvite(params.token);
  if (state.status !== "valid") throw await unusable(state, request, context);
  const user = await getUser(request);
  const mode =
    state.existingUserId === null
      ? ("new" as const)
      : user?.id === state.existingUserId
        ? ("accept" as const)
        : user
          ? ("wrong-account" as const)
          : ("sign-in" as const);
  const { siteName } = await getSiteSettings();
  return data(
    { email: state.email, roleLabel: ROLE_LABELS[state.role], mode, signedInAs: user?.email ?? null, siteName },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const state = await inspectInvite(params.token);
  if (state.status !== "valid") throw await unusable(state, request, context);
  const { siteName } = await getSiteSettings();
  const welcome = (headers: Headers) =>
    redirectWithToast(
      "/admin/dashboard",
      { type: "success", title: "Invitation accepted", description: `Welcome to ${siteName}!` },
      { status: 303, headers },
    );

  if (form.get("intent") === "accept") {
    const user = await getUser(request);
    if (!user) {
      return data(
        { result: null, alert: { title: "Sign in first", description: `Sign in as ${state.email} to accept.` } },
        { status: 401 },
      );
    }
    const outcome = await acceptInviteAsUser(params.token, user);
    if (outcome.status === "accepted") return welcome(new Headers());
    if (outcome.status === "gone")
      throw await unusable(
        (await inspectInvite(params.token)) as Exclude<InviteState, { status: "valid" }>,
        request,
        context,
      );
    return data(
      {
        result: null,
        alert: {
          title: "Wrong account",
          description: `This invitation is for ${state.email}. Sign out, then sign in as ${state.email}.`,
        },
      },
      { status: 403 },
    );
  }

  const submission = parseWithZod(form, { schema: AcceptInviteSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), alert: FORM_TOASTS.invalidForm },
      { status: 400 },
    );
  }
  const outcome = await acceptInviteWithNewAccount(params.token, submission.value);
  switch (outcome.status) {
    case "accepted": {
      const headers = new Headers();
      headers.append("Set-Cookie", await destroySession(request));
      headers.append("Set-Cookie", await createSession(outcome.userId, request));
      return welcome(headers);
    }
    case "gone":
      throw await unusable(
        (await inspectInvite(params.token)) as Exclude<InviteState, { status: "valid" }>,
        request,
        context,
      );
    default:
      return data(
        {
          result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
          alert: {
            title: "You already have an account",
            description: `Sign in as ${state.email}, then open this link again to accept.`,
          },
        },
        { status: 409 },
      );
  }
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Invitation");

export default function InvitePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { email, roleLabel, mode, signedInAs, siteName } = loaderData;
  const form = useValidatedForm({
    id: "accept-invite",
    schema: AcceptInviteSchema,
    requiredText: ACCEPT_INVITE_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  const { fields } = form;
  const here = inviteHref(params.token);
  const lead = `You are invited to join ${siteName} as ${roleLabel.toLowerCase()} (${email}).`;

  if (mode === "sign-in" || mode === "wrong-account") {
    return (
      <AuthCard title="Accept your invitation" lead={lead}>
        <FormAlert alert={actionData?.alert} />
        <p className="mb-4 text-sm text-ink-muted">
          {mode === "sign-in"
            ? `An account with ${email} already exists: sign in as it to accept.`
            : `You are signed in as ${signedInAs}. This invitation is for ${email}: sign out, sign in as ${email} and open this link again.`}
        </p>
        {mode === "sign-in" ? (
          <Link to={loginHref(here)} className={wideButtonClass}>
            Sign in to accept
          </Link>
        ) : (
          <PostButton action="/logout">Sign out</PostButton>
        )}
      </AuthCard>
    );
  }

  if (mode === "accept") {
    return (
      <AuthCard title="Accept your invitation" lead={lead}>
        <FormAlert alert={actionData?.alert} />
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <StatusButton pending={form.busy} pendingText="Accepting..." size="lg" className="w-full">
            Accept invitation
          </StatusButton>
        </Form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Accept your invitation"
      lead={lead}
      footer={
        <>
          Already have an account?{" "}
          <Link to={loginHref(here)} className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <AuthForm
        alert={actionData?.alert}
        form={form}
        pendingText="Creating Account..."
        submitLabel="Create account and accept"
      >
        <p className="mb-4 text-sm text-ink-muted">
          Your email address: <span className="font-medium text-ink">{email}</span>
        </p>
        <AccountFields
          fields={{ name: fields.name, password: fields.password, confirmPassword: fields.confirmPassword }}
        />
      </AuthForm>
    </AuthCard>
  );
}
