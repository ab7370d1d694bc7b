/**
 * Readers' comments on published articles: the reader's own writes (post, reply, edit, delete,
 * report, mute). The thread as a reader sees it is thread.server.ts, moderation
 * moderation.server.ts, mails notifications.server.ts.
 *
 * - One level of replies: a reply to a reply is filed under the top-level comment.
 * - Who sees what: approved comments for everyone; a pending one only for its author (with a
 *   "Waiting for approval" note); hidden ones for nobody here (moderators see them in the admin).
 * - A deleted comment that has replies stays as a "deleted" placeholder (its text is erased);
 *   one without replies is removed.
 * - Every write that changes what readers see announces the article's `comments:{slug}` tag, so
 *   only the article's pages leave the page cache.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { can } from "~/auth/permissions";
import { hit, limitFor, type Policy } from "~/auth/rate-limit.server";
import { getDb, type Runner } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, authors, type CommentStatus, commentReports, comments, threadMutes, users } from "~/db/schema";
import { type CacheTag, tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { COMMENT_MESSAGES, CommentSchema } from "~/lib/comment-schema";
import { renderCommentMarkdown } from "~/markdown/markdown.server";
import { getSiteSettings } from "~/settings/settings.server";
import type { Role } from "~/db/schema";
import { mailQueued } from "~/mail/outbox.server";
import { notifyAboutComment, prepareCommentNotifications } from "./notifications.server";

/** Per commenter, across articles: enough for a conversation, too few for a flood. */
export const COMMENT_RATE_LIMIT: Policy = { max: 5, windowSeconds: 60 };

export type Commenter = { id: number; role: Role };

/**
 * The tags of the pages that show `userId`'s comments under their name (every article they
 * commented on): a rename or an account deletion changes those pages at once.
 */
export async function commenterPageTags(userId: number, runner?: Runner): Promise<CacheTag[]> {
  const db = runner ?? (await getDb());
  const rows = await db
    .select({ slug: articles.slug })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .where(eq(comments.userId, userId))
    .groupBy(articles.slug);
  return rows.map((row) => tags.comments(row.slug));
}

export type CommentableArticle = { id: number; slug: string; title: string };

/** A published article by slug (drafts, scheduled and unknown slugs: null). */
export async function findCommentableArticle(slug: string): Promise<CommentableArticle | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: articles.id, slug: articles.slug, title: articles.title })
    .from(articles)
    .where(and(eq(articles.slug, slug), isPublished))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writing

export type WriteRefusal =
  | { status: "not-found" }
  | { status: "blocked"; message: string }
  | { status: "invalid"; message: string }
  | { status: "duplicate"; message: string }
  | { status: "parent-gone"; message: string }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string };

export type CreateResult = { status: "created"; id: number; pending: boolean } | WriteRefusal;

function checkBody(body: string): { ok: true; body: string } | { ok: false; message: string } {
  const parsed = CommentSchema.shape.body.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? COMMENT_MESSAGES.bodyRequired };
  return { ok: true, body: parsed.data };
}

async function isBlocked(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ blockedAt: users.commentsBlockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !row || row.blockedAt !== null;
}

/** The status a new comment starts with, by the site's moderation setting. */
async function initialStatus(user: Commenter): Promise<CommentStatus> {
  if (can(user.role, "comments.moderate")) return "approved";
  const { commentModeration } = await getSiteSettings();
  if (commentModeration === "none") return "approved";
  if (commentModeration === "all") return "pending";
  const db = await getDb();
  const [approved] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.userId, user.id), eq(comments.status, "approved")))
    .limit(1);
  return approved ? "approved" : "pending";
}

/** Posts a comment (or, with `parentId`, a reply) on a published article. */
export async function createComment(input: {
  user: Commenter;
  articleId: number;
  body: string;
  parentId?: number | null;
}): Promise<CreateResult> {
  const db = await getDb();
  const [article] = await db
    .select({ id: articles.id, slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.id, input.articleId), isPublished))
    .limit(1);
  if (!article) return { status: "not-found" };
  const checked = checkBody(input.body);
  if (!checked.ok) return { status: "invalid", message: checked.message };
  if (await isBlocked(input.user.id)) return { status: "blocked", message: COMMENT_MESSAGES.blocked };

  let parentId: number | null = null;
  if (input.parentId) {
    const [parent] = await db
      .select({ id: comments.id, parentId: comments.parentId, status: comments.status, userId: comments.userId })
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.articleId, article.id), isNull(comments.deletedAt)))
      .limit(1);
    const visible = parent && (parent.status === "approved" || parent.userId === input.user.id);
    if (!parent || !visible || parent.status === "hidden") {
      return { status: "parent-gone", message: COMMENT_MESSAGES.parentGone };
    }
    // One level: a reply to a reply joins the top-level comment's replies.
    parentId = parent.parentId ?? parent.id;
  }

  const limited = await hit([limitFor(COMMENT_RATE_LIMIT, "comment", String(input.user.id))]);
  if (!limited.ok) {
    return {
      status: "rate-limited",
      retryAfterSeconds: limited.retryAfterSeconds,
      message: COMMENT_MESSAGES.rateLimited(limited.retryAfterSeconds),
    };
  }

  // The same text twice in a row (a double submit, a pasted flood) is refused.
  const [last] = await db
    .select({ body: comments.body })
    .from(comments)
    .where(and(eq(comments.userId, input.user.id), isNull(comments.deletedAt)))
    .orderBy(desc(comments.id))
    .limit(1);
  if (last && last.body === checked.body) return { status: "duplicate", message: COMMENT_MESSAGES.duplicate };

  const status = await initialStatus(input.user);
  const bodyHtml = await renderCommentMarkdown(checked.body);
  if (status === "approved") await prepareCommentNotifications();
  // The comment and its notification mails commit together (app/mail/outbox.server.ts).
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ articleId: article.id, userId: input.user.id, parentId, body: checked.body, bodyHtml, status })
      .returning({ id: comments.id });
    if (status === "approved") await notifyAboutComment(tx, row!.id);
    return row!.id;
  });
  if (status === "approved") {
    await mailQueued();
    await contentChanged("comment posted", [tags.comments(article.slug)]);
  }
  return { status: "created", id, pending: status === "pending" };
}

