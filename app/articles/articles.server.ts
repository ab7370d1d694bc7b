/**
 * The reader's side of articles: what home, the article page, category pages and What's New read.
 *
 * Every listing selects the same card fields through `cardColumns` and maps rows with `toCard`,
 * so each one returns `ArticleCardData` (dates as ISO strings). Every query walks an index:
 * - newest first: articles_published_idx (published_at desc, id desc);
 * - featured: articles_featured_published_idx (partial, where featured);
 * - one category, newest first: articles_category_published_idx;
 * - one author, newest first: articles_author_id_idx (then sorted: an author's list is small);
 * - by slug: articles_slug_key; categories by slug or lower(name): their unique indexes.
 */
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { CHANGELOG_MISSING } from "~/lib/route-errors";
import { isPublished, newestFirst } from "~/db/order";
import { articles, authors, categories, type TocEntry } from "~/db/schema";
import type { ArticleCardData } from "~/lib/article-card";
import { SLUG_PATTERN } from "~/lib/content";
import { toIso } from "~/lib/dates";
import { attachTags, tagsOfArticles } from "~/taxonomy/card-tags.server";
import { seriesNavFor } from "~/taxonomy/series.server";
import type { SeriesNav } from "./article-view";
import type { TagLink } from "~/lib/article-card";

/** Home: the 6 newest articles, the first 3 as Recent Articles and the next 3 as Featured Articles. */
export const HOME_ARTICLE_COUNT = 6;
export const HOME_RECENT_COUNT = 3;
/** At most this many slides in the Featured carousel. */
export const CAROUSEL_LIMIT = 5;
/** Cards per page on category pages and What's New. */
export const PAGE_SIZE = 12;

export const CHANGELOG_CATEGORY_NAME = "Changelog";
export const CHANGELOG_MISSING_MESSAGE = CHANGELOG_MISSING.description;

/** The What's New page could not find its category: not a failed read, a missing row. */
export class ChangelogCategoryMissingError extends Error {
  constructor() {
    super(CHANGELOG_MISSING_MESSAGE);
    this.name = "ChangelogCategoryMissingError";
  }
}

export const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  categoryName: categories.name,
  categorySlug: categories.slug,
  authorName: authors.name,
  publishedAt: articles.publishedAt,
  readingMinutes: articles.readingMinutes,
};

/** A card as the database returns it: the date may still be a Date (null only for unpublished rows). */
export type CardRow = Omit<ArticleCardData, "publishedAt" | "snippetHtml"> & { publishedAt: Date | string | null };

export function toCard(row: CardRow): ArticleCardData {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    categoryName: row.categoryName,
    categorySlug: row.categorySlug,
    authorName: row.authorName,
    publishedAt: toIso(row.publishedAt ?? 0),
    readingMinutes: row.readingMinutes,
  };
}

/** The card select with its two joins; callers add where / order / limit. */
function selectCards(db: Database) {
  return db
    .select(cardColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId));
}

export type HomeArticles = {
  /** The first 3 of the 6 newest. */
  recent: ArticleCardData[];
  /** The next 3 of the 6 newest. */
  featured: ArticleCardData[];
  /** Carousel slides: articles marked featured, newest first; the newest articles when none is. */
  carousel: ArticleCardData[];
};

/** Everything the home page lists, in two index-backed queries run together. */
export async function getHomeArticles(): Promise<HomeArticles> {
  const db = await getDb();
  const [newest, marked] = await Promise.all([
    selectCards(db)
      .where(isPublished)
      .orderBy(...newestFirst)
      .limit(HOME_ARTICLE_COUNT),
    selectCards(db)
      .where(and(eq(articles.featured, true), isPublished))
      .orderBy(...newestFirst)
      .limit(CAROUSEL_LIMIT),
  ]);
  // Every card's tags in one query.
  const tagged = await attachTags([...newest, ...marked].map(toCard));
  const cards = tagged.slice(0, newest.length);
  return {
    recent: cards.slice(0, HOME_RECENT_COUNT),
    featured: cards.slice(HOME_RECENT_COUNT, HOME_ARTICLE_COUNT),
    carousel: marked.length > 0 ? tagged.slice(newest.length) : cards.slice(0, CAROUSEL_LIMIT),
  };
}

