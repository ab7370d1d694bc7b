/**
 * The cache tags of an article's pages, read from the database: what an article write announces
 * (its page before and after the write, its category's pages, every list of articles).
 */
import { eq } from "drizzle-orm";
import { type ArticleTagState, articleTags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { getDb, type Runner } from "~/db/db.server";
import { articles, categories } from "~/db/schema";

/** The article's slug and category slug: what its cached pages are tagged with. */
export async function articlePageState(id: number, runner?: Runner): Promise<ArticleTagState | null> {
  const db = runner ?? (await getDb());
  const [row] = await db
    .select({ slug: articles.slug, categorySlug: categories.slug })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, id))
    .limit(1);
  return row ?? null;
}

/** Announces an article write: its pages in each given state, and every list, are dropped. */
export async function announceArticle(id: number, ...states: Array<ArticleTagState | null>) {
  await contentChanged(`article:${id}`, articleTags(...states));
}
