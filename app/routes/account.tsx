/**
 * /account: the signed-in reader's settings. Each section is its own form posting here with an
 * `intent` (name, email, password, sessions, disconnect, delete), working without JavaScript; a refusal comes
 * back beside that form with what was typed. Private: never cached.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import {
  changePassword,
  deleteAccount,
  disconnectProvider,
  getAccount,
  requestEmailChange,
  signOutOtherSessions,
  updateName,
} from "~/account/account.server";
import { requireUser } from "~/auth/guards.server";
import { clientAddress, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clearSessionCookie } from "~/auth/session.server";
import { LocalDateTime } from "~/components/admin/local-date";
import { Field, FormAlert, type FormAlertData, StatusButton, useValidatedForm } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { PEOPLE_MESSAGES } from "~/lib/people-schemas";
import {
  ACCOUNT_MESSAGES,
  type AccountIntent,
  DeleteFormSchema,
  DisconnectFormSchema,
  EmailFormSchema,
  NameFormSchema,
  PasswordFormSchema,
} from "~/lib/account-settings-schemas";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/account";
import { oauthHref } from "~/lib/urls";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const account = await getAccount(user.id, request);
  if (!account) throw await redirectWithToast("/", { type: "error", title: "Account not found" });
  return data({ account }, { headers: PRIVATE });
}

type Reply = { intent: AccountIntent; result: SubmissionResult<string[]>; alert: FormAlertData | null };

const reply = (value: Reply, status = 400, headers: HeadersInit = PRIVATE) => data(value, { status, headers });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = (title: string, description?: string) =>
    redirectWithToast("/account", { type: "success", title, description }, { status: 303 });

  switch (intent) {
    case "name": {
      const submission = parseWithZod(form, { schema: NameFormSchema });
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(), alert: FORM_TOASTS.invalidForm });
      await updateName(user.id, submission.value.name);
      return back("Name updated");
    }
    case "email": {
      const submission = parseWithZod(form, { schema: EmailFormSchema });
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(), alert: FORM_TOASTS.invalidForm });
      const outcome = await requestEmailChange(user, submission.value.email, clientAddress(request, context));
      if (outcome.status === "same")
        return reply({
          intent,
          result: submission.reply({ fieldErrors: { email: [ACCOUNT_MESSAGES.sameEmail] } }),
          alert: null,
        });
      if (outcome.status === "rate-limited") {
        return reply(
          {
            intent,
            result: submission.reply(),
            alert: { title: "Email not sent", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
          },
          429,
          { ...PRIVATE, "Retry-After": String(outcome.retryAfterSeconds) },
        );
      }
      return back(
        "Check your email",
        `We sent a link to ${submission.value.email}. Your address changes when you follow it.`,
      );
    }
    case "password": {
      const submission = parseWithZod(form, { schema: PasswordFormSchema });
      const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(hidden), alert: FORM_TOASTS.invalidForm });
      const outcome = await changePassword(user.id, submission.value, request);
      if (outcome.status === "wrong-password") {
        return reply({
          intent,
          result: submission.reply({ ...hidden, fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] } }),
          alert: null,
        });
      }
      return back("Password updated", "You were signed out on every other device.");
    }
    case "sessions": {
      await signOutOtherSessions(user.id, request);
      return back("Signed out everywhere else");
    }
    case "disconnect": {
      const submission = parseWithZod(form, { schema: DisconnectFormSchema });
      if (submission.status !== "success") throw data("Bad Request", { status: 400 });
      const label = submission.value.provider === "github" ? "GitHub" : "Google";
      const outcome = await disconnectProvider(user.id, submission.value.provider);
      if (outcome.status === "last-way") {
        return reply(
          {
            intent,
            result: submission.reply(),
            alert: { title: `${label} not disconnected`, description: ACCOUNT_MESSAGES.lastWayToSignIn },
          },
          409,
        );
      }
      return back(`${label} disconnected`, `You can no longer sign in with ${label}.`);
    }
    case "delete": {
      const submission = parseWithZod(form, { schema: DeleteFormSchema });
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(), alert: FORM_TOASTS.invalidForm });
      const outcome = await deleteAccount(user.id, submission.value, request);
      if (outcome.status === "wrong-password") {
        return reply({
          intent,
          result: submission.reply({
            hideFields: ["password"],
            fieldErrors: { password: [ACCOUNT_MESSAGES.deleteWrongPassword] },
          }),
          alert: null,
        });
      }
      if (outcome.status === "last-administrator") {
        return reply(
          {
            intent,
            result: submission.reply({ hideFields: ["password"] }),
            alert: { title: "Account not deleted", description: PEOPLE_MESSAGES.lastAdministrator },
          },
          409,
        );
      }
      if (outcome.status === "sign-in-again") {
        return reply({
          intent,
          result: submission.reply(),
          alert: { title: "Account not deleted", description: ACCOUNT_MESSAGES.signInAgain },
        });
      }
      return redirectWithToast(
        "/",
        { type: "success", title: "Account deleted", description: "Your account and personal data are gone." },
        { status: 303, headers: { "Set-Cookie": clearSessionCookie() } },
      );
    }
    default:
      throw data("Bad Request", { status: 400 });
  }
}

const sectionClass = "rounded-2xl border border-line bg-surface-raised p-6 sm:p-8";
const headingClass = "text-xl font-bold text-ink";

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const last = (intent: AccountIntent) => (actionData?.intent === intent ? actionData : undefined);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Account</h1>
        <p className="mt-3 text-ink-muted">
          Signed in as {account.email}.{" "}
          <Link to="/reading-list" className={textLinkClass}>
            Your reading list
          </Link>
        </p>
      </header>
      <div className="mt-8 space-y-8">
        <NameSection name={account.name} last={last("name")} />
        <EmailSection email={account.email} last={last("email")} />
        <PasswordSection hasPassword={account.hasPassword} last={last("password")} />
        <ConnectedAccountsSection providers={account.providers} last={last("disconnect")} />
        <SessionsSection sessions={account.sessions} />
        <section aria-labelledby="data-heading" className={sectionClass}>
          <h2 id="data-heading" className={headingClass}>
            Your data
          </h2>
          <p className="mt-2 text-sm text-ink-muted">Your profile, comments and reading list as one JSON file.</p>
          <a href="/account/data" download className={buttonClass({ variant: "secondary", className: "mt-4" })}>
            Download my data
          </a>
        </section>
        <DeleteSection hasPassword={account.hasPassword} last={last("delete")} />
      </div>
    </div>
  );
}

function NameSection({ name, last }: { name: string; last: Reply | undefined }) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "account-name",
    schema: NameFormSchema,
    lastResult: last?.result,
    defaultValue: { name },
  });
  return (
    <section aria-labelledby="name-heading" className={sectionClass}>
      <h2 id="name-heading" className={headingClass}>
        Name
      </h2>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        <Field field={fields.name} label="Full name" autoComplete="name" />
        <StatusButton pending={busy} pendingText="Saving..." name="intent" value="name" {...submitProps}>
          Save name
        </StatusButton>
      </Form>
    </section>
  );
}

function EmailSection({ email, last }: { email: string; last: Reply | undefined }) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "account-email",
    schema: EmailFormSchema,
    lastResult: last?.result,
  });
  return (
    <section aria-labelledby="email-heading" className={sectionClass}>
      <h2 id="email-heading" className={headingClass}>
        Email
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        Now: <span className="font-medium text-ink">{email}</span>. We mail a link to the new address; it changes when
        you follow it.
      </p>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        <Field field={fields.email} label="New email" type="email" autoComplete="email" />
        <StatusButton pending={busy} pendingText="Sending..." name="intent" value="email" {...submitProps}>
          Change email
        </StatusButton>
      </Form>
    </section>
  );
}

function PasswordSection({ hasPassword, last }: { hasPassword: boolean; last: Reply | undefined }) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "account-password",
    schema: PasswordFormSchema,
    lastResult: last?.result,
  });
  return (
    <section aria-labelledby="password-heading" className={sectionClass}>
      <h2 id="password-heading" className={headingClass}>
        {hasPassword ? "Password" : "Set a password"}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        {hasPassword
          ? "Changing it signs you out on every other device."
          : "You sign in with GitHub or Google. A password lets you sign in with your email too."}
      </p>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        {hasPassword ? (
          <Field
            field={fields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <Field field={fields.password} label="New password" type="password" autoComplete="new-password" />
        <Field
          field={fields.confirmPassword}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <StatusButton pending={busy} pendingText="Saving..." name="intent" value="password" {...submitProps}>
          {hasPassword ? "Change password" : "Set password"}
        </StatusButton>
      </Form>
    </section>
  );
}

function ConnectedAccountsSection({
  providers,
  last,
}: {
  providers: { name: string; label: string; connected: boolean }[];
  last: Reply | undefined;
}) {
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="connected-heading" className={sectionClass}>
      <h2 id="connected-heading" className={headingClass}>
        Connected accounts
      </h2>
      <p className="mt-2 text-sm text-ink-muted">Sign in with these as well as (or instead of) a password.</p>
      <FormAlert alert={last?.alert} />
      <ul aria-label="Connected accounts" className="mt-4 divide-y divide-line text-sm">
        {providers.map((provider) => (
          <li key={provider.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-ink">
              <span className="font-medium">{provider.label}</span>{" "}
              <span className="text-ink-muted">{provider.connected ? "Connected" : "Not connected"}</span>
            </span>
            {provider.connected ? (
              <Form method="post">
                <input type="hidden" name="provider" value={provider.name} />
                <button
                  type="submit"
                  name="intent"
                  value="disconnect"
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  Disconnect {provider.label}
                </button>
              </Form>
            ) : (
              // A document navigation: the provider's page is another site.
              <form method="post" action={oauthHref(provider.name)}>
                <input type="hidden" name="intent" value="connect" />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Connect {provider.label}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SessionsSection({
  sessions,
}: {
  sessions: { createdAt: string; userAgent: string | null; current: boolean }[];
}) {
  return (
    <section aria-labelledby="sessions-heading" className={sectionClass}>
      <h2 id="sessions-heading" className={headingClass}>
        Active sessions
      </h2>
      <ul aria-label="Active sessions" className="mt-4 divide-y divide-line text-sm">
        {sessions.map((session) => (
          <li key={`${session.createdAt}-${session.userAgent}`} className="py-2">
            <span className="block text-ink">
              {session.userAgent ?? "Unknown browser"}
              {session.current ? <strong className="ml-2 text-brand">(this device)</strong> : null}
            </span>
            <span className="text-ink-muted">
              Signed in <LocalDateTime iso={session.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="sessions" className={buttonClass({ variant: "secondary" })}>
          Sign out everywhere else
        </button>
      </Form>
    </section>
  );
}

function DeleteSection({ hasPassword, last }: { hasPassword: boolean; last: Reply | undefined }) {
  const { fields, formProps, busy } = useValidatedForm({
    id: "account-delete",
    schema: DeleteFormSchema,
    lastResult: last?.result,
  });
  return (
    <section aria-labelledby="delete-heading" className={`${sectionClass} border-danger-line`}>
      <h2 id="delete-heading" className={headingClass}>
        Delete account
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        This removes your profile, sessions and reading list for good. Your comments stay, shown as written by a deleted
        user. {hasPassword ? "Enter your password to confirm." : "You must have signed in within the last 10 minutes."}
      </p>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        {hasPassword ? (
          <Field field={fields.password} label="Password" type="password" autoComplete="current-password" />
        ) : null}
        <StatusButton pending={busy} pendingText="Deleting..." name="intent" value="delete" variant="destructive">
          Delete my account
        </StatusButton>
      </Form>
    </section>
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Account");
