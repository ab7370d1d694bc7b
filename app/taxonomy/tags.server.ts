/**
 * Tags (issue 26), the reader's side and the article's write: up to 5 per article besides its
 * category, normalised by app/lib/tag-names.ts (the slug is the tag's identity).
 *
 * - `setArticleTags` writes an article's tags inside its save's transaction, creating tags that
 *   do not exist yet; a slug a renamed or merged tag used to have means that tag.
 * - `attachTags` gives a page of cards their tags in one query (article_tags_pkey), never one
 *   per card.
 * - A tag page lists its published articles newest first (article_tags_tag_idx, then the
 *   articles by primary key), with the one pagination rule.
 * Renames and merges (administrators) are in ./tag-admin.server.ts.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { type ArticlePage, listPublishedWhere, PAGE_SIZE } from "~/articles/articles.server";
import { keptRead } from "~/cache/kept-reads.server";
import { type Database, getDb, type Runner } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, articleTags, tagRedirects, tags } from "~/db/schema";
import type { TagLink } from "~/lib/article-card";
import { SLUG_PATTERN } from "~/lib/content";
import { parseTagList, TAG_LIMITS, tagSlug } from "~/lib/tag-names";

export type TagSummary = TagLink & { id: number };

/** The columns of a `TagSummary`. */
export const tagSummaryColumns = { id: tags.id, name: tags.name, slug: tags.slug };

/** Writes article `articleId`'s tags (names as typed, normalised here); returns their slugs. */
export async function setArticleTags(tx: Runner, articleId: number, names: readonly string[]): Promise<string[]> {
  const wanted = parseTagList(names).tags.slice(0, TAG_LIMITS.count);
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (wanted.length === 0) return [];
  const slugs = wanted.map((tag) => tag.slug);
  // An old slug of a renamed or merged tag is that tag.
  const moved = await tx
    .select({ oldSlug: tagRedirects.oldSlug, slug: tags.slug })
    .from(tagRedirects)
    .innerJoin(tags, eq(tags.id, tagRedirects.tagId))
    .where(inArray(tagRedirects.oldSlug, slugs));
  const current = new Map(moved.map((row) => [row.oldSlug, row.slug]));
  const resolved = wanted.map((tag) => ({ name: tag.name, slug: current.get(tag.slug) ?? tag.slug }));
  await tx
    .insert(tags)
    .values(resolved.map((tag) => ({ name: tag.name, slug: tag.slug })))
    .onConflictDoNothing({ target: tags.slug });
  const rows = await tx
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        resolved.map((tag) => tag.slug),
      ),
    );
  const ids = new Map(rows.map((row) => [row.slug, row.id]));
  const links: { articleId: number; tagId: number; position: number }[] = [];
  for (const [index, tag] of resolved.entries()) {
    const tagId = ids.get(tag.slug);
    if (tagId !== undefined && !links.some((link) => link.tagId === tagId))
      links.push({ articleId, tagId, position: index });
  }
  if (links.length > 0) await tx.insert(articleTags).values(links).onConflictDoNothing();
  return resolved.map((tag) => tag.slug);
}

/** The tag a /tag/{param} names (its slug, or anything that normalises to it), or null. */
export async function findTag(param: string): Promise<TagSummary | null> {
  if (param.length > 200) return null;
  const slug = tagSlug(param);
  if (!slug || !SLUG_PATTERN.test(slug)) return null;
  const db = await getDb();
  const [row] = await db.select(tagSummaryColumns).from(tags).where(eq(tags.slug, slug)).limit(1);
  return row ?? null;
}

/** The current slug of the tag that `param` used to name (renamed or merged), or null. */
export async function findTagRedirect(param: string): Promise<string | null> {
  if (param.length > 200) return null;
  const old = tagSlug(param);
  if (!old) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: tags.slug })
    .from(tagRedirects)
    .innerJoin(tags, eq(tags.id, tagRedirects.tagId))
    .where(eq(tagRedirects.oldSlug, old))
    .limit(1);
  return row && row.slug !== old ? row.slug : null;
}

const taggedWith = (tagId: number) =>
  sql`exists (select 1 from ${articleTags} where ${articleTags.articleId} = ${articles.id} and ${articleTags.tagId} = ${tagId})`;

/** One page of a tag's published articles, newest first, with their tags. */
export async function listTagArticles(tagId: number, page = 1, pageSize = PAGE_SIZE): Promise<ArticlePage> {
  return listPublishedWhere(taggedWith(tagId), page, pageSize);
}

/** The ids of the tags these slugs name (unknown ones left out), in the order given. */
export async function tagsBySlugs(slugs: readonly string[]): Promise<TagSummary[]> {
  const valid = [...new Set(slugs)].filter((slug) => slug.length <= 200 && SLUG_PATTERN.test(slug));
  if (valid.length === 0) return [];
  const db = await getDb();
  const rows = await db.select(tagSummaryColumns).from(tags).where(inArray(tags.slug, valid));
  return valid.flatMap((slug) => rows.filter((row) => row.slug === slug));
}

type TagCount = TagSummary & { count: number };
const POPULAR_LIMIT = 20;
/** An aggregate over every article's tags (~130 ms on the embedded database at 10 000 tagged articles). */
const popular = keptRead<TagCount[]>(60_000);

/**
 * The tags most used by published articles (the search page's filters), by use then name; the
 * first 20 are kept until the next content change (~/cache/kept-reads.server).
 */
export async function popularTags(limit = POPULAR_LIMIT): Promise<TagCount[]> {
  const db = await getDb();
  const read = () => countTags(db, limit);
  return limit === POPULAR_LIMIT ? popular.read(db, read) : read();
}

function countTags(db: Database, limit: number): Promise<TagCount[]> {
  return db
    .select({
      ...tagSummaryColumns,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .where(isPublished)
    .groupBy(tags.id)
    .orderBy(sql`count(*) desc`, asc(tags.slug))
    .limit(limit);
}

/** Every tag's name, for the editor's suggestions (a datalist). */
export async function tagSuggestions(limit = 500): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ name: tags.name }).from(tags).orderBy(asc(tags.slug)).limit(limit);
  return rows.map((row) => row.name);
}

/** The tags of published articles, for the sitemap (only tags with a page worth indexing). */
export async function publishedTagSlugs(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: tags.slug })
    .from(tags)
    .where(
      sql`exists (select 1 from ${articleTags} at join ${articles} a on a.id = at.article_id where at.tag_id = ${tags.id} and a.status = 'published')`,
    )
    .orderBy(asc(tags.slug));
  return rows.map((row) => row.slug);
}
