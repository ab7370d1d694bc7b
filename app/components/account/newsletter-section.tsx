/**
 * The account page's Newsletter section: a signed-in reader subscribes in one click with their
 * verified address (the topics beside the button), then changes topics and frequency or
 * unsubscribes here. Plain forms posting to /account with an `intent`.
 */
import { Form } from "react-router";
import { FormAlert } from "~/components/forms";
import { ManageSubscriptionForm } from "~/components/newsletter/manage-form";
import { buttonClass } from "~/components/ui/button";
import type { Frequency, TopicChoice, TopicOption } from "~/lib/newsletter-schema";
import { type AccountReply, AccountSection } from "./section";

export type AccountNewsletter = {
  subscription: { status: string; frequency: Frequency; topics: TopicChoice } | null;
  options: { categories: TopicOption[]; authors: TopicOption[] };
};

export function NewsletterSection({
  newsletter,
  email,
  last,
}: {
  newsletter: AccountNewsletter;
  email: string;
  last: AccountReply | undefined;
}) {
  const { subscription, options } = newsletter;
  const subscribed = subscription?.status === "confirmed";
  return (
    <AccountSection id="newsletter-heading" title="Newsletter">
      <p className="mt-2 text-sm text-ink-muted">
        {subscribed ? `New articles on your topics go to ${email}.` : `New articles by email, to ${email}.`}
      </p>
      <div className="mt-4">
        {subscribed && subscription ? (
          <ManageSubscriptionForm
            options={options}
            current={subscription}
            alert={last?.alert}
            intents={{ save: "newsletter-save", unsubscribe: "newsletter-unsubscribe" }}
          />
        ) : (
          <>
            <FormAlert alert={last?.alert ?? undefined} />
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="newsletter-subscribe" />
              <label className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" name="everything" value="1" defaultChecked className="size-4" />
                Everything
              </label>
              <details>
                <summary className="cursor-pointer text-sm text-brand">Or only some categories and authors</summary>
                <div className="mt-2 grid gap-1 sm:grid-cols-2">
                  {[
                    ...options.categories.map((o) => ["category", o] as const),
                    ...options.authors.map((o) => ["author", o] as const),
                  ].map(([name, option]) => (
                    <label key={`${name}-${option.slug}`} className="flex items-center gap-2 text-sm text-ink">
                      <input type="checkbox" name={name} value={option.slug} className="size-4" />
                      {option.name}
                    </label>
                  ))}
                </div>
              </details>
              <button type="submit" className={buttonClass()}>
                Subscribe
              </button>
            </Form>
          </>
        )}
      </div>
    </AccountSection>
  );
}
