/**
 * The article's discussion under "Join the Discussion".
 *
 * Until the comments are shown, Load Comments: with JavaScript a button that loads them in place
 * (GET /post/{slug}/comments through a fetcher, no page load); without it a link to the article
 * with its comments (/post/{slug}?comments=all#comments), which the server renders, so search
 * engines see them too. Every comment form posts to that same URL (app/comments/comment-action).
 *
 * Each comment's stored HTML is in the page once (html-once): `data-html-once="comment-{id}"`.
 */
import { lazy, Suspense, useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { formatLongDate } from "~/articles/format";
import { useHtmlOnce } from "~/components/html-once";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { commentsFragmentHref, commentsHref, commentsPageHref, loginHref } from "~/lib/urls";
import type { CommentView, CommentsViewData } from "~/comments/comments-view";
import type { CommentActionData } from "./comment-action-data";
import type { CommentFormProps } from "./comment-form";

/*
 * The comment form brings the form kit and the comment schema (Zod, ~40 KB gzipped): readers who
 * never open the comments should not download it. The browser loads it when the comments are
 * shown (or Load Comments is pressed); the server loads it at start, so its render never waits
 * and the form is in the HTML for readers without JavaScript.
 */
type CommentFormModule = { default: (props: CommentFormProps) => React.ReactNode };
let commentFormModule: CommentFormModule | undefined;
function loadCommentForm(): Promise<CommentFormModule> {
  const loaded = commentFormModule;
  if (loaded) {
    // A thenable that calls back at once: React.lazy then renders the form without suspending
    // (a resolved Promise would still call back a microtask later).
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy
    const now = { then: (resolve: (module: CommentFormModule) => void) => resolve(loaded) };
    return now as unknown as Promise<CommentFormModule>;
  }
  return import("./comment-form").then((module) => {
    commentFormModule = { default: module.CommentForm };
    return commentFormModule;
  });
}
if (import.meta.env.SSR) void loadCommentForm();
const LazyCommentForm = lazy(loadCommentForm);

function CommentForm(props: CommentFormProps) {
  return (
    <Suspense fallback={null}>
      <LazyCommentForm {...props} />
    </Suspense>
  );
}

type Props = {
  slug: string;
  /** The comments, when the page was asked with them (?comments=all); else Load Comments. */
  view: CommentsViewData | null;
  actionData: CommentActionData | null | undefined;
};

const loadClass =
  "inline-flex h-11 items-center justify-center rounded-md bg-brand px-5 text-sm font-semibold text-brand-ink hover:bg-brand-hover";

export function CommentsSection({ slug, view, actionData }: Props) {
  const fetcher = useFetcher<CommentsViewData>();
  const loaded = view ?? fetcher.data ?? null;
  const listRef = useRef<HTMLDivElement>(null);

  // Loaded in place: move focus to the comments, so keyboard and screen-reader users land there.
  useEffect(() => {
    if (!view && fetcher.data) listRef.current?.focus({ preventScroll: true });
  }, [view, fetcher.data]);

  if (!loaded) {
    return (
      <div className="mt-5">
        <a href={commentsHref(slug)} className={`no-js-only ${loadClass}`}>
          Load Comments
        </a>
        <button
          type="button"
          className={`js-only ${loadClass}`}
          aria-busy={fetcher.state !== "idle"}
          onClick={() => {
            fetcher.load(commentsFragmentHref(slug));
            void loadCommentForm();
          }}
        >
          {fetcher.state !== "idle" ? "Loading..." : "Load Comments"}
        </button>
      </div>
    );
  }

  return (
    <div id="comments" ref={listRef} tabIndex={-1} className="mt-6 text-left" data-testid="comments">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-3">
        <h3 className="text-lg font-bold text-ink">{loaded.count === 1 ? "1 comment" : `${loaded.count} comments`}</h3>
        {loaded.viewer.signedIn ? <MuteForm slug={slug} muted={loaded.viewer.muted} /> : null}
      </div>

      {loaded.viewer.signedIn ? (
        loaded.viewer.blocked ? (
          <p className="mt-4 text-sm text-ink-muted">You can no longer comment on this site.</p>
        ) : (
          <CommentForm
            slug={slug}
            formId="comment-new"
            actionData={actionData}
            label="Your comment"
            submit="Post Comment"
          />
        )
      ) : (
        <p className="mt-4 text-sm text-ink-muted">
          <Link to={loginHref(commentsPageHref(slug))} className={textLinkClass}>
            Sign in to comment
          </Link>{" "}
          and join the discussion.
        </p>
      )}

      {loaded.comments.length === 0 ? (
        <p className="mt-6 text-sm text-ink-muted">No comments yet. Be the first to share your perspective.</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {loaded.comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem slug={slug} comment={comment} viewer={loaded.viewer} actionData={actionData} />
              {comment.replies.length > 0 ? (
                <ol className="mt-4 ml-4 space-y-4 border-l-2 border-line pl-4 sm:ml-8">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem slug={slug} comment={reply} viewer={loaded.viewer} actionData={actionData} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function CommentItem({
  slug,
  comment,
  viewer,
  actionData,
}: {
  slug: string;
  comment: CommentView;
  viewer: CommentsViewData["viewer"];
  actionData: CommentActionData | null | undefined;
}) {
  if (comment.deleted) {
    return (
      <article id={`comment-${comment.id}`} data-testid="comment" className="text-sm text-ink-muted italic">
        This comment was deleted.
      </article>
    );
  }
  const canWrite = viewer.signedIn && !viewer.blocked;
  const editId = `edit-${comment.id}`;
  const replyId = `reply-${comment.id}`;
  return (
    <article id={`comment-${comment.id}`} data-testid="comment" aria-label={`Comment by ${comment.authorName}`}>
      <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-ink">{comment.authorName}</span>
        <time dateTime={comment.createdAt} className="text-ink-muted">
          {formatLongDate(comment.createdAt)}
        </time>
        {comment.edited ? <span className="text-ink-muted">(edited)</span> : null}
      </header>
      {comment.pending ? (
        <p className="mt-1 inline-block rounded bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-ink-muted">
          Waiting for approval
        </p>
      ) : null}
      <CommentBody comment={comment} />
      <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-2 text-sm">
        {canWrite && comment.parentId === null && !comment.pending ? (
          <details className="w-full" open={actionData?.formId === replyId || undefined}>
            <summary className={`cursor-pointer ${textLinkClass}`}>Reply</summary>
            <CommentForm
              slug={slug}
              formId={replyId}
              parentId={comment.id}
              actionData={actionData}
              label={`Reply to ${comment.authorName}`}
              submit="Post Reply"
            />
          </details>
        ) : null}
        {comment.mine ? (
          <>
            <details className="w-full" open={actionData?.formId === editId || undefined}>
              <summary className={`cursor-pointer ${textLinkClass}`}>Edit</summary>
              <CommentForm
                slug={slug}
                formId={editId}
                commentId={comment.id}
                defaultBody={comment.body ?? ""}
                actionData={actionData}
                label="Edit your comment"
                submit="Save Changes"
              />
            </details>
            <SmallForm slug={slug} intent="delete" commentId={comment.id} label="Delete" />
          </>
        ) : viewer.signedIn ? (
          comment.reportedByMe ? (
            <span className="text-ink-muted">Reported</span>
          ) : (
            <SmallForm slug={slug} intent="report" commentId={comment.id} label="Report" />
          )
        ) : null}
      </div>
    </article>
  );
}

function CommentBody({ comment }: { comment: CommentView }) {
  const key = `comment-${comment.id}`;
  const html = useHtmlOnce(key, comment.html);
  return (
    <div
      className="prose-article prose-comment mt-2 text-base"
      data-html-once={key}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save (comment profile)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function SmallForm({
  slug,
  intent,
  commentId,
  label,
}: {
  slug: string;
  intent: "delete" | "report";
  commentId: number;
  label: string;
}) {
  return (
    <Form method="post" action={commentsPageHref(slug)} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="commentId" value={commentId} />
      <button
        type="submit"
        className={intent === "delete" ? "font-semibold text-danger hover:underline" : textLinkClass}
      >
        {label}
      </button>
    </Form>
  );
}

function MuteForm({ slug, muted }: { slug: string; muted: boolean }) {
  return (
    <Form method="post" action={commentsPageHref(slug)} preventScrollReset>
      <input type="hidden" name="intent" value={muted ? "unmute" : "mute"} />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        {muted ? "Unmute discussion" : "Mute discussion"}
      </button>
    </Form>
  );
}
