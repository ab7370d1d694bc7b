/**
 * The tags of a list of articles in one query (article_tags_pkey): cards and the article page
 * never read tags one article at a time.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { articleTags, tags } from "~/db/schema";
import type { ArticleCardData, TagLink } from "~/lib/article-card";

/** The tags of each article, in their order, in one query. */
export async function tagsOfArticles(ids: readonly number[], runner?: Runner): Promise<Map<number, TagLink[]>> {
  const byArticle = new Map<number, TagLink[]>();
  if (ids.length === 0) return byArticle;
  const db = runner ?? (await getDb());
  const rows = await db
    .select({ articleId: articleTags.articleId, name: tags.name, slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(inArray(articleTags.articleId, [...new Set(ids)]))
    .orderBy(asc(articleTags.articleId), asc(articleTags.position), asc(tags.slug));
  for (const row of rows) {
    const list = byArticle.get(row.articleId) ?? [];
    list.push({ name: row.name, slug: row.slug });
    byArticle.set(row.articleId, list);
  }
  return byArticle;
}

/** Cards with their tags: one query for the whole list. */
export async function attachTags<Card extends ArticleCardData>(cards: Card[]): Promise<Card[]> {
  if (cards.length === 0) return cards;
  const byArticle = await tagsOfArticles(cards.map((card) => card.id));
  return cards.map((card) => ({ ...card, tags: byArticle.get(card.id) ?? [] }));
}
