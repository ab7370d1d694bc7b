/**
 * Comment moderation (/admin/comments, permission "comments.moderate"): the queues (pending,
 * reported, approved, hidden), approve and hide in bulk, and blocking a person from commenting.
 * Every action is written to the audit log (kind "comment") in the same transaction; pages and
 * mails follow after the commit.
 */
import { and, count, desc, eq, gt, inArray, isNull, ne, type SQL } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { getDb } from "~/db/db.server";
import { articles, comments, users } from "~/db/schema";
import { tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import type { ModerationFilter } from "~/lib/comment-schema";
import { notifyAboutComment } from "./notifications.server";

export const MODERATION_PAGE_SIZE = 25;

export type ModerationRow = {
  id: number;
  body: string;
  status: "pending" | "approved" | "hidden";
  reportCount: number;
  createdAt: string;
  isReply: boolean;
  articleTitle: string;
  articleSlug: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  userBlocked: boolean;
};

function filterCondition(filter: ModerationFilter): SQL {
  const live = isNull(comments.deletedAt);
  if (filter === "reported") return and(live, gt(comments.reportCount, 0), ne(comments.status, "hidden"))!;
  return and(live, eq(comments.status, filter))!;
}

/** One page of a queue, newest first, with the number of comments in every queue (the tabs). */
export async function listModerationQueue(filter: ModerationFilter, page: number) {
  const db = await getDb();
  const where = filterCondition(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(comments).where(where);
  const pageCount = Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE));
  const rows = await db
    .select({
      id: comments.id,
      body: comments.body,
      status: comments.status,
      reportCount: comments.reportCount,
      createdAt: comments.createdAt,
      parentId: comments.parentId,
      articleTitle: articles.title,
      articleSlug: articles.slug,
      userId: comments.userId,
      userName: users.fullName,
      userEmail: users.email,
      userBlockedAt: users.commentsBlockedAt,
    })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .leftJoin(users, eq(users.id, comments.userId))
    .where(where)
    .orderBy(desc(comments.id))
    .limit(MODERATION_PAGE_SIZE)
    .offset((Math.min(page, pageCount) - 1) * MODERATION_PAGE_SIZE);
  const counts = Object.fromEntries(
    await Promise.all(
      (["pending", "reported", "approved", "hidden"] as const).map(async (name) => {
        const [row] = await db.select({ n: count() }).from(comments).where(filterCondition(name));
        return [name, row?.n ?? 0] as const;
      }),
    ),
  ) as Record<ModerationFilter, number>;
  return {
    rows: rows.map(
      (row): ModerationRow => ({
        id: row.id,
        body: row.body,
        status: row.status,
        reportCount: row.reportCount,
        createdAt: new Date(row.createdAt).toISOString(),
        isReply: row.parentId !== null,
        articleTitle: row.articleTitle,
        articleSlug: row.articleSlug,
        userId: row.userId,
        userName: row.userName,
        userEmail: row.userEmail,
        userBlocked: row.userBlockedAt !== null,
      }),
    ),
    total,
    pageCount,
    counts,
  };
}

export type ModerationAction = "approve" | "hide";

/**
 * Approves or hides the given comments. Approving also dismisses their reports (report_count goes
 * back to 0; each reader still reports a comment only once). Returns how many changed.
 */
export async function moderateComments(actor: AuditActor, ids: number[], action: ModerationAction) {
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0).slice(0, 500);
  if (unique.length === 0) return { changed: 0 };
  const db = await getDb();
  const { changed, newlyVisible, slugs } = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: comments.id,
        status: comments.status,
        reportCount: comments.reportCount,
        articleTitle: articles.title,
        articleSlug: articles.slug,
        userName: users.fullName,
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .leftJoin(users, eq(users.id, comments.userId))
      .where(and(inArray(comments.id, unique), isNull(comments.deletedAt)))
      .for("update", { of: comments });
    const status = action === "approve" ? "approved" : "hidden";
    const targets = rows.filter((row) => row.status !== status || (action === "approve" && row.reportCount > 0));
    if (targets.length === 0) return { changed: 0, newlyVisible: [] as number[], slugs: [] as string[] };
    await tx
      .update(comments)
      .set(action === "approve" ? { status, reportCount: 0 } : { status })
      .where(
        inArray(
          comments.id,
          targets.map((row) => row.id),
        ),
      );
    for (const row of targets) {
      await recordAudit(
        actor,
        {
          kind: "comment",
          action: action === "approve" ? "approved" : "hidden",
          targetId: row.id,
          summary: `${action === "approve" ? "Approved" : "Hid"} a comment by ${row.userName ?? "a deleted user"} on "${row.articleTitle}"`,
          details: { from: row.status, to: status, reports: row.reportCount },
        },
        tx,
      );
    }
    return {
      changed: targets.length,
      newlyVisible: targets.filter((row) => row.status === "pending" && status === "approved").map((row) => row.id),
      slugs: [...new Set(targets.map((row) => row.articleSlug))],
    };
  });
  if (changed > 0)
    await contentChanged(
      `comments ${action}d`,
      slugs.map((slug) => tags.comments(slug)),
    );
  for (const id of newlyVisible) await notifyAboutComment(id);
  return { changed };
}

/** Blocks (or unblocks) a person from commenting. Returns false for an unknown account. */
export async function setCommentsBlocked(actor: AuditActor, userId: number, blocked: boolean) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ commentsBlockedAt: blocked ? new Date() : null })
      .where(eq(users.id, userId))
      .returning({ id: users.id, fullName: users.fullName });
    if (!user) return false;
    await recordAudit(
      actor,
      {
        kind: "comment",
        action: blocked ? "blocked" : "unblocked",
        targetId: `user:${user.id}`,
        summary: `${blocked ? "Blocked" : "Unblocked"} ${user.fullName} ${blocked ? "from commenting" : "(may comment again)"}`,
      },
      tx,
    );
    return true;
  });
}
