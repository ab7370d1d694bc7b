/**
 * A subscription's topics and frequency, and its Unsubscribe button: on the mailed manage link's
 * page (/subscription/{token}) and on /account. Plain forms (they work without JavaScript); the
 * server checks them with ManageSchema (app/lib/newsletter-schema.ts).
 */
import { Form } from "react-router";
import { FormAlert, type FormAlertData } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import {
  FREQUENCIES,
  FREQUENCY_LABELS,
  type Frequency,
  type TopicChoice,
  type TopicOption,
} from "~/lib/newsletter-schema";

export type ManageFormProps = {
  options: { categories: TopicOption[]; authors: TopicOption[] };
  current: { topics: TopicChoice; frequency: Frequency };
  alert?: FormAlertData | null;
  /** Hidden `intent` values, when the page's action has several (the account page). */
  intents?: { save: string; unsubscribe: string };
  /** Where the Unsubscribe button posts (the token page's own unsubscribe page). */
  unsubscribeAction?: string;
};

export function ManageSubscriptionForm({ options, current, alert, intents, unsubscribeAction }: ManageFormProps) {
  const { topics, frequency } = current;
  return (
    <div className="space-y-6">
      <FormAlert alert={alert ?? undefined} />
      <Form method="post" className="space-y-5" data-testid="manage-subscription">
        {intents ? <input type="hidden" name="intent" value={intents.save} /> : null}
        <fieldset>
          <legend className="text-sm font-semibold text-ink">How often</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
            {FREQUENCIES.map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="frequency"
                  value={value}
                  defaultChecked={frequency === value}
                  className="size-4"
                />
                {FREQUENCY_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Topics</legend>
          <label className="mt-2 flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" name="everything" value="1" defaultChecked={topics.everything} className="size-4" />
            Everything
          </label>
          <TopicGroup title="Categories" name="category" options={options.categories} chosen={topics.categories} />
          <TopicGroup title="Authors" name="author" options={options.authors} chosen={topics.authors} />
        </fieldset>
        <button type="submit" className={buttonClass()}>
          Save subscription
        </button>
      </Form>
      <Form method="post" action={unsubscribeAction} className="border-t border-line pt-5">
        {intents ? <input type="hidden" name="intent" value={intents.unsubscribe} /> : null}
        <button type="submit" className={buttonClass({ variant: "destructive-outline" })}>
          Unsubscribe
        </button>
      </Form>
    </div>
  );
}

function TopicGroup({
  title,
  name,
  options,
  chosen,
}: {
  title: string;
  name: string;
  options: TopicOption[];
  chosen: string[];
}) {
  if (options.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</p>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.slug} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={option.slug}
              defaultChecked={chosen.includes(option.slug)}
              className="size-4"
            />
            {option.name}
          </label>
        ))}
      </div>
    </div>
  );
}