/** The newest articles (home's "Read articles, newest first, limit 6"). */
export async function listRecentArticles(limit = HOME_ARTICLE_COUNT): Promise<ArticleCardData[]> {
  const rows = await selectCards(await getDb())
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(limit);
  return attachTags(rows.map(toCard));
}

/** Carousel items: featured articles newest first, or the newest articles when none is marked. */
export async function listCarouselArticles(limit = CAROUSEL_LIMIT): Promise<ArticleCardData[]> {
  const marked = await selectCards(await getDb())
    .where(and(eq(articles.featured, true), isPublished))
    .orderBy(...newestFirst)
    .limit(limit);
  if (marked.length > 0) return attachTags(marked.map(toCard));
  return listRecentArticles(limit);
}

export type ArticleDetail = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  /** Where it was first published, when another site (its page's rel=canonical); null: here. */
  canonicalUrl: string | null;
  contentHtml: string;
  /** The first paragraphs of a long article (rendered at save); null for a short one. */
  previewHtml: string | null;
  toc: TocEntry[];
  readingMinutes: number;
  /** ISO 8601. */
  publishedAt: string;
  /** ISO 8601. */
  updatedAt: string;
  category: { name: string; slug: string } | null;
  /** `slug`: the author's page, /author/{slug}. */
  author: { name: string; slug: string; avatarUrl: string | null; bio: string | null } | null;
  tags: TagLink[];
  /** Its place in its series (published parts only), or null. */
  series: SeriesNav | null;
};

/** True for text that can be an article or category slug (anything else can match nothing). */
export function isPlausibleSlug(value: string): boolean {
  return value.length <= 200 && SLUG_PATTERN.test(value);
}