type OwnComment = { id: number; articleId: number; slug: string; status: CommentStatus; parentId: number | null };

async function ownComment(user: Commenter, commentId: number): Promise<OwnComment | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: comments.id,
      articleId: comments.articleId,
      slug: articles.slug,
      status: comments.status,
      parentId: comments.parentId,
    })
    .from(comments)
    .innerJoin(articles, and(eq(articles.id, comments.articleId), isPublished))
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.userId, user.id),
        isNull(comments.deletedAt),
        ne(comments.status, "hidden"),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type EditResult = { status: "edited" } | WriteRefusal;

/** The author edits their own comment: re-rendered, marked "edited". */
export async function editComment(input: { user: Commenter; commentId: number; body: string }): Promise<EditResult> {
  const own = await ownComment(input.user, input.commentId);
  if (!own) return { status: "not-found" };
  const checked = checkBody(input.body);
  if (!checked.ok) return { status: "invalid", message: checked.message };
  if (await isBlocked(input.user.id)) return { status: "blocked", message: COMMENT_MESSAGES.blocked };
  const db = await getDb();
  const bodyHtml = await renderCommentMarkdown(checked.body);
  await db.update(comments).set({ body: checked.body, bodyHtml, editedAt: new Date() }).where(eq(comments.id, own.id));
  if (own.status === "approved") await contentChanged("comment edited", [tags.comments(own.slug)]);
  return { status: "edited" };
}

/**
 * The author deletes their own comment: removed, or, while it has replies, kept as a "deleted"
 * placeholder with its text erased. A placeholder whose last reply goes is removed too.
 */
export async function deleteComment(input: {
  user: Commenter;
  commentId: number;
}): Promise<{ status: "deleted" } | { status: "not-found" }> {
  const own = await ownComment(input.user, input.commentId);
  if (!own) return { status: "not-found" };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [reply] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.parentId, own.id), isNull(comments.deletedAt)))
      .limit(1);
    if (reply) {
      await tx.update(comments).set({ body: "", bodyHtml: "", deletedAt: new Date() }).where(eq(comments.id, own.id));
    } else {
      await tx.delete(comments).where(eq(comments.id, own.id));
    }
    if (own.parentId !== null) {
      // The parent was a placeholder kept for this reply: remove it once nothing is left under it.
      await tx.execute(sql`delete from ${comments} c where c.id = ${own.parentId} and c.deleted_at is not null
        and not exists (select 1 from ${comments} r where r.parent_id = c.id and r.deleted_at is null)`);
    }
  });
  if (own.status === "approved") await contentChanged("comment deleted", [tags.comments(own.slug)]);
  return { status: "deleted" };
}

export type ReportResult = { status: "reported" } | { status: "already-reported" } | { status: "not-found" };

/** A reader reports a comment they can see, once (the primary key says so). */
export async function reportComment(input: { user: Commenter; commentId: number }): Promise<ReportResult> {
  const db = await getDb();
  const [target] = await db
    .select({ id: comments.id, userId: comments.userId })
    .from(comments)
    .innerJoin(articles, and(eq(articles.id, comments.articleId), isPublished))
    .where(and(eq(comments.id, input.commentId), eq(comments.status, "approved"), isNull(comments.deletedAt)))
    .limit(1);
  if (!target || target.userId === input.user.id) return { status: "not-found" };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(commentReports)
      .values({ commentId: target.id, userId: input.user.id })
      .onConflictDoNothing()
      .returning({ commentId: commentReports.commentId });
    if (inserted.length === 0) return { status: "already-reported" as const };
    await tx
      .update(comments)
      .set({ reportCount: sql`${comments.reportCount} + 1` })
      .where(eq(comments.id, target.id));
    return { status: "reported" as const };
  });
}

/** Mutes (or unmutes) the article's thread for this reader: no reply mails from it. */
export async function setThreadMuted(userId: number, articleId: number, muted: boolean) {
  const db = await getDb();
  if (muted) {
    await db.insert(threadMutes).values({ userId, articleId }).onConflictDoNothing();
  } else {
    await db.delete(threadMutes).where(and(eq(threadMutes.userId, userId), eq(threadMutes.articleId, articleId)));
  }
}

/** The user who wrote the article (through its author profile), or null. */
export async function articleAuthorUserId(articleId: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: authors.userId })
    .from(articles)
    .innerJoin(authors, eq(authors.id, articles.authorId))
    .where(eq(articles.id, articleId))
    .limit(1);
  return row?.userId ?? null;
}
