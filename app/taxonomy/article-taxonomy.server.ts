/**
 * An article's tags and series as its save writes them and its editor reads them. They travel
 * with the other fields (ArticleInput, so revisions and pending changes keep them); a field left
 * out (an older revision, an import without tags) leaves them as they are.
 */
import { asc, eq } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { articleTags, tags } from "~/db/schema";
import type { ArticleInput } from "~/lib/article-schema";
import { lockSeries, placeInSeries, seriesOfArticle } from "./series.server";

export { lockSeries };
import { setArticleTags } from "./tags.server";

/** Inside the save's transaction, the article's row locked: its tags and its place in a series. */
export async function writeArticleTaxonomy(tx: Runner, articleId: number, input: ArticleInput) {
  if (input.tags !== undefined) await setArticleTags(tx, articleId, input.tags);
  if (input.seriesId !== undefined) await placeInSeries(tx, articleId, input.seriesId);
}

/** The row's tags (names, in order) and series: the editor's saved values. */
export async function readArticleTaxonomy(articleId: number): Promise<{ tags: string[]; seriesId: number | null }> {
  const db = await getDb();
  const [rows, seriesId] = await Promise.all([
    db
      .select({ name: tags.name })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(eq(articleTags.articleId, articleId))
      .orderBy(asc(articleTags.position), asc(tags.slug)),
    seriesOfArticle(articleId),
  ]);
  return { tags: rows.map((row) => row.name), seriesId };
}
