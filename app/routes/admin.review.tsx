/**
 * /admin/review: the review queue (editors and administrators). Submitted drafts, oldest first;
 * each can be opened in the editor, approved (published now or scheduled) or returned to its
 * writer with a note. The writer is mailed either way (app/articles/review.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { approveSubmission, listReviewQueue, type ReviewQueueRow, returnSubmission } from "~/articles/review.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { FormAlert, StatusButton, TextareaField, useValidatedForm } from "~/components/forms";
import { controlClass } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { ARTICLE_MESSAGES, ARTICLE_TOASTS } from "~/lib/article-schema";
import { ApproveSchema, ReturnSchema } from "~/lib/review-schema";
import { noindexMeta } from "~/lib/seo";
import { isTimeZone, parseLocalDateTime } from "~/lib/zoned-time";
import { siteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/admin.review";
import { articleEditHref } from "~/lib/urls";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "article.review");
  const queue = await readOrThrow({ request, context }, "articles", () => listReviewQueue());
  return { queue, timeZone: siteSettings().timeZone };
}

type ReviewActionData = {
  articleId: number;
  form: "approve" | "return";
  result: SubmissionResult<string[]>;
  alert: { title: string; description?: string } | null;
};

export async function action({ request }: Route.ActionArgs) {
  const editor = await requirePermission(request, "article.review");
  const formData = await readForm(request);
  const returning = formData.get("intent") === "return";
  const submission = parseWithZod(formData, { schema: returning ? ReturnSchema : ApproveSchema });
  const articleId = Number(formData.get("articleId")) || 0;
  const form = returning ? "return" : "approve";
  const refuse = (status: number, result: SubmissionResult<string[]>, alert: ReviewActionData["alert"] = null) =>
    data<ReviewActionData>({ articleId, form, result, alert }, { status });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const value = submission.value;

  if (value.intent === "return") {
    const returned = await returnSubmission({ id: value.articleId, editor, note: value.note });
    if (!returned) {
      return redirectWithToast(
        "/admin/review",
        { type: "error", title: "Not in the queue", description: "It was already approved, returned or deleted." },
        { status: 303 },
      );
    }
    return redirectWithToast("/admin/review", { type: "success", title: ARTICLE_TOASTS.returned }, { status: 303 });
  }

  let scheduledAt: Date | null = null;
  if (value.intent === "schedule") {
    const zone = value.timeZone && isTimeZone(value.timeZone) ? value.timeZone : siteSettings().timeZone;
    scheduledAt = parseLocalDateTime(value.scheduledAt ?? "", zone);
    if (!scheduledAt) {
      return refuse(400, submission.reply({ fieldErrors: { scheduledAt: [ARTICLE_MESSAGES.scheduleInvalid] } }));
    }
  }
  const result = await approveSubmission({ id: value.articleId, editor, scheduledAt });
  switch (result.status) {
    case "saved":
      return redirectWithToast(
        "/admin/review",
        {
          type: "success",
          title: ARTICLE_TOASTS.approved,
          description: result.outcome === "scheduled" ? "It is scheduled." : "It is published.",
        },
        { status: 303 },
      );
    case "invalid":
      return refuse(400, submission.reply(), {
        title: "Cannot publish it yet",
        description: `${Object.values(result.fieldErrors).flat().join(" ")} Open it in the editor to fix it.`,
      });
    case "no-author-profile":
      return refuse(403, submission.reply(), { title: ARTICLE_TOASTS.noAuthorProfile });
    default:
      return redirectWithToast(
        "/admin/review",
        { type: "error", title: "Not in the queue", description: "It was already approved, returned or deleted." },
        { status: 303 },
      );
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Review");

export default function ReviewQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, timeZone } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Review"
        lead="Drafts contributors submitted, oldest first: approve them (now or at a time) or return them with a note."
      />
      {queue.length === 0 ? (
        <p className="mt-8 rounded-xl border border-line bg-surface p-6 text-ink-muted">
          Nothing is waiting for review.
        </p>
      ) : (
        <ol className="mt-8 space-y-6">
          {queue.map((item) => (
            <ReviewItem
              key={item.id}
              item={item}
              timeZone={timeZone}
              actionData={actionData?.articleId === item.id ? actionData : undefined}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function ReviewItem({
  item,
  timeZone,
  actionData,
}: {
  item: ReviewQueueRow;
  timeZone: string;
  actionData: ReviewActionData | undefined;
}) {
  const approve = useValidatedForm({
    id: `approve-${item.id}`,
    schema: ApproveSchema,
    lastResult: actionData?.form === "approve" ? actionData.result : undefined,
  });
  const giveBack = useValidatedForm({
    id: `return-${item.id}`,
    schema: ReturnSchema,
    lastResult: actionData?.form === "return" ? actionData.result : undefined,
    validateOn: "blur",
  });
  const scheduleError = approve.fields.scheduledAt.errors?.[0];
  const headingId = `review-${item.id}`;
  return (
    <li className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {item.title}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        By {item.authorName ?? "an unknown writer"} · submitted{" "}
        <LocalDateTime iso={item.submittedAt} serverZone={timeZone} /> ·{" "}
        <Link to={articleEditHref(item.id)} className={textLinkClass}>
          Open in the editor
        </Link>
      </p>
      {actionData?.alert ? <FormAlert alert={actionData.alert} className="mt-3" /> : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <form method="post" {...approve.formProps} aria-label={`Approve ${item.title}`}>
          <input type="hidden" name="articleId" value={item.id} />
          <input type="hidden" name="timeZone" value={timeZone} />
          <label htmlFor={`schedule-${item.id}`} className="text-sm font-medium text-ink">
            Publish on <span className="font-normal text-ink-muted">(optional, time zone {timeZone})</span>
          </label>
          <input
            id={`schedule-${item.id}`}
            type="datetime-local"
            name="scheduledAt"
            step={1}
            aria-invalid={scheduleError ? true : undefined}
            aria-describedby={`schedule-${item.id}-error`}
            className={`${controlClass} mt-1 h-11`}
          />
          <p id={`schedule-${item.id}-error`} className="min-h-5 pt-1 text-sm text-danger" data-field-error>
            {scheduleError ?? ""}
          </p>
          <div className="flex flex-wrap gap-2">
            <StatusButton pending={approve.busy} pendingText="Publishing..." name="intent" value="publish">
              Approve and publish
            </StatusButton>
            <button type="submit" name="intent" value="schedule" className={buttonClass({ variant: "secondary" })}>
              Approve and schedule
            </button>
          </div>
        </form>
        <form method="post" {...giveBack.formProps} aria-label={`Return ${item.title}`}>
          <input type="hidden" name="articleId" value={item.id} />
          <TextareaField
            field={giveBack.fields.note}
            label="Note for the writer"
            rows={3}
            textareaProps={{ maxLength: 2000 }}
          />
          <button
            type="submit"
            name="intent"
            value="return"
            className={buttonClass({ variant: "destructive-outline" })}
          >
            Return with note
          </button>
        </form>
      </div>
    </li>
  );
}
