/**
 * The thread as a reader sees it: approved comments for everyone, a pending one only for its
 * author (with a "Waiting for approval" note), hidden ones for nobody, a deleted comment with
 * replies as a placeholder; one level of replies.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { commentReports, comments, threadMutes, users } from "~/db/schema";
import { toIso } from "~/lib/dates";
import type { CommentView } from "./comments-view";

/** A comment as the domain gives it: the view (./comments-view) with its HTML always present. */
export type ThreadComment = Omit<CommentView, "html" | "replies"> & {
  /** Rendered and sanitised at save; empty for a deleted placeholder. */
  html: string;
  replies: ThreadComment[];
};

export type Thread = {
  comments: ThreadComment[];
  /** Visible comments and replies (placeholders not counted). */
  count: number;
  viewer: { signedIn: boolean; blocked: boolean; muted: boolean };
};

/** The article's comments as `viewer` may see them, oldest first, replies under their comment. */
export async function loadThread(articleId: number, viewer: { id: number } | null): Promise<Thread> {
  const db = await getDb();
  const viewerId = viewer?.id ?? -1;
  const rows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      userId: comments.userId,
      authorName: users.fullName,
      status: comments.status,
      body: comments.body,
      bodyHtml: comments.bodyHtml,
      editedAt: comments.editedAt,
      deletedAt: comments.deletedAt,
      createdAt: comments.createdAt,
      reportedByMe: sql<boolean>`${commentReports.userId} is not null`,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .leftJoin(commentReports, and(eq(commentReports.commentId, comments.id), eq(commentReports.userId, viewerId)))
    .where(
      and(
        eq(comments.articleId, articleId),
        or(eq(comments.status, "approved"), and(eq(comments.status, "pending"), eq(comments.userId, viewerId))),
      ),
    )
    .orderBy(comments.id);

  const byId = new Map<number, ThreadComment>();
  const top: ThreadComment[] = [];
  let count = 0;
  for (const row of rows) {
    const deleted = row.deletedAt !== null;
    const mine = row.userId === viewerId;
    const comment: ThreadComment = {
      id: row.id,
      parentId: row.parentId,
      authorName: deleted ? "" : (row.authorName ?? "Deleted user"),
      mine: mine && !deleted,
      pending: row.status === "pending",
      deleted,
      edited: row.editedAt !== null && !deleted,
      createdAt: toIso(row.createdAt),
      html: deleted ? "" : row.bodyHtml,
      body: mine && !deleted ? row.body : null,
      reportedByMe: Boolean(row.reportedByMe),
      replies: [],
    };
    if (row.parentId === null) {
      byId.set(row.id, comment);
      top.push(comment);
    } else {
      // A reply shows only under a comment the viewer sees.
      const parent = byId.get(row.parentId);
      if (!parent) continue;
      parent.replies.push(comment);
    }
    if (!deleted) count++;
  }
  // A placeholder stays only while it has replies to show.
  const visible = top.filter((comment) => !comment.deleted || comment.replies.length > 0);

  let blocked = false;
  let muted = false;
  if (viewer) {
    const [state] = await db
      .select({
        blockedAt: users.commentsBlockedAt,
        muted: sql<boolean>`exists (select 1 from ${threadMutes} where ${threadMutes.userId} = ${viewer.id} and ${threadMutes.articleId} = ${articleId})`,
      })
      .from(users)
      .where(eq(users.id, viewer.id));
    blocked = Boolean(state?.blockedAt);
    muted = Boolean(state?.muted);
  }
  return { comments: visible, count, viewer: { signedIn: viewer !== null, blocked, muted } };
}
