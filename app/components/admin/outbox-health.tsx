/**
 * The mail outbox's health (app/mail/outbox.server.ts `outboxHealth`): mails waiting, how long the
 * oldest has waited, mails failed for good in the last day. On the Subscribers page and, with the
 * time it was read, on the dashboard (kept per session until content changes, decision 14).
 */
import { Link } from "react-router";
import { LocalDateTime } from "~/components/admin/local-date";
import { textLinkClass } from "~/components/ui/button";
import { adminSubscribersHref } from "~/lib/urls";

export type OutboxHealthView = { pending: number; oldestPendingSeconds: number | null; failedLastDay: number };

/** "3 min", "2 h", "4 days": how long the oldest mail has waited. */
export function describeAge(seconds: number | null) {
  if (seconds === null) return "none waiting";
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

export function OutboxHealthFigures({ outbox }: { outbox: OutboxHealthView }) {
  return (
    <dl className="grid grid-cols-3 gap-4" data-testid="outbox-health">
      <Figure label="Mails waiting" value={String(outbox.pending)} />
      <Figure label="Oldest waiting" value={describeAge(outbox.oldestPendingSeconds)} />
      <Figure label="Failed (last day)" value={String(outbox.failedLastDay)} />
    </dl>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink">{value}</dd>
    </div>
  );
}

export function OutboxHealthPanel({ mail }: { mail: OutboxHealthView & { at: string } }) {
  return (
    <section
      aria-labelledby="outbox-health-title"
      className="mt-6 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outbox-health-title" className="text-lg font-semibold text-ink">
          Mail outbox
        </h2>
        <p className="text-xs text-ink-muted">
          As of <LocalDateTime iso={mail.at} /> ·{" "}
          <Link to={adminSubscribersHref()} className={textLinkClass}>
            Subscribers
          </Link>
        </p>
      </div>
      <div className="mt-3">
        <OutboxHealthFigures outbox={mail} />
      </div>
    </section>
  );
}
