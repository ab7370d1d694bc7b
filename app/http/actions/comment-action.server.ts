/**
 * The article page's action (/post/{slug}?comments=all): every comment form posts here, with and
 * without JavaScript. Guard (signed in; the article published, else 404), read the form, then the
 * intent: post, reply or edit (validated with the shared schema; refusals are the body field's
 * error, 400, or 429 with Retry-After), delete, report, mute and unmute (a redirect with a toast).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { CommentSchema } from "~/lib/comment-schema";
import { commentsHref } from "~/lib/urls";
import { notFound } from "~/lib/route-errors";
import {
  type CreateResult,
  createComment,
  deleteComment,
  type EditResult,
  editComment,
  findCommentableArticle,
  reportComment,
  setThreadMuted,
} from "~/comments/comments.server";

const FORM_ID = /^(?:comment-new|reply-\d{1,10}|edit-\d{1,10})$/;

export async function commentAction(request: Request, slug: string) {
  const user = await requireUser(request);
  const article = await findCommentableArticle(slug);
  if (!article) throw notFound("article");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = (anchor = "comments") => commentsHref(article.slug, anchor);
  const commentId = Number(form.get("commentId"));

  switch (intent) {
    case "create":
    case "edit": {
      const rawFormId = String(form.get("formId") ?? "");
      const formId = FORM_ID.test(rawFormId) ? rawFormId : "comment-new";
      const submission = parseWithZod(form, { schema: CommentSchema });
      if (submission.status !== "success") {
        return data({ formId, result: submission.reply(), alert: FORM_TOASTS.invalidForm }, { status: 400 });
      }
      const { body, parentId, commentId: editId } = submission.value;
      const outcome: CreateResult | EditResult =
        intent === "edit"
          ? await editComment({ user, commentId: editId ?? 0, body })
          : await createComment({ user, articleId: article.id, body, parentId });
      switch (outcome.status) {
        case "created":
          return redirectWithToast(
            back(`comment-${outcome.id}`),
            outcome.pending
              ? {
                  type: "info",
                  title: "Waiting for approval",
                  description: "Your comment will appear once a moderator approves it.",
                }
              : { type: "success", title: "Comment posted" },
            { status: 303 },
          );
        case "edited":
          return redirectWithToast(
            back(`comment-${editId}`),
            { type: "success", title: "Comment updated" },
            { status: 303 },
          );
        case "not-found":
          throw notFound("page");
        case "rate-limited":
          return data(
            {
              formId,
              result: submission.reply({ fieldErrors: { body: [outcome.message] } }),
              alert: { title: "Comment not posted", description: outcome.message },
            },
            { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
          );
        default:
          return data(
            {
              formId,
              result: submission.reply({ fieldErrors: { body: [outcome.message] } }),
              alert: {
                title: intent === "edit" ? "Comment not updated" : "Comment not posted",
                description: outcome.message,
              },
            },
            { status: outcome.status === "blocked" ? 403 : 400 },
          );
      }
    }
    case "delete": {
      const outcome = await deleteComment({ user, commentId });
      if (outcome.status === "not-found") throw notFound("page");
      return redirectWithToast(back(), { type: "success", title: "Comment deleted" }, { status: 303 });
    }
    case "report": {
      const outcome = await reportComment({ user, commentId });
      if (outcome.status === "not-found") throw notFound("page");
      return redirectWithToast(
        back(`comment-${commentId}`),
        outcome.status === "reported"
          ? { type: "success", title: "Comment reported", description: "Thank you. A moderator will look at it." }
          : { type: "info", title: "Already reported", description: "You have already reported this comment." },
        { status: 303 },
      );
    }
    case "mute":
    case "unmute": {
      await setThreadMuted(user.id, article.id, intent === "mute");
      return redirectWithToast(
        back(),
        intent === "mute"
          ? { type: "success", title: "Discussion muted", description: "You will get no reply mails from it." }
          : { type: "success", title: "Discussion unmuted" },
        { status: 303 },
      );
    }
    default:
      throw data("Bad Request", { status: 400 });
  }
}
