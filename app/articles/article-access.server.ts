/**
 * Who may do what to one article: the permissions module's rules (app/auth/permissions.ts) applied
 * to the article's owner (the user linked to its author profile) and status. Every article route's
 * loader and action goes through `requireArticle`, so a contributor replaying an editor's request
 * gets 403 and nothing changes.
 */
import { eq } from "drizzle-orm";
import { can, canEditArticle, canPublishArticle } from "~/auth/permissions";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/db.server";
import { type ArticleStatus, articles, authors } from "~/db/schema";
import { forbidden } from "~/lib/route-errors";

export type ArticleOwnership = {
  id: number;
  title: string;
  status: ArticleStatus;
  authorUserId: number | null;
  /** ISO 8601 while the draft waits in the review queue. */
  submittedAt: string | null;
  reviewNote: string | null;
};

/** What the editor may offer this person for this article (or a new one: `article` null). */
export type EditorCapabilities = {
  /** Create Article / Update Article (make it live). */
  publish: boolean;
  schedule: boolean;
  unpublish: boolean;
  /** Submit for review (a contributor's draft). */
  submit: boolean;
  delete: boolean;
  history: boolean;
};

export async function articleOwnership(id: number): Promise<ArticleOwnership | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      authorUserId: authors.userId,
      submittedAt: articles.submittedAt,
      reviewNote: articles.reviewNote,
    })
    .from(articles)
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row, submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null };
}

export function editorCapabilities(
  user: Pick<SessionUser, "id" | "role">,
  article: Pick<ArticleOwnership, "authorUserId" | "status"> | null,
): EditorCapabilities {
  // A new article will be the writer's own.
  const owned = article ?? { authorUserId: user.id, status: "draft" as const };
  const edit = canEditArticle(user, owned);
  const publish = edit && canPublishArticle(user, owned);
  return {
    publish,
    schedule: edit && can(user.role, "article.schedule") && owned.status !== "published",
    unpublish: publish && owned.status === "published",
    submit: edit && !can(user.role, "article.publish-own") && owned.status === "draft",
    delete: edit && article !== null,
    history: edit && article !== null,
  };
}

/**
 * The article `id` if `user` may open it in the editor; null when there is none (the caller
 * answers its own not-found); throws 403 otherwise.
 */
export async function requireEditableArticle(
  user: Pick<SessionUser, "id" | "role">,
  id: number,
): Promise<{ article: ArticleOwnership; capabilities: EditorCapabilities } | null> {
  const article = await articleOwnership(id);
  if (!article) return null;
  if (!canEditArticle(user, article)) throw forbidden("You can only edit your own articles.");
  return { article, capabilities: editorCapabilities(user, article) };
}

/**
 * The article `id` if `user` may use `capability` on it (null when there is none); throws 403
 * otherwise: the guard of the delete, history, autosave and editorial actions.
 */
export async function requireArticleCapability(
  user: Pick<SessionUser, "id" | "role">,
  id: number,
  capability: keyof EditorCapabilities,
): Promise<{ article: ArticleOwnership; capabilities: EditorCapabilities } | null> {
  const access = await requireEditableArticle(user, id);
  if (access && !access.capabilities[capability]) throw forbidden();
  return access;
}
