/**
 * The cache tags of an article's pages, read from the database: what an article write announces
 * (its page before and after the write, its category's, tags' and series' pages, the other parts
 * of its series, every list of articles).
 */
import { eq, sql } from "drizzle-orm";
import { type ArticleTagState, articleTags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { getDb, type Runner } from "~/db/db.server";
import { articles, categories, series, seriesParts } from "~/db/schema";

/** A json array from either driver (parsed already, or text). */
function slugList(value: unknown): string[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
}

/**
 * The article's slug, category slug, tag slugs, series slug and the other parts' slugs: what
 * the cached pages that show it are tagged with. One query.
 */
export async function articlePageState(id: number, runner?: Runner): Promise<ArticleTagState | null> {
  const db = runner ?? (await getDb());
  const [row] = await db
    .select({
      slug: articles.slug,
      categorySlug: categories.slug,
      seriesSlug: series.slug,
      tagSlugs: sql<unknown>`(select coalesce(json_agg(t.slug), '[]'::json) from article_tags at join tags t on t.id = at.tag_id where at.article_id = ${articles.id})`,
      partSlugs: sql<unknown>`(select coalesce(json_agg(o.slug), '[]'::json) from series_parts p join articles o on o.id = p.article_id where p.series_id = ${series.id} and o.id <> ${articles.id})`,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(seriesParts, eq(seriesParts.articleId, articles.id))
    .leftJoin(series, eq(series.id, seriesParts.seriesId))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) return null;
  return {
    slug: row.slug,
    categorySlug: row.categorySlug,
    tagSlugs: slugList(row.tagSlugs),
    seriesSlug: row.seriesSlug,
    seriesPartSlugs: slugList(row.partSlugs),
  };
}

/** Announces an article write: its pages in each given state, and every list, are dropped. */
export async function announceArticle(id: number, ...states: Array<ArticleTagState | null>) {
  await contentChanged(`article:${id}`, articleTags(...states));
}
