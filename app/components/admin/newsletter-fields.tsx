/**
 * The article editor's newsletter box (issue 24.2), inside the article form: "Do not email this
 * article" (for corrections and small posts) until the article has been mailed, "Send me a test"
 * (the newsletter as subscribers would get it, to the editor's own address), and once it went
 * out, its mails by outcome: queued, sent, failed and bounced. Kept apart from the article's
 * fields (article-editor.tsx); the route passes it in the editorial slot.
 */
import { buttonClass } from "~/components/ui/button";
import type { ArticleMailCounts } from "~/newsletters/subscribers-view";

/** The checkbox's names: `newsletterChoice` says the form had the box, so unticked means "send". */
export const NEWSLETTER_FIELDS = { choice: "newsletterChoice", skip: "skipNewsletter" } as const;

export function NewsletterFields({ counts, typedSkip }: { counts: ArticleMailCounts | null; typedSkip?: boolean }) {
  const state = counts?.state ?? "none";
  const mailed = state === "queued" || state === "done";
  return (
    <section aria-labelledby="newsletter-box" className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id="newsletter-box" className="text-sm font-semibold text-ink">
        Newsletter
      </h2>
      {mailed && counts ? (
        <>
          <dl className="mt-3 grid grid-cols-4 gap-2 text-center" data-testid="newsletter-counts">
            {(["queued", "sent", "failed", "bounced"] as const).map((key) => (
              <div key={key}>
                <dt className="text-xs text-ink-muted capitalize">{key}</dt>
                <dd className="text-lg font-bold text-ink tabular-nums">{counts[key]}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-ink-muted">
            Mailed to subscribers. Editing or republishing never sends it again.
          </p>
        </>
      ) : state === "skipped" ? (
        <p className="mt-2 text-sm text-ink-muted">Not emailed to subscribers (“Do not email this article”).</p>
      ) : (
        <>
          <input type="hidden" name={NEWSLETTER_FIELDS.choice} value="1" />
          <label className="mt-3 flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name={NEWSLETTER_FIELDS.skip}
              value="1"
              defaultChecked={typedSkip ?? counts?.skip ?? false}
              className="mt-0.5 size-4"
            />
            <span>
              Do not email this article
              <span className="block text-xs text-ink-muted">
                For corrections and small posts: subscribers are not mailed when it is published.
              </span>
            </span>
          </label>
        </>
      )}
      <button
        type="submit"
        name="intent"
        value="newsletter-test"
        formNoValidate
        className={buttonClass({ variant: "secondary", size: "sm", className: "mt-3" })}
      >
        Send me a test
      </button>
    </section>
  );
}
