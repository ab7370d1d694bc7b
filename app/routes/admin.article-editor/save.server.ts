/**
 * The saving intents: "Create Article" / "Update Article" (publish), "Save draft", "Schedule" and
 * "Submit for review" (a draft put in the queue). Parse with the shared schema, then save; a
 * refusal keeps what was typed, a save goes where the spec says with its toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { createArticle, type SaveIntent, type SaveResult, updateArticle } from "~/articles/save-article.server";
import { submitForReview } from "~/articles/review.server";
import type { EditorActionData } from "~/components/admin/article-editor";
import { failedWrite } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { ARTICLE_MESSAGES, ARTICLE_TOASTS, ArticleSchema, toArticleInput } from "~/lib/article-schema";
import { articleEditHref, dashboardHref } from "~/lib/urls";
import { describeInZone, isTimeZone, parseLocalDateTime } from "~/lib/zoned-time";
import { getSiteSettings } from "~/settings/settings.server";
import type { EditorRequest } from "./shared.server";

export async function saveIntent(formData: FormData, editor: EditorRequest) {
  const { id, user } = editor;
  const editing = id !== null;
  const intent = formData.get("intent");
  const failed = editing ? ARTICLE_TOASTS.updateFailed : ARTICLE_TOASTS.createFailed;
  const submission = parseWithZod(formData, { schema: ArticleSchema });
  if (submission.status !== "success") {
    return data<EditorActionData>(
      { result: submission.reply(), alert: FORM_TOASTS.invalidForm, preview: null },
      { status: 400 },
    );
  }
  const refuse = (
    status: number,
    alert: EditorActionData["alert"],
    result: SubmissionResult<string[]> = submission.reply(),
  ) => data<EditorActionData>({ result, alert, preview: null }, { status });

  // "Create Article" / "Update Article" publish; "Save draft" and "Schedule" are their own intents.
  // "Submit for review" saves a draft, then puts it in the queue.
  const saveAs: SaveIntent =
    intent === "draft" || intent === "submit" ? "draft" : intent === "schedule" ? "schedule" : "publish";
  const zone = submission.value.timeZone && isTimeZone(submission.value.timeZone) ? submission.value.timeZone : null;
  const timeZone = zone ?? (await getSiteSettings()).timeZone;
  let scheduledAt: Date | null = null;
  if (saveAs === "schedule") {
    const raw = submission.value.scheduledAt ?? "";
    scheduledAt = raw === "" ? null : parseLocalDateTime(raw, timeZone);
    if (scheduledAt === null) {
      const message = raw === "" ? ARTICLE_MESSAGES.scheduleRequired : ARTICLE_MESSAGES.scheduleInvalid;
      return refuse(
        400,
        { title: failed, description: message },
        submission.reply({ fieldErrors: { scheduledAt: [message] } }),
      );
    }
  }

  // "Do not email this article" (components/admin/newsletter-fields.tsx), when the form had the box.
  const skipNewsletter = formData.has("newsletterChoice") ? formData.has("skipNewsletter") : undefined;
  let outcome: SaveResult;
  try {
    const input = toArticleInput(submission.value);
    if (id === null) {
      outcome = await createArticle({ userId: user.id, input, intent: saveAs, scheduledAt, skipNewsletter });
    } else {
      const version = submission.value.version;
      if (!version) return refuse(409, { title: failed, description: ARTICLE_MESSAGES.versionInvalid, conflict: true });
      outcome = await updateArticle({
        id,
        userId: user.id,
        version,
        input,
        intent: saveAs,
        scheduledAt,
        skipNewsletter,
      });
    }
  } catch (error) {
    return refuse(500, { title: failed, description: failedWrite(editor, error, failed) });
  }

  if (outcome.status === "saved" && intent === "submit") {
    await submitForReview(outcome.id);
    return redirectWithToast(
      articleEditHref(outcome.id),
      { type: "success", title: ARTICLE_TOASTS.submitted, description: ARTICLE_TOASTS.submittedDescription },
      { status: 303 },
    );
  }

  switch (outcome.status) {
    case "saved": {
      const nowNote = outcome.publishedNow ? ARTICLE_TOASTS.publishedNow : undefined;
      switch (outcome.outcome) {
        case "published":
          return redirectWithToast(
            dashboardHref(),
            { type: "success", title: editing ? ARTICLE_TOASTS.updated : ARTICLE_TOASTS.created, description: nowNote },
            { status: 303 },
          );
        case "scheduled":
          return redirectWithToast(
            dashboardHref(),
            {
              type: "success",
              title: ARTICLE_TOASTS.scheduled,
              description: scheduledAt
                ? `It will be published on ${describeInZone(scheduledAt.toISOString(), timeZone)}.`
                : undefined,
            },
            { status: 303 },
          );
        case "draft":
          return redirectWithToast(
            articleEditHref(outcome.id),
            { type: "success", title: ARTICLE_TOASTS.draftSaved },
            { status: 303 },
          );
        case "staged":
          return redirectWithToast(
            articleEditHref(outcome.id),
            { type: "success", title: ARTICLE_TOASTS.stagedSaved, description: ARTICLE_TOASTS.stagedDescription },
            { status: 303 },
          );
      }
      break;
    }
    case "invalid": {
      const messages = Object.values(outcome.fieldErrors).flat();
      return refuse(
        400,
        { title: failed, description: messages.join(" ") },
        submission.reply({ fieldErrors: outcome.fieldErrors }),
      );
    }
    case "no-author-profile":
      return refuse(403, { title: ARTICLE_TOASTS.noAuthorProfile });
    case "conflict":
      return refuse(409, { title: failed, description: ARTICLE_TOASTS.conflict, conflict: true });
    case "not-found":
      return refuse(404, { title: failed, description: ARTICLE_TOASTS.notFound });
  }
}
