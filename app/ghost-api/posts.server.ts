/**
 * Published articles as Ghost's posts: the rows (one query a page, their tags and authors in one
 * query each: never one article at a time), Ghost's filter fields, and the post object with
 * Ghost's field names. An article's category is its primary tag (its slug equals the category's)
 * and its tags follow it; drafts and scheduled articles never appear.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, articleTags, authors, categories, tags } from "~/db/schema";
import { env } from "~/env.server";
import { ghostId, ghostUuid, parseGhostId } from "~/lib/ghost-ids";
import { htmlText } from "~/lib/html-text";
import { authorHref, categoryHref, postHref, tagHref } from "~/lib/urls";
import {
  booleanField,
  constantField,
  type FieldFilter,
  type FilterFields,
  filterCondition,
  membership,
  timeField,
} from "./nql.server";
import { pagination, pickFields, type QueryOptions, type ResourceOptions } from "./query-options.server";

export const POST_OPTIONS: ResourceOptions = {
  includes: ["tags", "authors"],
  formats: ["html", "plaintext", "markdown"],
  defaultFormats: ["html"],
  orderFields: ["published_at", "updated_at", "created_at", "title", "slug", "featured", "id"],
  defaultOrder: [{ field: "published_at", direction: "desc" }],
};

const ORDER_COLUMNS: Record<string, SQL> = {
  published_at: sql`${articles.publishedAt}`,
  // Articles keep no creation time apart from publication: created_at is published_at.
  created_at: sql`${articles.publishedAt}`,
  updated_at: sql`${articles.updatedAt}`,
  title: sql`lower(${articles.title})`,
  slug: sql`${articles.slug}`,
  featured: sql`${articles.featured}`,
  id: sql`${articles.id}`,
};

/** The article has one of these tag slugs: its category's (the primary tag) or one of its tags. */
function hasTag(slugs: string[]): SQL {
  return sql`(${articles.categoryId} in (select ${categories.id} from ${categories} where ${inArray(categories.slug, slugs)})
    or exists (select 1 from ${articleTags} join ${tags} on ${tags.id} = ${articleTags.tagId}
      where ${articleTags.articleId} = ${articles.id} and ${inArray(tags.slug, slugs)}))`;
}

const primaryTag = (slugs: string[]) =>
  sql`${articles.categoryId} in (select ${categories.id} from ${categories} where ${inArray(categories.slug, slugs)})`;
const byAuthor = (slugs: string[]) =>
  sql`${articles.authorId} in (select ${authors.id} from ${authors} where ${inArray(authors.slug, slugs)})`;

function idField(): FieldFilter {
  return membership("id", (values) => {
    const ids = values.map((value) => parseGhostId("post", value)).filter((id): id is number => id !== null);
    return ids.length === 0 ? sql`false` : inArray(articles.id, ids);
  });
}

export const POST_FILTERS: FilterFields = {
  id: idField(),
  slug: membership("slug", (values) => inArray(articles.slug, values)),
  tag: membership("tag", hasTag),
  tags: membership("tags", hasTag),
  "tags.slug": membership("tags.slug", hasTag),
  primary_tag: membership("primary_tag", primaryTag),
  "primary_tag.slug": membership("primary_tag.slug", primaryTag),
  author: membership("author", byAuthor),
  authors: membership("authors", byAuthor),
  "authors.slug": membership("authors.slug", byAuthor),
  primary_author: membership("primary_author", byAuthor),
  "primary_author.slug": membership("primary_author.slug", byAuthor),
  featured: booleanField("featured", sql`${articles.featured}`),
  published_at: timeField("published_at", sql`${articles.publishedAt}`),
  updated_at: timeField("updated_at", sql`${articles.updatedAt}`),
  created_at: timeField("created_at", sql`${articles.publishedAt}`),
  visibility: constantField("visibility", "public"),
  status: constantField("status", "published"),
  type: constantField("type", "post"),
};

