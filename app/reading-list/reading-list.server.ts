/**
 * A reader's reading list: saved articles, private to their owner.
 *
 * Saving and removing are idempotent (saving twice keeps one row with its first date; removing
 * what is not there is fine). Only published articles can be saved, and the list shows only the
 * ones still published. Queries walk reading_list's primary key (user, article) and
 * reading_list_user_created_idx (user, created_at desc) for the list, newest saved first.
 */
import { and, asc, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { type CardRow, cardColumns, toCard } from "~/articles/articles.server";
import { attachTags } from "~/taxonomy/card-tags.server";
import { getUser } from "~/auth/guards.server";
import { getDb } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, authors, categories, readingList } from "~/db/schema";
import type { ArticleCardData } from "~/lib/article-card";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { pendingSaveOf } from "~/lib/urls";

/** Saved articles per page of /reading-list. */
export const READING_LIST_PAGE_SIZE = 12;

export type SaveResult = { status: "saved" } | { status: "not-found" };

/** Saves a published article to the user's list (a second save changes nothing). */
export async function saveArticle(userId: number, articleId: number): Promise<SaveResult> {
  if (!(await articleToSave(articleId))) return { status: "not-found" };
  const db = await getDb();
  await db.insert(readingList).values({ userId, articleId }).onConflictDoNothing();
  return { status: "saved" };
}

/**
 * Where a sign-in goes next (password or OAuth). A save begun signed out rides in the sign-in's
 * redirect target (a readingListSaveHref address, `pendingSaveOf`): it is completed here for the
 * account that just signed in, and the reader goes back where they were, without a second click.
 * Only sign-in calls this, after the account proved itself in a request that was a POST from this
 * site (password), or the provider's answer to one, bound to it by the OAuth state; never a page
 * a link alone can reach. An article gone meanwhile is not saved; the reader still goes back.
 */
export async function afterSignIn(userId: number, target: string): Promise<string> {
  const pending = pendingSaveOf(target);
  if (!pending) return safeRedirectPath(target);
  await saveArticle(userId, pending.articleId);
  return safeRedirectPath(pending.returnTo);
}

/** Takes an article off the user's list; absent already is fine. */
export async function removeArticle(userId: number, articleId: number): Promise<void> {
  const db = await getDb();
  await db.delete(readingList).where(and(eq(readingList.userId, userId), eq(readingList.articleId, articleId)));
}

export async function isSaved(userId: number, articleId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ articleId: readingList.articleId })
    .from(readingList)
    .where(and(eq(readingList.userId, userId), eq(readingList.articleId, articleId)))
    .limit(1);
  return row !== undefined;
}

/** Which of `articleIds` the user saved (the cards of one page). */
export async function savedAmong(userId: number, articleIds: readonly number[]): Promise<number[]> {
  if (articleIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ articleId: readingList.articleId })
    .from(readingList)
    .where(and(eq(readingList.userId, userId), inArray(readingList.articleId, [...articleIds])));
  return rows.map((row) => row.articleId);
}

/** The article a sign-in-then-save link names (published only), for its confirm page. */
export async function articleToSave(articleId: number): Promise<{ id: number; title: string; slug: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: articles.id, title: articles.title, slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublished))
    .limit(1);
  return row ?? null;
}

export type SavedArticle = ArticleCardData & { savedAt: string };

export type ReadingListPage = {
  articles: SavedArticle[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /** The categories among the user's saved articles (the filter's choices). */
  categories: { name: string; slug: string }[];
};

/** `%` and `_` in a title search are literal characters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the user's list, newest saved first, optionally narrowed to titles containing `q`
 * (case-insensitive) and to one category (by slug).
 */
export async function listReadingList(
  userId: number,
  options: { q?: string; category?: string | null; page?: number; pageSize?: number } = {},
): Promise<ReadingListPage> {
  const db = await getDb();
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? READING_LIST_PAGE_SIZE;
  const q = options.q?.trim() ?? "";
  const where = and(
    eq(readingList.userId, userId),
    isPublished,
    q ? ilike(articles.title, likePattern(q)) : undefined,
    options.category ? eq(categories.slug, options.category) : undefined,
  );
  const [rows, categoryRows] = await Promise.all([
    db
      .select({ ...cardColumns, savedAt: readingList.createdAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(readingList)
      .innerJoin(articles, eq(articles.id, readingList.articleId))
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(authors, eq(authors.id, articles.authorId))
      .where(where)
      .orderBy(desc(readingList.createdAt), desc(readingList.articleId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .selectDistinct({ name: categories.name, slug: categories.slug })
      .from(readingList)
      .innerJoin(articles, eq(articles.id, readingList.articleId))
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(and(eq(readingList.userId, userId), isPublished))
      .orderBy(asc(categories.name)),
  ]);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(readingList)
      .innerJoin(articles, eq(articles.id, readingList.articleId))
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return {
    articles: await attachTags(
      rows.map(({ savedAt, total: _total, ...row }) => ({
        ...toCard(row as CardRow),
        savedAt: savedAt.toISOString(),
      })),
    ),
    page,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    categories: categoryRows,
  };
}

/** Everything on the user's list, for "download my data" (newest saved first). */
export async function exportReadingList(userId: number) {
  const db = await getDb();
  const rows = await db
    .select({ title: articles.title, slug: articles.slug, savedAt: readingList.createdAt })
    .from(readingList)
    .innerJoin(articles, eq(articles.id, readingList.articleId))
    .where(eq(readingList.userId, userId))
    .orderBy(desc(readingList.createdAt));
  return rows.map((row) => ({ title: row.title, slug: row.slug, savedAt: row.savedAt.toISOString() }));
}

/**
 * Which of a page's articles the request's reader saved: none (and no query) for an anonymous
 * request, so anonymous pages stay the same for everyone (and cacheable).
 */
export async function savedForRequest(request: Request, articleIds: readonly number[]): Promise<number[]> {
  const user = await getUser(request);
  return user ? savedAmong(user.id, articleIds) : [];
}
