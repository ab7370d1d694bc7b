/**
 * The editor's editorial controls, kept apart from the article fields (article-editor.tsx):
 * - the status box (Draft / Scheduled for … / Published, a failed publish's reason), the
 *   Schedule date-time field with its button, and Unpublish for a published article; all are
 *   part of the article form (intent buttons), so they work without JavaScript;
 * - the banner shown when the editor holds changes readers do not see, with "Discard pending
 *   changes" (a button of the article form, placed outside it with `form=`).
 *
 * Times: without JavaScript the field is read and shown in TIME_ZONE (named beside it); with
 * JavaScript the browser's own zone replaces it (a hidden `timeZone` field tells the server).
 */
import { useEffect, useState } from "react";
import { LocalDateTime } from "~/components/admin/local-date";
import { controlClass } from "~/components/forms";
import { buttonClass, IntentButton } from "~/components/ui/button";
import { formatLocalDateTime } from "~/lib/zoned-time";

export const ARTICLE_FORM_ID = "article-form";

type Status = "draft" | "scheduled" | "published";

const STATUS_TEXT: Record<Status, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

export function EditorialPanel({
  canSchedule,
  canUnpublish,
  status,
  scheduledAt,
  publishError,
  hasPending,
  timeZone,
  scheduleErrors,
  typedSchedule,
}: {
  /** What this role may do here (app/articles/article-access.server.ts). */
  canSchedule: boolean;
  canUnpublish: boolean;
  /** Null for a new article. */
  status: Status | null;
  scheduledAt: string | null;
  publishError: string | null;
  hasPending: boolean;
  /** TIME_ZONE: how the field reads without JavaScript. */
  timeZone: string;
  scheduleErrors: string[] | undefined;
  /** What was typed in the field, when the server refused the form. */
  typedSchedule: string;
}) {
  const [zone, setZone] = useState(timeZone);
  const initial = typedSchedule || (scheduledAt ? formatLocalDateTime(scheduledAt, timeZone) : "");
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone || browserZone === timeZone) return;
    setZone(browserZone);
    // The stored time, shown again in the browser's zone (typed text is left as typed).
    if (!typedSchedule && scheduledAt) setValue(formatLocalDateTime(scheduledAt, browserZone));
  }, [timeZone, scheduledAt, typedSchedule]);
  const error = scheduleErrors?.[0];
  return (
    <div className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6" data-testid="editorial-panel">
      <p className="text-sm text-ink">
        Status:{" "}
        <strong data-testid="article-status">
          {status ? STATUS_TEXT[status] : "New"}
          {hasPending ? " (with unpublished changes)" : ""}
        </strong>
      </p>
      {status === "scheduled" && scheduledAt ? (
        <p className="mt-1 text-sm text-ink-muted">
          Publishes on <LocalDateTime iso={scheduledAt} serverZone={timeZone} />
        </p>
      ) : null}
      {publishError ? (
        <p className="mt-2 text-sm text-danger" role="alert">
          Publishing failed: {publishError}
        </p>
      ) : null}
      {status !== "published" && canSchedule ? (
        <div className="mt-4">
          <label htmlFor="scheduled-at" className="text-sm font-medium text-ink">
            Publish on <span className="font-normal text-ink-muted">(time zone: {zone})</span>
          </label>
          <input type="hidden" name="timeZone" value={zone} />
          <input
            id="scheduled-at"
            type="datetime-local"
            name="scheduledAt"
            step={1}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="scheduled-at-error"
            className={`${controlClass} mt-1 h-11`}
          />
          <p id="scheduled-at-error" className="min-h-5 pt-1 text-sm text-danger" data-field-error>
            {error ?? ""}
          </p>
          <IntentButton intent="schedule" variant="secondary" className="w-full">
            Schedule
          </IntentButton>
        </div>
      ) : null}
      {status === "published" && canUnpublish ? (
        <IntentButton intent="unpublish" formNoValidate variant="destructive-outline" className="mt-4 w-full">
          Unpublish
        </IntentButton>
      ) : null}
    </div>
  );
}

/** Shown when the editor holds changes that are not what readers (or the saved draft) have. */
export function PendingBanner({
  article,
}: {
  article: { status: Status; pending: { reason: string; createdAt: string } | null };
}) {
  if (!article.pending) return null;
  const live = article.status === "published";
  return (
    <div
      role="status"
      data-testid="pending-banner"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface-sunken p-4 text-sm text-ink"
    >
      <p>
        {live
          ? "The live version differs from what you are editing: readers still see the published version until you press Update Article."
          : "You are editing changes that are not in the saved draft yet."}{" "}
        <span className="text-ink-muted">
          (Last {article.pending.reason} <LocalDateTime iso={article.pending.createdAt} />
          .)
        </span>
      </p>
      <button
        type="submit"
        form={ARTICLE_FORM_ID}
        name="intent"
        value="discard"
        formNoValidate
        className={buttonClass({ variant: "secondary", size: "sm" })}
      >
        Discard pending changes
      </button>
    </div>
  );
}

/** The review state of a draft: waiting in the queue, or returned with the editor's note. */
export function ReviewBanner({ submittedAt, note }: { submittedAt: string | null; note: string | null }) {
  if (!submittedAt && !note) return null;
  return (
    <div
      className="mt-6 rounded-xl border border-line bg-brand-soft p-4 text-sm text-ink"
      role="status"
      data-testid="review-banner"
    >
      {submittedAt ? (
        <p>
          <strong>Waiting for review</strong> since <LocalDateTime iso={submittedAt} serverZone="UTC" />. Editors will
          approve it or return it with a note.
        </p>
      ) : (
        <>
          <p>
            <strong>Returned with a note from the editor:</strong>
          </p>
          <p className="mt-1 whitespace-pre-wrap">{note}</p>
        </>
      )}
    </div>
  );
}
