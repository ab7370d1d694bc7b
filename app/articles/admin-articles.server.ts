import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { articles, authors, categories } from "~/db/schema";
import type { ArticleInput } from "~/lib/article-schema";
import { rowFieldColumns, versionSql } from "./revisions.server";
import { toIso } from "~/lib/dates";

/** The editor's fields (what a save writes) with the article's id, date and version. */
export type EditableArticle = ArticleInput & {
  id: number;
  /** ISO 8601; null for drafts and scheduled articles. */
  publishedAt: string | null;
  /** revised_at to the microsecond: the edit form sends it back (optimistic concurrency). */
  version: string;
};

/** Everything the editor shows, or null for an unknown id. */
export async function getEditableArticle(id: number): Promise<EditableArticle | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: articles.id,
      ...rowFieldColumns,
      publishedAt: articles.publishedAt,
      version: versionSql,
    })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row ? { ...row, publishedAt: row.publishedAt ? toIso(row.publishedAt) : null } : null;
}

/** Title and slug of one article (the delete confirmation), or null. */
export async function getArticleSummary(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: articles.id, title: articles.title, slug: articles.slug })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row ?? null;
}

export type CategoryOption = { id: number; name: string };

/** The category select's options, by name. */
export async function listCategoryOptions(): Promise<CategoryOption[]> {
  const db = await getDb();
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

/** The author profile linked to a user (authors_user_id_key), or null. */
export async function authorIdForUser(userId: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ id: authors.id }).from(authors).where(eq(authors.userId, userId)).limit(1);
  return row?.id ?? null;
}
