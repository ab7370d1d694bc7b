/** The account page's connected OAuth accounts: disconnect here, connect through the provider. */
import { Form } from "react-router";
import { FormAlert } from "~/components/forms";
import { buttonClass, IntentButton } from "~/components/ui/button";
import { oauthHref } from "~/lib/urls";
import { type AccountReply, AccountSection } from "./section";

export function ConnectedAccountsSection({
  providers,
  last,
}: {
  providers: { name: string; label: string; connected: boolean }[];
  last: AccountReply | undefined;
}) {
  if (providers.length === 0) return null;
  return (
    <AccountSection id="connected-heading" title="Connected accounts">
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
                <IntentButton intent="disconnect" variant="secondary" size="sm">
                  Disconnect {provider.label}
                </IntentButton>
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
    </AccountSection>
  );
}
