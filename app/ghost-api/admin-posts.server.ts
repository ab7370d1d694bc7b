/**
 * The Admin API's posts (issue 42): browse and read every status, add, edit and delete, through
 * the editor's own save path (app/articles/save-article.server.ts: rendering and sanitizing,
 * revisions, newsletter, schedule, cache announcements), with the integration's role checked by
 * the permissions module and its name in the audit log.
 *
 * Ghost's rules kept: `updated_at` must equal the stored one or the edit is a 409
 * UpdateCollisionError; unknown fields are dropped (a client may send a whole post back); HTML
 * is taken with `?source=html` (converted to Markdown by the importer's converter). Beyond Ghost:
 * a `markdown` field in, `formats=markdown` out. The post's `updated_at` here is the editor's
 * version (to the microsecond), so it round-trips exactly.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { createArticle, type SaveIntent, type SaveResult, updateArticle } from "~/articles/save-article.server";
import { deleteArticle } from "~/articles/delete-article.server";
import { getEditableArticle } from "~/articles/admin-articles.server";
import { unpublishArticle } from "~/articles/pending-changes.server";
import { versionSql } from "~/articles/revisions.server";
import type { AuditCommandActor } from "~/audit/audit.server";
import { can, type StaffRole } from "~/auth/permissions";
import { getDb } from "~/db/db.server";
import { articles, authors, categories, users } from "~/db/schema";
import { ArticleSchema, type ArticleInput, toArticleInput } from "~/lib/article-schema";
import { slugify } from "~/lib/content";
import { ghostId, parseGhostId } from "~/lib/ghost-ids";
import { htmlToMarkdown } from "~/lib/html-to-markdown";
import { apiError } from "./api-errors.server";
import { type FilterFields, filterCondition, membership } from "./nql.server";
import { POST_FILTERS, type PostRow, postColumns, postObject, relationsOf } from "./posts.server";
import { pagination, type QueryOptions, type ResourceOptions } from "./query-options.server";

export type ApiIntegration = { id: number; name: string; role: StaffRole };

export const ADMIN_POST_OPTIONS: ResourceOptions = {
  includes: ["tags", "authors"],
  formats: ["html", "plaintext", "markdown"],
  defaultFormats: ["markdown"],
  orderFields: ["published_at", "updated_at", "created_at", "title", "slug", "featured", "id"],
  defaultOrder: [{ field: "published_at", direction: "desc" }],
};

const STATUSES = ["draft", "published", "scheduled"] as const;
type GhostStatus = (typeof STATUSES)[number];

const ADMIN_FILTERS: FilterFields = {
  ...POST_FILTERS,
  status: membership("status", (values) => sql`${articles.status} in ${values}`),
};

const adminColumns = {
  ...postColumns,
  status: articles.status,
  scheduledAt: articles.scheduledAt,
  version: versionSql,
};
type AdminRow = PostRow & { status: string; scheduledAt: Date | string | null; version: string };

const auditActor = (integration: ApiIntegration): AuditCommandActor => ({
  id: null,
  fullName: `Integration: ${integration.name}`,
});

async function adminPosts(rows: AdminRow[], options: QueryOptions) {
  const relations = await relationsOf(rows, options);
  return rows.map((row) => {
    const post = postObject(row, { ...options, fields: null }, relations);
    post.status = row.status;
    post.updated_at = row.version;
    post.published_at =
      row.status === "scheduled" && row.scheduledAt ? new Date(row.scheduledAt).toISOString() : post.published_at;
    if (options.fields) {
      for (const key of Object.keys(post)) if (key !== "id" && !options.fields.has(key)) delete post[key];
    }
    return post;
  });
}

export async function browseAdminPosts(options: QueryOptions) {
  const db = await getDb();
  const condition = filterCondition(options.filter, ADMIN_FILTERS);
  const size = options.limit.count;
  const rows = await db
    .select({ ...adminColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(articles)
    .where(condition)
    .orderBy(
      ...options.order.map(({ field, direction }) => {
        const column =
          field === "title" ? sql`lower(${articles.title})` : sql.raw(`"articles"."${COLUMN_NAMES[field]}"`);
        return direction === "asc" ? sql`${column} asc nulls first` : sql`${column} desc nulls first`;
      }),
      asc(articles.id),
    )
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
  return { posts: await adminPosts(rows, options), meta: { pagination: pagination(options, total) } };
}

const COLUMN_NAMES: Record<string, string> = {
  published_at: "published_at",
  created_at: "published_at",
  updated_at: "revised_at",
  slug: "slug",
  featured: "featured",
  id: "id",
};

async function adminRow(where: ReturnType<typeof eq>): Promise<AdminRow | null> {
  const db = await getDb();
  const [row] = await db.select(adminColumns).from(articles).where(where).limit(1);
  return row ?? null;
}

function idWhere(id: string) {
  const number = parseGhostId("post", id);
  if (number === null) throw apiError(404, "Post not found.");
  return eq(articles.id, number);
}

export async function readAdminPost(key: { id: string } | { slug: string }, options: QueryOptions) {
  const row = await adminRow("id" in key ? idWhere(key.id) : eq(articles.slug, key.slug));
  if (!row) throw apiError(404, "Post not found.");
  return { posts: await adminPosts([row], options) };
}

/** The one post of `{posts:[{…}]}`, or a 400. */
export function onePost(body: unknown): Record<string, unknown> {
  const posts = (body as { posts?: unknown } | null)?.posts;
  const post = Array.isArray(posts) && posts.length === 1 ? posts[0] : null;
  if (!post || typeof post !== "object" || Array.isArray(post)) {
    throw apiError(400, 'The body must be {"posts": [one post]}.', null, { property: "posts" });
  }
  return post as Record<string, unknown>;
}