export const postColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  contentHtml: articles.contentHtml,
  content: articles.content,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  featured: articles.featured,
  readingMinutes: articles.readingMinutes,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  canonicalUrl: articles.canonicalUrl,
  categoryId: articles.categoryId,
  authorId: articles.authorId,
};
export type PostRow = {
  id: number;
  title: string;
  slug: string;
  contentHtml: string;
  content: string;
  excerpt: string | null;
  imageUrl: string | null;
  featured: boolean;
  readingMinutes: number;
  publishedAt: Date | string | null;
  updatedAt: Date | string;
  canonicalUrl: string | null;
  categoryId: number | null;
  authorId: number | null;
};

export type GhostTag = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  feature_image: null;
  visibility: "public";
  meta_title: null;
  meta_description: null;
  url: string;
  count?: { posts: number };
};

export type GhostAuthor = {
  id: string;
  name: string;
  slug: string;
  profile_image: string | null;
  cover_image: null;
  bio: string | null;
  website: null;
  location: null;
  facebook: null;
  twitter: null;
  meta_title: null;
  meta_description: null;
  url: string;
  count?: { posts: number };
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const absolute = (path: string) => new URL(path, env().SITE_URL).href;

export function categoryAsTag(row: { id: number; name: string; slug: string; description: string | null }): GhostTag {
  return {
    id: ghostId("category", row.id),
    name: row.name,
    slug: row.slug,
    description: row.description || null,
    feature_image: null,
    visibility: "public",
    meta_title: null,
    meta_description: null,
    url: absolute(categoryHref(row.slug)),
  };
}

export function tagAsTag(row: { id: number; name: string; slug: string }): GhostTag {
  return {
    id: ghostId("tag", row.id),
    name: row.name,
    slug: row.slug,
    description: null,
    feature_image: null,
    visibility: "public",
    meta_title: null,
    meta_description: null,
    url: absolute(tagHref(row.slug)),
  };
}

export function authorAsAuthor(row: {
  id: number;
  name: string;
  slug: string;
  avatarUrl: string | null;
  bio: string | null;
}): GhostAuthor {
  return {
    id: ghostId("author", row.id),
    name: row.name,
    slug: row.slug,
    profile_image: row.avatarUrl ? absolute(row.avatarUrl) : null,
    cover_image: null,
    bio: row.bio,
    website: null,
    location: null,
    facebook: null,
    twitter: null,
    meta_title: null,
    meta_description: null,
    url: absolute(authorHref(row.slug)),
  };
}

/** The tags (primary first) and authors of a page of articles: two queries for the whole page. */
export async function relationsOf(rows: PostRow[], options: QueryOptions) {
  const db = await getDb();
  const tagsById = new Map<number, GhostTag[]>();
  const authorById = new Map<number, GhostAuthor>();
  const ids = rows.map((row) => row.id);
  if (options.include.has("tags") && ids.length > 0) {
    const categoryIds = [...new Set(rows.map((row) => row.categoryId).filter((id): id is number => id !== null))];
    const [categoryRows, tagRows] = await Promise.all([
      categoryIds.length === 0
        ? []
        : db
            .select({
              id: categories.id,
              name: categories.name,
              slug: categories.slug,
              description: categories.description,
            })
            .from(categories)
            .where(inArray(categories.id, categoryIds)),
      db
        .select({ articleId: articleTags.articleId, id: tags.id, name: tags.name, slug: tags.slug })
        .from(articleTags)
        .innerJoin(tags, eq(tags.id, articleTags.tagId))
        .where(inArray(articleTags.articleId, ids))
        .orderBy(asc(articleTags.articleId), asc(articleTags.position), asc(tags.slug)),
    ]);
    const categoryById = new Map(categoryRows.map((row) => [row.id, categoryAsTag(row)]));
    for (const row of rows) {
      const primary = row.categoryId === null ? undefined : categoryById.get(row.categoryId);
      tagsById.set(row.id, primary ? [primary] : []);
    }
    for (const row of tagRows) {
      const list = tagsById.get(row.articleId)!;
      // A tag with the category's slug is the primary tag already.
      if (!list.some((tag) => tag.slug === row.slug)) list.push(tagAsTag(row));
    }
  }
  if (options.include.has("authors")) {
    const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is number => id !== null))];
    if (authorIds.length > 0) {
      const authorRows = await db
        .select({
          id: authors.id,
          name: authors.name,
          slug: authors.slug,
          avatarUrl: authors.avatarUrl,
          bio: authors.bio,
        })
        .from(authors)
        .where(inArray(authors.id, authorIds));
      for (const row of authorRows) authorById.set(row.id, authorAsAuthor(row));
    }
  }
  return { tagsById, authorById };
}

