/**
 * The Content API's other resources: tags (the categories, then the tags whose slug no category
 * has), authors, pages (the site's own pages), settings and tiers (none: the site sells nothing).
 * Lists are one query a page; `include=count.posts` counts published articles in the same query.
 */
import { createHash } from "node:crypto";
import { and, type SQL, sql } from "drizzle-orm";
import { getDb, selectRows } from "~/db/db.server";
import { articles, articleTags, authors, categories, pages, tags } from "~/db/schema";
import { env } from "~/env.server";
import { ghostUuid, parseGhostId } from "~/lib/ghost-ids";
import { htmlText } from "~/lib/html-text";
import { sitePageHref } from "~/lib/site-pages";
import { getSiteSettings } from "~/settings/settings.server";
import { constantField, type FilterFields, filterCondition, membership } from "./nql.server";
import { authorAsAuthor, categoryAsTag, tagAsTag } from "./posts.server";
import { pagination, pickFields, type QueryOptions, type ResourceOptions } from "./query-options.server";

const byName: QueryOptions["order"] = [{ field: "name", direction: "asc" }];

export const TAG_OPTIONS: ResourceOptions = {
  includes: ["count.posts"],
  formats: [],
  defaultFormats: [],
  orderFields: ["name", "slug"],
  defaultOrder: byName,
};
export const AUTHOR_OPTIONS: ResourceOptions = TAG_OPTIONS;
export const PAGE_OPTIONS: ResourceOptions = {
  includes: ["tags", "authors"],
  formats: ["html", "plaintext", "markdown"],
  defaultFormats: ["html"],
  orderFields: ["title", "slug", "updated_at", "published_at"],
  defaultOrder: [{ field: "title", direction: "asc" }],
};
export const LIST_OPTIONS: ResourceOptions = { ...TAG_OPTIONS, includes: [], orderFields: [], defaultOrder: [] };

function direction(options: QueryOptions, columns: Record<string, string>): SQL {
  const terms = options.order.map(({ field, direction: way }) => sql.raw(`${columns[field]} ${way}`));
  return sql.join([...terms, sql.raw("id asc")], sql`, `);
}

/** Categories and tags as one list (`u`): kind, id, name, slug, description, published count. */
const taxonomy = sql`(
  select 'category' as kind, ${categories.id} as id, ${categories.name} as name, ${categories.slug} as slug,
    ${categories.description} as description,
    (select count(*) from ${articles} where ${articles.categoryId} = ${categories.id} and ${articles.status} = 'published')::int as posts
  from ${categories}
  union all
  select 'tag', ${tags.id}, ${tags.name}, ${tags.slug}, null,
    (select count(*) from ${articleTags} join ${articles} on ${articles.id} = ${articleTags.articleId}
      where ${articleTags.tagId} = ${tags.id} and ${articles.status} = 'published')::int
  from ${tags}
  where not exists (select 1 from ${categories} where ${categories.slug} = ${tags.slug})
) as u`;

const TAG_FILTERS: FilterFields = {
  slug: membership("slug", (values) => sql`u.slug in ${values}`),
  id: membership("id", (values) => {
    const parts = values.flatMap((value) => {
      const category = parseGhostId("category", value);
      const tag = parseGhostId("tag", value);
      if (category !== null) return [sql`(u.kind = 'category' and u.id = ${category})`];
      if (tag !== null) return [sql`(u.kind = 'tag' and u.id = ${tag})`];
      return [];
    });
    return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
  }),
  visibility: constantField("visibility", "public"),
};

type TaxonomyRow = {
  kind: string;
  id: number;
  name: string;
  slug: string;
  description: string | null;
  posts: number;
  total: number;
};

function tagObject(row: TaxonomyRow, options: QueryOptions) {
  const tag = row.kind === "category" ? categoryAsTag(row) : tagAsTag(row);
  if (options.include.has("count.posts")) tag.count = { posts: row.posts };
  return pickFields(tag, options.fields);
}

