/**
 * sitemap.xml: every article (lastmod = updated_at), category, author, tag and series with a
 * published article, and static page. An article first published elsewhere (it has a canonical
 * URL) is left out: its canonical page is the one to index. Past 50,000 URLs
 * (the protocol's limit per file) /sitemap.xml becomes an index of numbered pieces.
 */
import { and, asc, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, authors, categories } from "~/db/schema";
import { env } from "~/env.server";
import { publishedSeriesSlugs } from "~/taxonomy/series.server";
import { publishedTagSlugs } from "~/taxonomy/tags.server";
import { seriesHref, tagHref } from "~/lib/urls";

export const URLS_PER_SITEMAP = 50_000;
export const STATIC_PATHS = ["/", "/search", "/interview-prep", "/whats-new", "/about"];

type UrlEntry = { loc: string; lastmod?: Date };

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

function urlset(entries: UrlEntry[]) {
  const body = entries
    .map(
      (entry) =>
        `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

async function nonArticleEntries(): Promise<UrlEntry[]> {
  const { SITE_URL } = env();
  const db = await getDb();
  const [rows, authorRows, tagSlugs, seriesSlugs] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug)),
    db
      .select({ slug: authors.slug })
      .from(authors)
      // Written out: inside a subquery Drizzle leaves column names unqualified.
      .where(sql`exists (select 1 from articles a where a.author_id = "authors"."id" and a.status = 'published')`)
      .orderBy(asc(authors.slug)),
    publishedTagSlugs(),
    publishedSeriesSlugs(),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ loc: `${SITE_URL}${path}` })),
    ...rows.map((row) => ({ loc: `${SITE_URL}/category/${row.slug}` })),
    ...authorRows.map((row) => ({ loc: `${SITE_URL}/author/${row.slug}` })),
    ...tagSlugs.map((slug) => ({ loc: `${SITE_URL}${tagHref(slug)}` })),
    ...seriesSlugs.map((slug) => ({ loc: `${SITE_URL}${seriesHref(slug)}` })),
  ];
}

/** The articles the sitemap lists: published, and not first published elsewhere. */
const inSitemap = and(isPublished, isNull(articles.canonicalUrl));

async function articleEntries(offset: number, limit: number): Promise<UrlEntry[]> {
  const { SITE_URL } = env();
  const db = await getDb();
  const rows = await db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(inSitemap)
    .orderBy(asc(articles.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ loc: `${SITE_URL}/post/${row.slug}`, lastmod: row.updatedAt }));
}

/**
 * How many articles the sitemap lists, and the newest change among every published article: one
 * that gains a canonical URL (a save, which moves its updated_at) leaves the sitemap, and its
 * Last-Modified still moves forward.
 */
async function articleStats() {
  const db = await getDb();
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${articles.canonicalUrl} is null)`.mapWith(Number),
      lastModified: sql<string | null>`max(${articles.updatedAt})`,
    })
    .from(articles)
    .where(isPublished);
  return { total: row?.total ?? 0, lastModified: row?.lastModified ? new Date(row.lastModified) : null };
}

/** The document at /sitemap.xml: a urlset, or an index when the site outgrows one file. */
export async function sitemapDocument(urlsPerFile = URLS_PER_SITEMAP) {
  const { SITE_URL } = env();
  const [pages, stats] = await Promise.all([nonArticleEntries(), articleStats()]);
  if (pages.length + stats.total <= urlsPerFile) {
    return { xml: urlset([...pages, ...(await articleEntries(0, stats.total))]), lastModified: stats.lastModified };
  }
  const pieces = Math.ceil(stats.total / urlsPerFile);
  const entries = [`<sitemap><loc>${SITE_URL}/sitemaps/pages.xml</loc></sitemap>`];
  for (let index = 1; index <= pieces; index++) {
    entries.push(
      `<sitemap><loc>${SITE_URL}/sitemaps/articles-${index}.xml</loc>${stats.lastModified ? `<lastmod>${stats.lastModified.toISOString()}</lastmod>` : ""}</sitemap>`,
    );
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  return { xml, lastModified: stats.lastModified };
}

/** A piece of the index: "pages" or "articles-N" (1-based). Null when it does not exist. */
export async function sitemapPiece(name: string, urlsPerFile = URLS_PER_SITEMAP) {
  if (name === "pages") return { xml: urlset(await nonArticleEntries()), lastModified: null };
  const match = /^articles-([1-9]\d{0,5})$/.exec(name);
  if (!match) return null;
  const index = Number(match[1]);
  const stats = await articleStats();
  if ((index - 1) * urlsPerFile >= stats.total) return null;
  return {
    xml: urlset(await articleEntries((index - 1) * urlsPerFile, urlsPerFile)),
    lastModified: stats.lastModified,
  };
}
