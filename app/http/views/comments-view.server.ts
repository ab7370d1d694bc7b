/**
 * The comments as the page draws them (CommentsSection), built in one place for the article page
 * (`?comments=all`) and the in-place loader (/post/{slug}/comments). Each comment's stored HTML
 * goes in the page once (html-once, decision 10): on a document request it is rendered, not
 * repeated in the hydration data.
 */
import type { RouterContextProvider } from "react-router";
import type { CommentView, CommentsViewData } from "~/comments/comments-view";
import { htmlOnce } from "~/http/html-once.server";
import type { SessionUser } from "~/auth/guards.server";
import { findCommentableArticle } from "~/comments/comments.server";
import { loadThread, type ThreadComment } from "~/comments/thread.server";

function toView(context: Readonly<RouterContextProvider>, comment: ThreadComment): CommentView {
  return {
    ...comment,
    html: comment.deleted ? "" : htmlOnce(context, `comment-${comment.id}`, comment.html),
    replies: comment.replies.map((reply) => toView(context, reply)),
  };
}

export async function commentsViewData(
  context: Readonly<RouterContextProvider>,
  article: { id: number; slug: string },
  user: SessionUser | null,
): Promise<CommentsViewData> {
  const thread = await loadThread(article.id, user);
  return {
    slug: article.slug,
    count: thread.count,
    viewer: thread.viewer,
    comments: thread.comments.map((comment) => toView(context, comment)),
  };
}

/** For the in-place loader: the published article's comments, or null (404). */
export async function commentsViewForSlug(
  context: Readonly<RouterContextProvider>,
  slug: string,
  user: SessionUser | null,
): Promise<CommentsViewData | null> {
  const article = await findCommentableArticle(slug);
  return article ? commentsViewData(context, article, user) : null;
}
