/**
 * RSS 2.0, Atom and JSON Feed for the whole site and per category, from one query and the
 * `feed` library. Items carry the full sanitized HTML (rendered at save) with absolute URLs.
 */
import { getSiteSettings, siteSettings } from "~/settings/settings.server";
import { and, eq, sql } from "drizzle-orm";
import { Feed } from "feed";
import { getDb } from "~/db/db.server";
import { isPublished, newestFirst } from "~/db/order";
import { articles, articleTags, authors, categories } from "~/db/schema";
import { env } from "~/env.server";
import { TAGLINE } from "~/lib/meta";

export const FEED_ITEM_LIMIT = 50;
export type FeedFormat = "rss" | "atom" | "json";

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

/** Root-relative src/href in stored HTML become absolute, as feed readers require. */
export function absolutizeUrls(html: string, siteUrl: string) {
  return html.replace(/(\s(?:src|href))="\/(?!\/)/g, `$1="${siteUrl}/`);
}

/** Whose articles a feed carries: the whole site, one category (its id), one author, tag or series. */
export type FeedFilter = number | { authorId: number } | { tagId: number } | { seriesId: number } | undefined;

function feedCondition(filter: FeedFilter) {
  if (filter === undefined) return isPublished;
  if (typeof filter === "number") return and(eq(articles.categoryId, filter), isPublished);
  if ("authorId" in filter) return and(eq(articles.authorId, filter.authorId), isPublished);
  if ("seriesId" in filter)
    return and(
      sql`exists (select 1 from series_parts p where p.article_id = ${articles.id} and p.series_id = ${filter.seriesId})`,
      isPublished,
    );
  return and(
    sql`exists (select 1 from ${articleTags} where ${articleTags.articleId} = ${articles.id} and ${articleTags.tagId} = ${filter.tagId})`,
    isPublished,
  );
}

export async function feedArticles(filter?: FeedFilter) {
  const db = await getDb();
  return db
    .select({
      title: articles.title,
      slug: articles.slug,
      excerpt: articles.excerpt,
      contentHtml: articles.contentHtml,
      imageUrl: articles.imageUrl,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      authorName: authors.name,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(articles)
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(feedCondition(filter))
    .orderBy(...newestFirst)
    .limit(FEED_ITEM_LIMIT);
}

/** `path`: the page the feed belongs to; a category's or author's feed is at `${path}/rss.xml`. */
export type FeedScope = { title: string; description: string; path: string; categorySlug?: string };

export async function buildFeed(scope: FeedScope, filter?: FeedFilter) {
  const { SITE_URL } = env();
  const { siteName: SITE_NAME } = await getSiteSettings();
  const items = await feedArticles(filter);
  const updated = items.reduce<Date | null>(
    (latest, item) => (!latest || item.updatedAt > latest ? item.updatedAt : latest),
    null,
  );
  const base = scope.categorySlug
    ? `${SITE_URL}/category/${scope.categorySlug}`
    : scope.path !== "/"
      ? `${SITE_URL}${scope.path}`
      : SITE_URL;
  const feed = new Feed({
    id: `${SITE_URL}${scope.path}`,
    title: scope.title,
    description: scope.description,
    link: `${SITE_URL}${scope.path}`,
    language: "en",
    updated: updated ?? new Date(0),
    generator: SITE_NAME,
    favicon: `${SITE_URL}/favicon.svg`,
    copyright: `© ${new Date().getFullYear()} ${SITE_NAME}`,
    feedLinks:
      base !== SITE_URL
        ? { rss: `${base}/rss.xml` }
        : { rss: `${SITE_URL}/rss.xml`, atom: `${SITE_URL}/atom.xml`, json: `${SITE_URL}/feed.json` },
  });
  for (const item of items) {
    const url = `${SITE_URL}/post/${item.slug}`;
    feed.addItem({
      title: item.title,
      id: url,
      link: url,
      date: item.updatedAt,
      published: item.publishedAt ?? undefined,
      description: item.excerpt ?? undefined,
      content: absolutizeUrls(item.contentHtml, SITE_URL),
      author: [{ name: item.authorName ?? "Anonymous" }],
      category: [{ name: item.categoryName ?? "General", term: item.categorySlug ?? "general" }],
      image: item.imageUrl ? new URL(item.imageUrl, SITE_URL).toString() : undefined,
    });
  }
  return { feed, updated };
}

export function siteFeedScope(): FeedScope {
  const { siteName } = siteSettings();
  return { title: `${siteName} — ${TAGLINE}`, description: `The newest articles from ${siteName}.`, path: "/" };
}

export function renderFeed(feed: Feed, format: FeedFormat) {
  switch (format) {
    case "rss":
      return feed.rss2();
    case "atom":
      return feed.atom1();
    case "json":
      return feed.json1();
  }
}