async function taxonomyRows(condition: SQL | undefined, options: QueryOptions, limit: number, offset: number) {
  return selectRows<TaxonomyRow>(
    sql`select u.*, count(*) over ()::int as total from ${taxonomy} where ${condition ?? sql`true`}
      order by ${direction(options, { name: "lower(u.name)", slug: "u.slug" })}, kind asc limit ${limit} offset ${offset}`,
  );
}

export async function browseTags(options: QueryOptions) {
  const size = options.limit.count;
  const condition = filterCondition(options.filter, TAG_FILTERS);
  const rows = await taxonomyRows(condition, options, size, (options.page - 1) * size);
  const total = rows[0]?.total ?? (options.page > 1 ? await countTaxonomy(condition) : 0);
  return { tags: rows.map((row) => tagObject(row, options)), meta: { pagination: pagination(options, total) } };
}

async function countTaxonomy(condition: SQL | undefined) {
  const [row] = await selectRows<{ total: number }>(
    sql`select count(*)::int as total from ${taxonomy} where ${condition ?? sql`true`}`,
  );
  return row?.total ?? 0;
}

export async function readTag(key: { id: string } | { slug: string }, options: QueryOptions) {
  const where = "id" in key ? TAG_FILTERS.id!("$eq", key.id) : sql`u.slug = ${key.slug}`;
  const rows = await taxonomyRows(and(where, filterCondition(options.filter, TAG_FILTERS)), options, 1, 0);
  return rows[0] ? { tags: [tagObject(rows[0], options)] } : null;
}

const authorTable = sql`(
  select ${authors.id} as id, ${authors.name} as name, ${authors.slug} as slug, ${authors.avatarUrl} as avatar_url,
    ${authors.bio} as bio,
    (select count(*) from ${articles} where ${articles.authorId} = ${authors.id} and ${articles.status} = 'published')::int as posts
  from ${authors}
) as u`;

const AUTHOR_FILTERS: FilterFields = {
  slug: membership("slug", (values) => sql`u.slug in ${values}`),
  id: membership("id", (values) => {
    const ids = values.map((value) => parseGhostId("author", value)).filter((id): id is number => id !== null);
    return ids.length === 0 ? sql`false` : sql`u.id in ${ids}`;
  }),
  visibility: constantField("visibility", "public"),
};

type AuthorRow = {
  id: number;
  name: string;
  slug: string;
  avatar_url: string | null;
  bio: string | null;
  posts: number;
  total: number;
};

function authorObject(row: AuthorRow, options: QueryOptions) {
  const author = authorAsAuthor({ ...row, avatarUrl: row.avatar_url });
  if (options.include.has("count.posts")) author.count = { posts: row.posts };
  return pickFields(author, options.fields);
}

async function authorRows(condition: SQL | undefined, options: QueryOptions, limit: number, offset: number) {
  return selectRows<AuthorRow>(
    sql`select u.*, count(*) over ()::int as total from ${authorTable} where ${condition ?? sql`true`}
      order by ${direction(options, { name: "lower(u.name)", slug: "u.slug" })} limit ${limit} offset ${offset}`,
  );
}

export async function browseAuthors(options: QueryOptions) {
  const size = options.limit.count;
  const condition = filterCondition(options.filter, AUTHOR_FILTERS);
  const rows = await authorRows(condition, options, size, (options.page - 1) * size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 1) {
    const [row] = await selectRows<{ total: number }>(
      sql`select count(*)::int as total from ${authorTable} where ${condition ?? sql`true`}`,
    );
    total = row?.total ?? 0;
  }
  return { authors: rows.map((row) => authorObject(row, options)), meta: { pagination: pagination(options, total) } };
}

export async function readAuthor(key: { id: string } | { slug: string }, options: QueryOptions) {
  const where = "id" in key ? AUTHOR_FILTERS.id!("$eq", key.id) : sql`u.slug = ${key.slug}`;
  const rows = await authorRows(and(where, filterCondition(options.filter, AUTHOR_FILTERS)), options, 1, 0);
  return rows[0] ? { authors: [authorObject(rows[0], options)] } : null;
}

/** A site page's id: its kind letter and the first hex digits of its slug's hash (pages have no number). */
function pageId(slug: string) {
  return `b${createHash("sha256").update(slug).digest("hex").slice(0, 23)}`;
}