/** The site's owner: the first administrator with an author profile, whose byline API posts carry. */
async function ownerUserId(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(authors, eq(authors.userId, users.id))
    .where(and(eq(users.role, "administrator"), sql`${users.suspendedAt} is null`))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row)
    throw apiError(422, "No administrator with an author profile can sign this post.", null, {
      type: "ValidationError",
    });
  return row.id;
}

type TagRef = { name?: unknown; slug?: unknown } | string;

/** Ghost's tags: the first that names a category is the category (primary tag), the rest are tags. */
async function taxonomyOf(tags: unknown, current: ArticleInput | null) {
  if (tags === undefined) return { categoryId: current?.categoryId ?? null, tags: current?.tags ?? [] };
  if (!Array.isArray(tags))
    throw apiError(422, "tags must be a list.", null, { type: "ValidationError", property: "tags" });
  const names = (tags as TagRef[])
    .map((tag) =>
      typeof tag === "string"
        ? tag
        : typeof tag?.name === "string"
          ? tag.name
          : typeof tag?.slug === "string"
            ? tag.slug
            : "",
    )
    .map((name) => name.trim())
    .filter(Boolean);
  const db = await getDb();
  const rows =
    names.length === 0
      ? []
      : await db
          .select({ id: categories.id, name: categories.name, slug: categories.slug })
          .from(categories)
          .where(
            sql`${categories.slug} in ${names.map((name) => slugify(name))} or lower(${categories.name}) in ${names.map((name) => name.toLowerCase())}`,
          );
  const first = names[0];
  const category = first
    ? rows.find((row) => row.slug === slugify(first) || row.name.toLowerCase() === first.toLowerCase())
    : undefined;
  const rest = category ? names.slice(1) : names;
  return { categoryId: category?.id ?? (names.length === 0 ? null : (current?.categoryId ?? null)), tags: rest };
}

function text(post: Record<string, unknown>, field: string): string | undefined {
  const value = post[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw apiError(422, `${field} must be text.`, null, { type: "ValidationError", property: field });
  }
  return value;
}