/** One article with its author and category, or null when no article has that slug. */
export async function getArticleBySlug(slug: string): Promise<ArticleDetail | null> {
  if (!isPlausibleSlug(slug)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      imageUrl: articles.imageUrl,
      canonicalUrl: articles.canonicalUrl,
      contentHtml: articles.contentHtml,
      previewHtml: articles.previewHtml,
      toc: articles.toc,
      readingMinutes: articles.readingMinutes,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      categoryName: categories.name,
      categorySlug: categories.slug,
      authorName: authors.name,
      authorSlug: authors.slug,
      authorAvatarUrl: authors.avatarUrl,
      authorBio: authors.bio,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(and(eq(articles.slug, slug), isPublished))
    .limit(1);
  if (!row) return null;
  const [tagged, series] = await Promise.all([tagsOfArticles([row.id]), seriesNavFor(row.id)]);
  const { id, title, excerpt, imageUrl, canonicalUrl } = row;
  return {
    id,
    slug: row.slug,
    title,
    excerpt,
    imageUrl,
    canonicalUrl,
    tags: tagged.get(row.id) ?? [],
    series,
    contentHtml: row.contentHtml,
    previewHtml: row.previewHtml,
    toc: Array.isArray(row.toc) ? row.toc : [],
    readingMinutes: row.readingMinutes,
    publishedAt: toIso(row.publishedAt ?? 0),
    updatedAt: toIso(row.updatedAt),
    category:
      row.categoryName !== null && row.categorySlug !== null
        ? { name: row.categoryName, slug: row.categorySlug }
        : null,
    author:
      row.authorName !== null && row.authorSlug !== null
        ? { name: row.authorName, slug: row.authorSlug, avatarUrl: row.authorAvatarUrl, bio: row.authorBio }
        : null,
  };
}

export type CategorySummary = { id: number; name: string; slug: string; description: string };

/** Singular and plural forms of the last word: "opinions" ↔ "opinion", "tutorial" ↔ "tutorials". */
function numberVariants(word: string): string[] {
  const variants: string[] = [];
  if (word.endsWith("ies") && word.length > 4) variants.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("s") && !word.endsWith("ss") && word.length > 1) variants.push(word.slice(0, -1));
  if (!word.endsWith("s"))
    variants.push(word.endsWith("y") && !/[aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
  return variants;
}

/**
 * How a /category/{category} parameter is looked up, most exact first: the slug itself; the name
 * with hyphens read as spaces (case-insensitively); then the singular/plural variant of each.
 */
export function categoryCandidates(param: string): { slugs: string[]; names: string[] } {
  const raw = param.trim().toLowerCase();
  if (raw === "" || raw.length > 200 || raw.includes("\u0000")) return { slugs: [], names: [] };
  const name = raw.replace(/-+/g, " ").replace(/\s+/g, " ").trim();
  const slugs = [raw, ...numberVariants(raw)].filter((slug) => SLUG_PATTERN.test(slug));
  const names = name === "" ? [] : [name, ...numberVariants(name)];
  return { slugs: [...new Set(slugs)], names: [...new Set(names)] };
}

/**
 * The category a URL parameter names, or null. One query over both unique indexes (slug and
 * lower(name)); when several rows match, the most exact reading wins (see categoryCandidates).
 */
export async function findCategory(param: string): Promise<CategorySummary | null> {
  const { slugs, names } = categoryCandidates(param);
  if (slugs.length === 0 && names.length === 0) return null;
  const db = await getDb();
  const conditions = [];
  if (slugs.length > 0) conditions.push(inArray(categories.slug, slugs));
  if (names.length > 0) conditions.push(inArray(sql`lower(${categories.name})`, names));
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .where(or(...conditions));
  if (rows.length === 0) return null;
  // Exact slug, exact name, then the singular/plural variants (slug before name).
  const rank = (row: CategorySummary) => {
    if (slugs[0] === row.slug) return 0;
    if (names[0] === row.name.toLowerCase()) return 1;
    return slugs.includes(row.slug) ? 2 : 3;
  };
  return rows.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** The Changelog category, by name (case-insensitive), or null when there is none. */
export async function findChangelogCategory(): Promise<CategorySummary | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .where(eq(sql`lower(${categories.name})`, CHANGELOG_CATEGORY_NAME.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export type ArticlePage = {
  articles: ArticleCardData[];
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
};

/**
 * One page of a category's articles, newest first (articles_category_published_idx). The total
 * travels with the rows (count(*) over ()), so a page costs one query; a page past the end costs
 * a second, counting one.
 */
export async function listCategoryArticles(categoryId: number, page = 1, pageSize = PAGE_SIZE): Promise<ArticlePage> {
  return listPublishedWhere(eq(articles.categoryId, categoryId), page, pageSize);
}

/** One page of an author's published articles, newest first (their page, /author/{slug}). */
export async function listAuthorArticles(authorId: number, page = 1, pageSize = PAGE_SIZE): Promise<ArticlePage> {
  return listPublishedWhere(eq(articles.authorId, authorId), page, pageSize);
}

/** One page of the published articles that meet `condition`, newest first, with their tags. */
export async function listPublishedWhere(condition: SQL, page: number, pageSize: number): Promise<ArticlePage> {
  const db = await getDb();
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(and(condition, isPublished))
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(articles)
      .where(and(condition, isPublished));
    total = counted?.total ?? 0;
  }
  return {
    articles: await attachTags(rows.map(toCard)),
    page,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export type ChangelogPage = ArticlePage & { category: CategorySummary };

/** What's New: the Changelog category's articles, newest first; throws when the category is missing. */
export async function listChangelogArticles(page = 1): Promise<ChangelogPage> {
  const category = await findChangelogCategory();
  if (!category) throw new ChangelogCategoryMissingError();
  const result = await listCategoryArticles(category.id, page);
  return { ...result, category };
}