type PageRow = { slug: string; title: string; content: string; contentHtml: string; updatedAt: Date | string };

function pageObject(row: PageRow, options: QueryOptions) {
  const updated = new Date(row.updatedAt).toISOString();
  const page: Record<string, unknown> = {
    id: pageId(row.slug),
    uuid: ghostUuid("page", Number.parseInt(pageId(row.slug).slice(1, 13), 16)),
    title: row.title,
    slug: row.slug,
  };
  if (options.formats.has("html")) page.html = row.contentHtml;
  if (options.formats.has("plaintext")) page.plaintext = htmlText(row.contentHtml);
  if (options.formats.has("markdown")) page.markdown = row.content;
  Object.assign(page, {
    feature_image: null,
    featured: false,
    visibility: "public",
    created_at: updated,
    updated_at: updated,
    published_at: updated,
    custom_excerpt: null,
    canonical_url: null,
    url: new URL(sitePageHref(row.slug), env().SITE_URL).href,
    excerpt: htmlText(row.contentHtml).slice(0, 500),
    reading_time: 1,
    meta_title: null,
    meta_description: null,
  });
  if (options.include.has("tags")) Object.assign(page, { tags: [], primary_tag: null });
  if (options.include.has("authors")) Object.assign(page, { authors: [], primary_author: null });
  return pickFields(page, options.fields);
}

const PAGE_FILTERS: FilterFields = {
  slug: membership("slug", (values) => sql`${pages.slug} in ${values}`),
  visibility: constantField("visibility", "public"),
  status: constantField("status", "published"),
};

async function allPages(options: QueryOptions): Promise<PageRow[]> {
  const db = await getDb();
  const condition = filterCondition(options.filter, PAGE_FILTERS);
  const rows = await db
    .select({
      slug: pages.slug,
      title: pages.title,
      content: pages.content,
      contentHtml: pages.contentHtml,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(and(sql`length(trim(${pages.content})) > 0`, condition));
  const key = (row: PageRow, field: string) =>
    field === "title" ? row.title.toLowerCase() : field === "slug" ? row.slug : new Date(row.updatedAt).toISOString();
  return rows.sort((a, b) => {
    for (const { field, direction: way } of options.order) {
      const order = key(a, field).localeCompare(key(b, field));
      if (order !== 0) return way === "asc" ? order : -order;
    }
    return a.slug.localeCompare(b.slug);
  });
}

/** The site's pages are few (a fixed list and imported ones): read whole, then paged here. */
export async function browsePages(options: QueryOptions) {
  const rows = await allPages(options);
  const size = options.limit.count;
  const slice = rows.slice((options.page - 1) * size, options.page * size);
  return {
    pages: slice.map((row) => pageObject(row, options)),
    meta: { pagination: pagination(options, rows.length) },
  };
}

export async function readPage(key: { id: string } | { slug: string }, options: QueryOptions) {
  const rows = await allPages(options);
  const row = rows.find((page) => ("id" in key ? pageId(page.slug) === key.id : page.slug === key.slug));
  return row ? { pages: [pageObject(row, options)] } : null;
}

/** Ghost's settings object (`settings.read`): what this site has, the rest null. */
export async function readSettings() {
  const settings = await getSiteSettings();
  const url = new URL("/", env().SITE_URL).href;
  return {
    settings: {
      title: settings.siteName,
      description: settings.siteDescription,
      logo: null,
      icon: null,
      accent_color: null,
      cover_image: null,
      facebook: settings.social.facebook,
      twitter: settings.social.twitter,
      lang: "en",
      locale: "en",
      timezone: settings.timeZone,
      codeinjection_head: null,
      codeinjection_foot: null,
      navigation: [],
      secondary_navigation: [],
      meta_title: null,
      meta_description: null,
      og_image: null,
      og_title: null,
      og_description: null,
      twitter_image: null,
      twitter_title: null,
      twitter_description: null,
      members_support_address: null,
      url,
    },
    meta: {},
  };
}

/** The site sells nothing: no tiers (an empty list, as a free Ghost site without tiers). */
export function browseTiers(options: QueryOptions) {
  return { tiers: [], meta: { pagination: pagination(options, 0) } };
}
