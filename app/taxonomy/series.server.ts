/**
 * Series (issue 26), the reader's side and an article's place in one: an article belongs to at
 * most one series, at a position; /series/{slug} lists the parts in order, each part shows
 * "Part 2 of 5" with its previous and next parts. A part that is not published is not shown to
 * readers and not counted: part numbers are ranks among the published parts.
 *
 * An article's place is a series_parts row (series, position). Positions are written only under
 * the series row's lock (`for update`): an article joining a series takes the next position, and
 * reorders renumber 1..n (./series-admin.server.ts), so two concurrent edits queue on the lock and
 * leave one consistent order; the unique index series_parts_position_key refuses anything else.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, series, seriesParts } from "~/db/schema";
import { SLUG_PATTERN } from "~/lib/content";
import { toIso } from "~/lib/dates";
import type { SeriesNav } from "~/articles/article-view";
import type { SeriesPart, SeriesSummary } from "./taxonomy-view";

export type { SeriesPart, SeriesSummary };

/** Every series (id, name) by name: the editor's choices. */
export async function listSeriesOptions(): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db
    .select({ id: series.id, name: series.name })
    .from(series)
    .orderBy(asc(sql`lower(${series.name})`), asc(series.id));
}

/** The series at /series/{slug}, or null. */
export async function findSeries(slug: string): Promise<SeriesSummary | null> {
  const wanted = slug.trim().toLowerCase();
  if (wanted.length > 200 || !SLUG_PATTERN.test(wanted)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: series.id, name: series.name, slug: series.slug, description: series.description })
    .from(series)
    .where(eq(series.slug, wanted))
    .limit(1);
  return row ?? null;
}

/** A series' parts in order (series_parts_position_key); readers get the published ones only. */
export async function listSeriesParts(seriesId: number, options: { staff: boolean }): Promise<SeriesPart[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      status: articles.status,
      publishedAt: articles.publishedAt,
      readingMinutes: articles.readingMinutes,
    })
    .from(seriesParts)
    .innerJoin(articles, eq(articles.id, seriesParts.articleId))
    .where(options.staff ? eq(seriesParts.seriesId, seriesId) : and(eq(seriesParts.seriesId, seriesId), isPublished))
    .orderBy(asc(seriesParts.position));
  let published = 0;
  return rows.map((row) => ({
    ...row,
    part: row.status === "published" ? ++published : null,
    publishedAt: row.publishedAt ? toIso(row.publishedAt) : null,
  }));
}

/**
 * Where a published article stands in its series: "Part n of N", the series and the previous and
 * next published parts. Null when it is in no series (or is not published). One query.
 */
export async function seriesNavFor(articleId: number): Promise<SeriesNav | null> {
  const db = await getDb();
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      seriesName: series.name,
      seriesSlug: series.slug,
    })
    .from(seriesParts)
    .innerJoin(series, eq(series.id, seriesParts.seriesId))
    .innerJoin(articles, eq(articles.id, seriesParts.articleId))
    .where(
      and(
        sql`${seriesParts.seriesId} = (select p.series_id from series_parts p where p.article_id = ${articleId})`,
        isPublished,
      ),
    )
    .orderBy(asc(seriesParts.position));
  const index = rows.findIndex((row) => row.id === articleId);
  const here = rows[index];
  if (!here) return null;
  const link = (row: (typeof rows)[number] | undefined) => (row ? { slug: row.slug, title: row.title } : null);
  return {
    name: here.seriesName,
    slug: here.seriesSlug,
    part: index + 1,
    of: rows.length,
    previous: link(rows[index - 1]),
    next: link(rows[index + 1]),
  };
}

/**
 * Locks these series' rows (in id order), first thing in a transaction that may move articles in
 * or out of them: every writer of positions holds the series' lock, so a save and a reorder of
 * the same series queue instead of interleaving.
 */
export async function lockSeries(tx: Runner, ids: ReadonlyArray<number | null | undefined>) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))].sort((a, b) => a - b);
  if (wanted.length === 0) return;
  await tx
    .select({ id: series.id })
    .from(series)
    .where(inArray(series.id, wanted))
    .orderBy(asc(series.id))
    .for("update");
}

/**
 * Puts article `articleId` in series `seriesId` at the end, or takes it out (null); nothing when
 * it is already there. The caller holds the series' lock (lockSeries); a series that does not
 * exist fails on the foreign key (the save turns it into the field's error).
 */
export async function placeInSeries(tx: Runner, articleId: number, seriesId: number | null) {
  const [row] = await tx
    .select({ seriesId: seriesParts.seriesId })
    .from(seriesParts)
    .where(eq(seriesParts.articleId, articleId))
    .limit(1);
  if ((row?.seriesId ?? null) === seriesId) return;
  await tx.delete(seriesParts).where(eq(seriesParts.articleId, articleId));
  if (seriesId === null) return;
  await lockSeries(tx, [seriesId]);
  await tx.insert(seriesParts).values({
    articleId,
    seriesId,
    position: sql`(select coalesce(max(p.position), 0) + 1 from series_parts p where p.series_id = ${seriesId})`,
  });
}

/** The series an article is in (the editor's value), or null. */
export async function seriesOfArticle(articleId: number, runner?: Runner): Promise<number | null> {
  const db = runner ?? (await getDb());
  const [row] = await db
    .select({ seriesId: seriesParts.seriesId })
    .from(seriesParts)
    .where(eq(seriesParts.articleId, articleId))
    .limit(1);
  return row?.seriesId ?? null;
}

/** Series with a published part, for the sitemap. */
export async function publishedSeriesSlugs(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: series.slug })
    .from(series)
    .where(
      sql`exists (select 1 from series_parts p join articles a on a.id = p.article_id where p.series_id = ${series.id} and a.status = 'published')`,
    )
    .orderBy(asc(series.slug));
  return rows.map((row) => row.slug);
}
