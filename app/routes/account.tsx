/**
 * /account: the signed-in reader's settings. Each section is its own form posting here with an
 * `intent` (name, email, password, sessions, disconnect, delete), working without JavaScript; a
 * refusal comes back beside that form with what was typed. Private: never cached. One module per
 * section: the forms in app/components/account/, their actions in ./account/.
 */
import { data, Link } from "react-router";
import { getAccount } from "~/account/account.server";
import { requireUser } from "~/auth/guards.server";
import { ConnectedAccountsSection } from "~/components/account/connected-accounts-section";
import { DataSection } from "~/components/account/data-section";
import { DeleteSection } from "~/components/account/delete-section";
import { EmailSection } from "~/components/account/email-section";
import { NameSection } from "~/components/account/name-section";
import { PasswordSection } from "~/components/account/password-section";
import { SessionsSection } from "~/components/account/sessions-section";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AccountIntent } from "~/lib/account-settings-schemas";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/account";
import { disconnectAction } from "./account/connections.server";
import { deleteAction } from "./account/delete.server";
import { emailAction } from "./account/email.server";
import { nameAction } from "./account/name.server";
import { passwordAction } from "./account/password.server";
import { PRIVATE } from "./account/reply.server";
import { sessionsAction } from "./account/sessions.server";
import { accountNewsletter, newsletterAction } from "./account/newsletter.server";
import { NewsletterSection } from "~/components/account/newsletter-section";
import { clientAddress } from "~/http/client-address.server";
import { retryAfterHeaders } from "~/http/route-headers.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const account = await getAccount(user.id, request);
  if (!account) throw await redirectWithToast("/", { type: "error", title: "Account not found" });
  const newsletter = await accountNewsletter(user);
  return data({ account, newsletter }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  switch (intent) {
    case "name":
      return nameAction({ intent, form, user });
    case "email":
      return emailAction({ intent, form, user }, request, context);
    case "password":
      return passwordAction({ intent, form, user }, request);
    case "sessions":
      return sessionsAction({ intent, form, user }, request);
    case "disconnect":
      return disconnectAction({ intent, form, user });
    case "delete":
      return deleteAction({ intent, form, user }, request);
    case "newsletter-subscribe":
    case "newsletter-save":
    case "newsletter-unsubscribe":
      return newsletterAction(intent, form, user, clientAddress(request, context));
    default:
      throw data("Bad Request", { status: 400 });
  }
}

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
        <NewsletterSection
          newsletter={loaderData.newsletter}
          email={account.email}
          last={last(newsletterIntent(actionData?.intent))}
        />
        <DataSection />
        <DeleteSection hasPassword={account.hasPassword} last={last("delete")} />
      </div>
    </div>
  );
}

/** The newsletter section answers all three of its intents. */
function newsletterIntent(intent: AccountIntent | undefined): AccountIntent {
  return intent?.startsWith("newsletter-") ? intent : "newsletter-subscribe";
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Account");