/** A free slug for a new post: the asked one, else `-2`, `-3`, … (as Ghost does). */
async function freeSlug(base: string): Promise<string> {
  const db = await getDb();
  const taken = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(sql`${articles.slug} = ${base} or ${articles.slug} ~ ${`^${base}-[0-9]+$`}`);
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The editor's input from a Ghost post (unknown fields dropped), checked by the editor's schema. */
async function inputFrom(post: Record<string, unknown>, current: ArticleInput | null, source: string | null) {
  const title = text(post, "title") ?? current?.title;
  const markdown = text(post, "markdown");
  const html = source === "html" ? text(post, "html") : undefined;
  const content = markdown ?? (html !== undefined ? htmlToMarkdown(html) : current?.content);
  if (!title) throw apiError(422, "A post needs a title.", null, { type: "ValidationError", property: "title" });
  if (content === undefined || content.trim() === "") {
    throw apiError(422, "A post needs its text: markdown, or html with ?source=html.", null, {
      type: "ValidationError",
      property: "markdown",
    });
  }
  const askedSlug = text(post, "slug");
  // A new post's slug is made free as Ghost does (`-2`, …); an edit's is taken as asked.
  const slug = current ? (askedSlug ?? current.slug) : await freeSlug(askedSlug ?? (slugify(title) || "post"));
  const taxonomy = await taxonomyOf(post.tags, current);
  const featured = post.featured === undefined ? current?.featured : post.featured === true;
  const parsed = ArticleSchema.safeParse({
    title,
    slug,
    content,
    excerpt: text(post, "custom_excerpt") ?? current?.excerpt ?? undefined,
    imageUrl: text(post, "feature_image") ?? current?.imageUrl ?? undefined,
    canonicalUrl: text(post, "canonical_url") ?? current?.canonicalUrl ?? undefined,
    categoryId: taxonomy.categoryId ?? undefined,
    featured: featured ?? false,
    tags: taxonomy.tags.join(", "),
    seriesId: current?.seriesId ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw apiError(422, issue.message, null, { type: "ValidationError", property: String(issue.path[0] ?? "") });
  }
  return toArticleInput(parsed.data);
}

function statusOf(
  post: Record<string, unknown>,
  fallback: GhostStatus,
): { intent: SaveIntent; scheduledAt: Date | null } {
  const status = post.status ?? fallback;
  if (typeof status !== "string" || !(STATUSES as readonly string[]).includes(status)) {
    throw apiError(422, "status must be draft, published or scheduled.", null, {
      type: "ValidationError",
      property: "status",
    });
  }
  if (status !== "scheduled") return { intent: status === "published" ? "publish" : "draft", scheduledAt: null };
  const at = typeof post.published_at === "string" ? new Date(post.published_at) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw apiError(422, "A scheduled post needs published_at.", null, {
      type: "ValidationError",
      property: "published_at",
    });
  }
  return { intent: "schedule", scheduledAt: at };
}

function allow(integration: ApiIntegration, intent: SaveIntent) {
  if (!can(integration.role, "article.write")) throw noPermission();
  if (intent === "publish" && !can(integration.role, "article.publish-own")) throw noPermission();
  if (intent === "schedule" && !can(integration.role, "article.schedule")) throw noPermission();
}

const noPermission = () =>
  apiError(403, "Permission error, cannot edit post.", "This integration's role may not do this.");

function saveFailure(result: Exclude<SaveResult, { status: "saved" }>): Response {
  if (result.status === "conflict") {
    return apiError(
      409,
      "Saving failed! Someone else is editing this post.",
      "The post was changed since this updated_at.",
    );
  }
  if (result.status === "not-found") return apiError(404, "Post not found.");
  if (result.status === "no-author-profile") {
    return apiError(422, "No author profile can sign this post.", null, { type: "ValidationError" });
  }
  const [field, messages] = Object.entries(result.fieldErrors)[0] ?? ["", []];
  return apiError(422, messages?.[0] ?? "The post is not valid.", null, { type: "ValidationError", property: field });
}

export async function addAdminPost(
  integration: ApiIntegration,
  body: unknown,
  options: QueryOptions,
  source: string | null,
) {
  const post = onePost(body);
  const { intent, scheduledAt } = statusOf(post, "draft");
  allow(integration, intent);
  const input = await inputFrom(post, null, source);
  const result = await createArticle({
    userId: await ownerUserId(),
    input,
    intent,
    scheduledAt,
    auditActor: auditActor(integration),
  });
  if (result.status !== "saved") throw saveFailure(result);
  return readAdminPost({ id: ghostId("post", result.id) }, options);
}

export async function editAdminPost(
  integration: ApiIntegration,
  id: string,
  body: unknown,
  options: QueryOptions,
  source: string | null,
) {
  const post = onePost(body);
  const number = parseGhostId("post", id);
  const current = number === null ? null : await getEditableArticle(number);
  if (number === null || !current) throw apiError(404, "Post not found.");
  const version = typeof post.updated_at === "string" ? post.updated_at : null;
  if (!version) {
    throw apiError(422, "updated_at is required to edit a post.", null, {
      type: "ValidationError",
      property: "updated_at",
    });
  }
  if (
    new Date(version).getTime() !== new Date(current.version).getTime() ||
    Number.isNaN(new Date(version).getTime())
  ) {
    throw saveFailure({ status: "conflict" });
  }
  const row = await adminRow(eq(articles.id, number));
  const was = (row?.status ?? "draft") as GhostStatus;
  const { intent, scheduledAt } = statusOf(post, was);
  allow(integration, intent);
  if (was === "published" && intent !== "publish" && !can(integration.role, "article.publish-own"))
    throw noPermission();
  const input = await inputFrom(post, current, source);
  const userId = await ownerUserId();
  let at = current.version;
  if (was === "published" && intent === "draft") {
    // Ghost's status "draft" on a published post unpublishes it (the editor's Unpublish).
    const unpublished = await unpublishArticle({
      id: number,
      userId,
      version: at,
      auditActor: auditActor(integration),
    });
    if (unpublished.status === "invalid") {
      throw apiError(422, unpublished.message, null, { type: "ValidationError" });
    }
    if (unpublished.status !== "saved") throw saveFailure(unpublished);
    at = unpublished.version;
  }
  const result = await updateArticle({
    id: number,
    version: at,
    userId,
    input,
    intent,
    scheduledAt,
    auditActor: auditActor(integration),
  });
  if (result.status !== "saved") throw saveFailure(result);
  return readAdminPost({ id }, options);
}

export async function deleteAdminPost(integration: ApiIntegration, id: string) {
  if (!can(integration.role, "article.publish-own")) throw noPermission();
  const number = parseGhostId("post", id);
  if (number === null) throw apiError(404, "Post not found.");
  const result = await deleteArticle(number, auditActor(integration));
  if (result.status !== "deleted") throw apiError(404, "Post not found.");
}
