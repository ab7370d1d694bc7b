/**
 * The subscribe form (issue 24.1): in the footer, at the end of each article, on category and
 * author pages, and on /subscribe. A real form posting to /subscribe: without JavaScript the
 * server answers with a redirect back here and a toast (or the /subscribe page with the field
 * errors); with JavaScript a fetcher posts it and the answer shows in place. No form kit and no
 * Zod here (it is on every reading page): the browser checks the address's shape, the server
 * checks everything with the one schema (app/lib/newsletter-schema.ts).
 * A signed-in reader has no address to type: their verified account address subscribes at once.
 */
import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { useRootData } from "~/components/root-data";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { TopicOption } from "~/lib/newsletter-schema";
import { subscribeHref } from "~/lib/urls";

/** What /subscribe answers a posted form (in place with JavaScript, on its page without). */
export type SubscribeActionData = {
  ok: boolean;
  alert: { title: string; description?: string };
  errors?: { email?: string[]; topics?: string[] };
  values?: { email?: string; everything?: boolean; category?: string[]; author?: string[] };
};

export type SubscribeFormProps = {
  heading: string;
  lead?: string;
  /** Topics offered besides "Everything", checked by default unless `everythingByDefault`. */
  categories?: TopicOption[];
  authors?: TopicOption[];
  everythingByDefault?: boolean;
  /** Compact (footer) or a panel (article end, category and author pages). */
  variant?: "footer" | "panel";
  /** The answer of a submit without JavaScript (the /subscribe page). */
  answer?: SubscribeActionData;
};

export function SubscribeForm({
  heading,
  lead,
  categories = [],
  authors = [],
  everythingByDefault = false,
  variant = "panel",
  answer: pageAnswer,
}: SubscribeFormProps) {
  const fetcher = useFetcher<SubscribeActionData>();
  const hydrated = useHydrated();
  const location = useLocation();
  const signedIn = Boolean(useRootData()?.user);
  const id = useId();
  const answer = fetcher.data ?? pageAnswer;
  const typed = pageAnswer?.values;
  const busy = fetcher.state !== "idle";
  const emailError = answer?.errors?.email?.[0];
  const topicsError = answer?.errors?.topics?.[0];
  const checked = (kind: "category" | "author", slug: string) =>
    typed ? Boolean(typed[kind]?.includes(slug)) : !everythingByDefault;
  const panel = variant === "panel";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={panel ? "rounded-2xl border border-line bg-surface p-6 sm:p-8" : ""}
      data-testid="subscribe-form"
    >
      <h2 id={`${id}-title`} className={panel ? "text-xl font-bold text-ink" : "text-sm font-semibold text-ink"}>
        {heading}
      </h2>
      {lead ? <p className="mt-2 text-sm text-ink-muted">{lead}</p> : null}
      <fetcher.Form method="post" action={subscribeHref()} className="mt-4 space-y-3">
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        {hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
        {signedIn ? (
          <p className="text-sm text-ink-muted">With your account's address; manage it from your account page.</p>
        ) : (
          <div>
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-ink">
              Email
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              defaultValue={typed?.email ?? ""}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              className="mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink"
            />
            {emailError ? (
              <p id={`${id}-email-error`} className="mt-1 text-sm text-danger">
                {emailError}
              </p>
            ) : null}
          </div>
        )}
        <fieldset aria-describedby={topicsError ? `${id}-topics-error` : undefined}>
          <legend className="text-sm font-medium text-ink">Topics</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            <Check
              name="everything"
              value="1"
              label="Everything"
              defaultChecked={typed ? Boolean(typed.everything) : everythingByDefault}
            />
            {(
              [
                ["category", categories],
                ["author", authors],
              ] as const
            ).flatMap(([name, topics]) =>
              topics.map((topic) => (
                <Check
                  key={`${name[0]}-${topic.slug}`}
                  name={name}
                  value={topic.slug}
                  label={topic.name}
                  defaultChecked={checked(name, topic.slug)}
                />
              )),
            )}
          </div>
          {topicsError ? (
            <p id={`${id}-topics-error`} className="mt-1 text-sm text-danger">
              {topicsError}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClass({ size: panel ? "md" : "sm" })}>
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-ink">
          {answer ? (
            <>
              <strong>{answer.alert.title}.</strong> {answer.alert.description}
            </>
          ) : null}
        </p>
        {panel && !signedIn ? (
          <p className="text-xs text-ink-muted">
            We mail a link to confirm the address first. Every newsletter has a link to change topics or unsubscribe.
          </p>
        ) : null}
      </fetcher.Form>
    </section>
  );
}

function Check({
  name,
  value,
  label,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} className="size-4" />
      {label}
    </label>
  );
}