export function postObject(
  row: PostRow,
  options: QueryOptions,
  relations: Awaited<ReturnType<typeof relationsOf>>,
): Record<string, unknown> {
  const excerpt = row.excerpt ?? htmlText(row.contentHtml).slice(0, 500);
  const post: Record<string, unknown> = {
    id: ghostId("post", row.id),
    uuid: ghostUuid("post", row.id),
    title: row.title,
    slug: row.slug,
  };
  if (options.formats.has("html")) post.html = row.contentHtml;
  if (options.formats.has("plaintext")) post.plaintext = htmlText(row.contentHtml);
  if (options.formats.has("markdown")) post.markdown = row.content;
  Object.assign(post, {
    comment_id: ghostId("post", row.id),
    feature_image: row.imageUrl ? absolute(row.imageUrl) : null,
    feature_image_alt: null,
    feature_image_caption: null,
    featured: row.featured,
    visibility: "public",
    created_at: iso(row.publishedAt),
    updated_at: iso(row.updatedAt),
    published_at: iso(row.publishedAt),
    custom_excerpt: row.excerpt,
    codeinjection_head: null,
    codeinjection_foot: null,
    custom_template: null,
    canonical_url: row.canonicalUrl,
    url: absolute(postHref(row.slug)),
    excerpt,
    reading_time: row.readingMinutes,
    access: true,
    comments: true,
    og_image: null,
    og_title: null,
    og_description: null,
    twitter_image: null,
    twitter_title: null,
    twitter_description: null,
    meta_title: null,
    meta_description: row.excerpt,
    email_subject: null,
    frontmatter: null,
  });
  if (options.include.has("tags")) {
    const list = relations.tagsById.get(row.id) ?? [];
    post.tags = list;
    post.primary_tag = list[0] ?? null;
  }
  if (options.include.has("authors")) {
    const author = row.authorId === null ? undefined : relations.authorById.get(row.authorId);
    post.authors = author ? [author] : [];
    post.primary_author = author ?? null;
  }
  return pickFields(post, options.fields);
}

function orderBy(options: QueryOptions): SQL[] {
  const terms = options.order.map(({ field, direction }) => {
    const column = ORDER_COLUMNS[field]!;
    return direction === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  });
  // A stable order whatever was asked: the id last.
  terms.push(options.order.at(-1)?.direction === "asc" ? asc(articles.id) : desc(articles.id));
  return terms;
}

/** `posts.browse`: one page of published articles, Ghost's envelope. */
export async function browsePosts(options: QueryOptions) {
  const db = await getDb();
  const condition = and(isPublished, filterCondition(options.filter, POST_FILTERS));
  const size = options.limit.count;
  const rows = await db
    .select({ ...postColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(articles)
    .where(condition)
    .orderBy(...orderBy(options))
    .limit(size)
    .offset((options.page - 1) * size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(articles)
      .where(condition);
    total = counted?.total ?? 0;
  }
  const relations = await relationsOf(rows, options);
  return {
    posts: rows.map((row) => postObject(row, options, relations)),
    meta: { pagination: pagination(options, total) },
  };
}

/** `posts.read` by id or slug: `{posts:[one]}` (no meta: the SDKs unwrap it), or null. */
export async function readPost(key: { id: string } | { slug: string }, options: QueryOptions) {
  const where =
    "id" in key
      ? (() => {
          const id = parseGhostId("post", key.id);
          return id === null ? null : eq(articles.id, id);
        })()
      : eq(articles.slug, key.slug);
  if (!where) return null;
  const db = await getDb();
  const condition = and(isPublished, where, filterCondition(options.filter, POST_FILTERS));
  const [row] = await db.select(postColumns).from(articles).where(condition).limit(1);
  if (!row) return null;
  return { posts: [postObject(row, options, await relationsOf([row], options))] };
}
