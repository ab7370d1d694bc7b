/**
 * The administrator's side of articles: the dashboard list, the editor's reads, and create,
 * update and delete.
 *
 * - Markdown is rendered at save (content_html, preview_html, toc, reading_minutes): reads
 *   never parse it.
 * - Slugs are unique: checked before writing, and the unique index (articles_slug_key) catches
 *   the race of two saves at once; either way the answer is a field error on slug.
 * - Optimistic concurrency: an edit form carries the `updated_at` it was loaded with (its
 *   "version", ISO 8601 to the microsecond); an update whose version is no longer the row's is
 *   refused as a conflict. Every update moves updated_at strictly forward, so two saves can
 *   never share a version.
 * - Create sets published_at and updated_at to now; update keeps published_at and the byline
 *   (author_id), and sets updated_at.
 * - Images: every image needs alt text (a field error on content names those without); uploaded
 *   images (/media/…) are rendered with their sizes and variants, and the uploads an article uses
 *   (markdown or cover) are recorded in media_usages in the same transaction as the article.
 * - Every write announces the change (contentChanged) with the tags of the pages it touched
 *   (the article's page before and after, its categories, the lists, feeds and search), which
 *   drops exactly those pages from the page cache on this instance and the others.
 *
 * Indexes: the dashboard walks articles_published_idx (published_at desc nulls last, id desc
 * nulls last: the ORDER BY must say "nulls last" too, or the planner cannot use it); its title
 * search (ILIKE '%q%') uses articles_title_trgm_idx (gin_trgm_ops, drizzle/0001_search.sql).
 */
import { MAX_PAGE } from "~/lib/pagination";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type Database, getDb, queryRows } from "~/db/db.server";
import { type ArticleStatus, articles, authors, categories } from "~/db/schema";
import { ARTICLE_MESSAGES, type ArticleInput } from "~/lib/article-schema";
import { type DashboardStatusFilter, parseStatusFilter } from "~/lib/dashboard-status";
import { imagesWithoutAlt, renderMarkdown } from "~/markdown/markdown.server";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { onContentChanged } from "~/cache/content-events.server";
import { announceArticle, articlePageState } from "./article-tags.server";
import { recordUsages, referencedHashes, type UploadInfo, uploadsByHash } from "~/media/media.server";
import { moveSlug, nextRevisedAt, recordRevision, redirectOwner, versionSql } from "./editorial.server";

export const DASHBOARD_PAGE_SIZE = 50;
/** Longest title search kept (longer input is cut). */
export const DASHBOARD_QUERY_MAX = 200;

export type DashboardRow = {
  id: number;
  title: string;
  slug: string;
  authorName: string | null;
  status: ArticleStatus;
  /** ISO 8601; null for drafts and scheduled articles. */
  publishedAt: string | null;
  /** ISO 8601, for scheduled articles. */
  scheduledAt: string | null;
  /** Why the scheduler could not publish it, or null. */
  publishError: string | null;
  /** Edits saved but not live yet. */
  hasPending: boolean;
};

export type { DashboardStatusFilter };
export { parseStatusFilter };

export type DashboardPage = {
  articles: DashboardRow[];
  /** Every article, whatever the search: the 'All Articles (count)' figure. */
  total: number;
  /** Articles matching the search (equal to `total` without one); pages are counted on these. */
  matching: number;
  page: number;
  pageCount: number;
  pageSize: number;
  query: string;
  status: DashboardStatusFilter;
};

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A search box value as a LIKE pattern matching it anywhere, wildcards taken literally. */
function containsPattern(query: string) {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function normalizeDashboardQuery(raw: string | null | undefined) {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, DASHBOARD_QUERY_MAX);
}

type DashboardSqlRow = {
  total: number | string;
  matching: number | string | null;
  id: number | null;
  title: string | null;
  slug: string | null;
  author_name: string | null;
  status: ArticleStatus | null;
  published_at: Date | string | null;
  scheduled_at: Date | string | null;
  publish_error: string | null;
  has_pending: boolean | null;
};

/**
 * The number of articles is the dashboard's only O(n) read (a full scan: the embedded database
 * never vacuums, so no index-only count). It is kept per database for TOTAL_TTL_MS and dropped
 * at every content change: this instance's writes, and other instances' through LISTEN/NOTIFY
 * (see content-events.server.ts). Only a write that bypasses the application (SQL by hand, the
 * seed script beside a running server on PostgreSQL) can show a stale total, for at most the TTL.
 */
export const TOTAL_TTL_MS = 30_000;
let knownTotals = new WeakMap<Database, { value: number; expiresAt: number }>();
/** Bumped by every content change, so a count read before one is never kept after it. */
let generation = 0;
let watching = false;

function cachedTotal(db: Database): number | null {
  if (!watching) {
    watching = true;
    onContentChanged(() => {
      generation++;
      knownTotals = new WeakMap();
    });
  }
  const known = knownTotals.get(db);
  return known && known.expiresAt > Date.now() ? known.value : null;
}

/**
 * The dashboard's one statement: the counts row always comes back (with a null article past
 * the last page), the page joins it laterally. `knownTotal` skips counting every article.
 * A title search reads the narrow `article_search` table (one ~100-byte row per article, kept by
 * triggers: drizzle/0005_search_candidates.sql) for its count and its page of ids, through the
 * trigram index, so it never reads the wide articles rows of its matches; only the page's 50
 * rows come from articles. Exported so a test can EXPLAIN it.
 */
export function dashboardSql(
  query: string,
  page: number,
  knownTotal: number | null = null,
  status: DashboardStatusFilter = "all",
  authorId: number | null = null,
) {
  const offset = (page - 1) * DASHBOARD_PAGE_SIZE;
  // articles and article_search share these column names (the id is article_id in the latter).
  const matches = (alias: string) => {
    const title = query === "" ? sql`true` : sql`${sql.raw(alias)}.title ilike ${containsPattern(query)}`;
    const own = authorId === null ? title : sql`${title} and ${sql.raw(alias)}.author_id = ${authorId}::int`;
    // A literal (one of three known values), so the planner can match the status indexes.
    return status === "all" ? own : sql`${own} and ${sql.raw(alias)}.status = ${sql.raw(`'${status}'`)}`;
  };
  const filtered = query !== "" || status !== "all";
  // Drafts and scheduled articles have no published_at: newest first is id order (articles_status_id_idx).
  const unpublishedOnly = status === "draft" || status === "scheduled";
  const order = (alias: string, id: string) =>
    unpublishedOnly
      ? sql.raw(`${alias}.${id} desc`)
      : sql.raw(`${alias}.published_at desc nulls last, ${alias}.${id} desc nulls last`);
  const mineOnly = authorId === null ? sql`true` : sql`o.author_id = ${authorId}::int`;
  const total =
    knownTotal === null ? sql`(select count(*)::int from articles o where ${mineOnly})` : sql`${knownTotal}::int`;
  const source = query === "" ? sql`articles m` : sql`article_search m`;
  const matching = filtered ? sql`(select count(*)::int from ${source} where ${matches("m")})` : sql`null::int`;
  const pageIds =
    query === ""
      ? sql`select a.id from articles a where ${matches("a")} order by ${order("a", "id")}
            limit ${DASHBOARD_PAGE_SIZE} offset ${offset}`
      : sql`select s.article_id as id from article_search s where ${matches("s")} order by ${order("s", "article_id")}
            limit ${DASHBOARD_PAGE_SIZE} offset ${offset}`;
  // Each count is referenced once: a scalar subquery used twice would be evaluated twice.
  return sql`select t.total, t.matching, p.id, p.title, p.slug, p.author_name, p.status, p.published_at,
               p.scheduled_at, p.publish_error, p.has_pending
        from (select ${total} as total, ${matching} as matching) t
        left join lateral (
          select a.id, a.title, a.slug, au.name as author_name, a.status, a.published_at, a.scheduled_at,
                 a.publish_error, a.pending_revision_id is not null as has_pending
          from (${pageIds}) ids
          join articles a on a.id = ids.id
          left join authors au on au.id = a.author_id
        ) p on true
        order by ${order("p", "id")}`;
}

/** One page of the dashboard, newest first, with the count of all articles and of the matching ones. */
export async function listDashboardArticles(
  options: {
    query?: string | null;
    page?: number;
    status?: DashboardStatusFilter;
    /** Only this author profile's articles (writers without "article.edit-any" see only theirs). */
    authorId?: number | null;
  } = {},
): Promise<DashboardPage> {
  const status = options.status ?? "all";
  const authorId = options.authorId ?? null;
  const db = await getDb();
  const query = normalizeDashboardQuery(options.query);
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), MAX_PAGE);
  // The cached total is everyone's; one writer's own count is an index range (articles_author_id_idx).
  const known = authorId === null ? cachedTotal(db) : null;
  const readAt = generation;
  const rows = await queryRows<DashboardSqlRow>(db, dashboardSql(query, page, known, status, authorId));
  const total = Number(rows[0]?.total ?? 0);
  if (authorId === null && known === null && readAt === generation)
    knownTotals.set(db, { value: total, expiresAt: Date.now() + TOTAL_TTL_MS });
  const matching = query === "" && status === "all" ? total : Number(rows[0]?.matching ?? 0);
  const list: DashboardRow[] = [];
  for (const row of rows) {
    if (row.id === null || row.title === null || row.slug === null || row.status === null) continue;
    list.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      authorName: row.author_name,
      status: row.status,
      publishedAt: row.published_at === null ? null : toIso(row.published_at),
      scheduledAt: row.scheduled_at === null ? null : toIso(row.scheduled_at),
      publishError: row.publish_error,
      hasPending: Boolean(row.has_pending),
    });
  }
  return {
    articles: list,
    total,
    matching,
    page,
    pageCount: Math.max(1, Math.ceil(matching / DASHBOARD_PAGE_SIZE)),
    pageSize: DASHBOARD_PAGE_SIZE,
    query,
    status,
  };
}

/** The editor's fields (what a save writes) with the article's id, date and version. */
export type EditableArticle = ArticleInput & {
  id: number;
  /** ISO 8601; null for drafts and scheduled articles. */
  publishedAt: string | null;
  /** revised_at to the microsecond: the edit form sends it back (optimistic concurrency). */
  version: string;
};

/** An article id from a URL segment, or null when it cannot be one. */
export function parseArticleId(raw: string | undefined | null): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Everything the editor shows, or null for an unknown id. */
export async function getEditableArticle(id: number): Promise<EditableArticle | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      content: articles.content,
      excerpt: articles.excerpt,
      imageUrl: articles.imageUrl,
      categoryId: articles.categoryId,
      featured: articles.featured,
      publishedAt: articles.publishedAt,
      version: versionSql,
    })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row ? { ...row, publishedAt: row.publishedAt ? toIso(row.publishedAt) : null } : null;
}

/** Title and slug of one article (the delete confirmation), or null. */
export async function getArticleSummary(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: articles.id, title: articles.title, slug: articles.slug })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1);
  return row ?? null;
}

export type CategoryOption = { id: number; name: string };

/** The category select's options, by name. */
export async function listCategoryOptions(): Promise<CategoryOption[]> {
  const db = await getDb();
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

/** The author profile linked to a user (authors_user_id_key), or null. */
export async function authorIdForUser(userId: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db.select({ id: authors.id }).from(authors).where(eq(authors.userId, userId)).limit(1);
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writes

export type SaveIntent = "publish" | "draft" | "schedule";

/** What a successful save did: live now, saved as a draft, scheduled, or staged as pending changes. */
export type SaveOutcome = "published" | "draft" | "scheduled" | "staged";

export type SaveResult =
  | {
      status: "saved";
      id: number;
      slug: string;
      outcome: SaveOutcome;
      /** A schedule time in the past: published now instead. */
      publishedNow?: boolean;
    }
  | { status: "invalid"; fieldErrors: Partial<Record<"slug" | "categoryId" | "content" | "scheduledAt", string[]>> }
  | { status: "no-author-profile" }
  | { status: "conflict" }
  | { status: "not-found" };

type PgErrorLike = { code?: unknown; constraint?: unknown };

/** The PostgreSQL error behind a driver or Drizzle error (they wrap it in `cause`). */
function pgErrorOf(error: unknown): { code: string; constraint: string | null } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, constraint } = current as PgErrorLike;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : null };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A lost race turned into the field error the pre-check would have given; null if unrelated. */
function raceToFieldErrors(error: unknown): SaveResult | null {
  const pg = pgErrorOf(error);
  if (pg?.code === "23505" && (pg.constraint === "articles_slug_key" || pg.constraint === null)) {
    return { status: "invalid", fieldErrors: { slug: [ARTICLE_MESSAGES.slugTaken] } };
  }
  if (pg?.code === "23503" && (pg.constraint === null || pg.constraint.includes("category"))) {
    return { status: "invalid", fieldErrors: { categoryId: [ARTICLE_MESSAGES.categoryInvalid] } };
  }
  return null;
}

/**
 * Checks that need the database: the slug is free (other than `exceptId`), is not an old slug
 * of another article that still redirects, and the category exists.
 */
async function checkReferences(db: Database, input: ArticleInput, exceptId: number | null) {
  const [slugOwner, redirectsTo, category] = await Promise.all([
    db
      .select({ id: articles.id })
      .from(articles)
      .where(
        exceptId === null
          ? eq(articles.slug, input.slug)
          : and(eq(articles.slug, input.slug), ne(articles.id, exceptId)),
      )
      .limit(1),
    redirectOwner(db, input.slug, exceptId),
    input.categoryId === null
      ? Promise.resolve([{ id: 0 }])
      : db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1),
  ]);
  const fieldErrors: Partial<Record<"slug" | "categoryId", string[]>> = {};
  if (slugOwner.length > 0) fieldErrors.slug = [ARTICLE_MESSAGES.slugTaken];
  else if (redirectsTo !== null) fieldErrors.slug = [ARTICLE_MESSAGES.slugRedirects];
  if (category.length === 0) fieldErrors.categoryId = [ARTICLE_MESSAGES.categoryInvalid];
  return Object.keys(fieldErrors).length > 0 ? ({ status: "invalid", fieldErrors } as const) : null;
}

/** A name for an image without alt text: the upload's file name, else the last part of its URL. */
function imageName(src: string, uploads: Map<string, UploadInfo>) {
  const [hash] = referencedHashes(src);
  const upload = hash ? uploads.get(hash) : undefined;
  if (upload) return upload.originalName;
  const path = src.split(/[?#]/, 1)[0] ?? src;
  return decodeURIComponentSafe(path.split("/").filter(Boolean).pop() ?? src) || src;
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Everything a save writes besides the byline and dates, or the field error that blocks it:
 * images without alt text. `hashes` are the uploads the article uses.
 */
async function prepare(input: ArticleInput) {
  const hashes = referencedHashes(input.content, input.imageUrl);
  const uploads = await uploadsByHash(hashes);
  const missing = imagesWithoutAlt(input.content);
  if (missing.length > 0) {
    const names = [...new Set(missing.map((src) => imageName(src, uploads)))];
    const invalid: SaveResult = { status: "invalid", fieldErrors: { content: [ARTICLE_MESSAGES.altMissing(names)] } };
    return { invalid };
  }
  return { values: await rendered(input, uploads), hashes };
}

/** The editor's preview: rendered exactly as a save would (uploaded images included). */
export async function renderPreview(source: string) {
  return renderMarkdown(source, { images: await uploadsByHash(referencedHashes(source)) });
}

async function rendered(input: ArticleInput, images: Map<string, UploadInfo>) {
  const output = await renderMarkdown(input.content, { images });
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    contentHtml: output.html,
    previewHtml: output.previewHtml,
    toc: output.toc,
    readingMinutes: Math.max(1, output.readingMinutes),
    excerpt: input.excerpt,
    imageUrl: input.imageUrl,
    categoryId: input.categoryId,
    featured: input.featured,
  };
}

/** What a save intent does to an article's status columns (`wasPublished`: it is live now). */
function statusColumns(intent: SaveIntent, scheduledAt: Date | null) {
  switch (intent) {
    case "publish":
      return {
        status: "published" as const,
        publishedAt: sql`coalesce(${articles.publishedAt}, now())`,
        scheduledAt: null,
        // Publishing or scheduling a submitted draft takes it out of the review queue.
        submittedAt: null,
        reviewNote: null,
      };
    case "draft":
      return { status: "draft" as const, publishedAt: null, scheduledAt: null };
    case "schedule":
      return { status: "scheduled" as const, publishedAt: null, scheduledAt, submittedAt: null, reviewNote: null };
  }
}

/** A schedule time in the past (or now) publishes at once. */
function effectiveIntent(intent: SaveIntent, scheduledAt: Date | null | undefined) {
  if (intent !== "schedule") return { intent, publishedNow: false };
  if (!scheduledAt || scheduledAt.getTime() <= Date.now()) return { intent: "publish" as const, publishedNow: true };
  return { intent, publishedNow: false };
}

const OUTCOMES: Record<SaveIntent, SaveOutcome> = { publish: "published", draft: "draft", schedule: "scheduled" };

/**
 * Creates an article by the author profile linked to `userId`: published now (the spec's
 * "Create Article"), a draft, or scheduled for `scheduledAt` (a time in the past publishes now).
 */
export async function createArticle(options: {
  userId: number;
  input: ArticleInput;
  intent?: SaveIntent;
  scheduledAt?: Date | null;
}): Promise<SaveResult> {
  const db = await getDb();
  const authorId = await authorIdForUser(options.userId);
  if (authorId === null) return { status: "no-author-profile" };
  const invalid = await checkReferences(db, options.input, null);
  if (invalid) return invalid;
  const prepared = await prepare(options.input);
  if (prepared.invalid) return prepared.invalid;
  const { values, hashes } = prepared;
  const { intent, publishedNow } = effectiveIntent(options.intent ?? "publish", options.scheduledAt);
  const state =
    intent === "publish"
      ? { status: "published" as const, publishedAt: sql`now()`, scheduledAt: null }
      : statusColumns(intent, options.scheduledAt ?? null);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(articles)
        .values({ ...values, ...state, authorId, updatedAt: sql`now()`, revisedAt: sql`now()` })
        .returning({ id: articles.id, slug: articles.slug });
      if (!inserted) throw new Error("The article was not saved.");
      await recordUsages(tx, inserted.id, hashes);
      await recordRevision(tx, {
        articleId: inserted.id,
        userId: options.userId,
        reason: "created",
        fields: options.input,
      });
      await recordAudit(
        { id: options.userId },
        {
          kind: "article",
          action: `created-${OUTCOMES[intent]}`,
          targetId: inserted.id,
          summary: `Created “${options.input.title}” (${OUTCOMES[intent]})`,
        },
        tx,
      );
      return inserted;
    });
    await announceArticle(row.id, await articlePageState(row.id));
    return { status: "saved", id: row.id, slug: row.slug, outcome: OUTCOMES[intent], publishedNow };
  } catch (error) {
    const lost = raceToFieldErrors(error);
    if (lost) return lost;
    throw error;
  }
}

/**
 * Saves article `id` if it is still at `version` (the revised_at the form was loaded with).
 * Keeps the byline; the editor must still have an author profile.
 * - publish ("Update Article"): the fields go live (published_at kept, or now on first publish);
 *   a changed live slug keeps redirecting from the old one.
 * - draft ("Save draft"): a published article keeps its live version and the fields become its
 *   pending changes (readers do not see them); any other article becomes a draft.
 * - schedule: a draft or scheduled article is scheduled for `scheduledAt` (a time in the past
 *   publishes now); a published article cannot be scheduled (unpublish it first).
 */
export async function updateArticle(options: {
  id: number;
  userId: number;
  version: string;
  input: ArticleInput;
  intent?: SaveIntent;
  scheduledAt?: Date | null;
}): Promise<SaveResult> {
  const db = await getDb();
  const authorId = await authorIdForUser(options.userId);
  if (authorId === null) return { status: "no-author-profile" };
  const [current] = await db
    .select({
      same: sql<boolean>`${articles.revisedAt} = ${options.version}::timestamptz`,
      status: articles.status,
    })
    .from(articles)
    .where(eq(articles.id, options.id))
    .limit(1);
  if (!current) return { status: "not-found" };
  if (!current.same) return { status: "conflict" };
  if (options.intent === "schedule" && current.status === "published") {
    return { status: "invalid", fieldErrors: { scheduledAt: [ARTICLE_MESSAGES.scheduleLive] } };
  }
  const invalid = await checkReferences(db, options.input, options.id);
  if (invalid) return invalid;
  const { intent, publishedNow } = effectiveIntent(options.intent ?? "publish", options.scheduledAt);
  const prepared = await prepare(options.input);
  if (prepared.invalid) return prepared.invalid;
  const { values, hashes } = prepared;
  const before = await articlePageState(options.id);
  try {
    const outcome = await db.transaction(async (tx) => {
      // The version check again, under the row lock: a save that slipped in since the check
      // above (or is committing now) wins.
      const [locked] = await tx
        .select({
          same: sql<boolean>`${articles.revisedAt} = ${options.version}::timestamptz`,
          status: articles.status,
          slug: articles.slug,
        })
        .from(articles)
        .where(eq(articles.id, options.id))
        .for("update");
      if (!locked) return { status: "not-found" } as const;
      if (!locked.same) return { status: "conflict" } as const;
      if (intent === "draft" && locked.status === "published") {
        const revisionId = await recordRevision(tx, {
          articleId: options.id,
          userId: options.userId,
          reason: "saved",
          fields: options.input,
        });
        await tx
          .update(articles)
          .set({ pendingRevisionId: revisionId, revisedAt: nextRevisedAt })
          .where(eq(articles.id, options.id));
        await recordAudit(
          { id: options.userId },
          {
            kind: "article",
            action: "staged",
            targetId: options.id,
            summary: `Saved unpublished changes to “${options.input.title}”`,
          },
          tx,
        );
        return { status: "saved", slug: locked.slug, outcome: "staged" as SaveOutcome, live: false } as const;
      }
      const [row] = await tx
        .update(articles)
        .set({
          ...values,
          ...statusColumns(intent, options.scheduledAt ?? null),
          publishError: null,
          pendingRevisionId: null,
          updatedAt: sql`greatest(now(), ${articles.updatedAt} + interval '1 microsecond')`,
          revisedAt: nextRevisedAt,
        })
        .where(eq(articles.id, options.id))
        .returning({ id: articles.id, slug: articles.slug });
      if (!row) return { status: "not-found" } as const;
      await recordUsages(tx, row.id, hashes);
      const wasLive = locked.status === "published";
      if (wasLive && intent === "publish") await moveSlug(tx, options.id, locked.slug, row.slug);
      const reason = intent === "schedule" ? "scheduled" : intent === "publish" && !wasLive ? "published" : "saved";
      await recordRevision(tx, { articleId: options.id, userId: options.userId, reason, fields: options.input });
      await recordAudit(
        { id: options.userId },
        {
          kind: "article",
          action: reason === "saved" ? `saved-${OUTCOMES[intent]}` : reason,
          targetId: options.id,
          summary: `${reason === "saved" ? "Saved" : reason === "published" ? "Published" : "Scheduled"} “${options.input.title}”${reason === "saved" ? ` (${OUTCOMES[intent]})` : ""}`,
        },
        tx,
      );
      return { status: "saved", slug: row.slug, outcome: OUTCOMES[intent], live: true } as const;
    });
    if (outcome.status !== "saved") return outcome;
    if (outcome.live) await announceArticle(options.id, before, await articlePageState(options.id));
    return { status: "saved", id: options.id, slug: outcome.slug, outcome: outcome.outcome, publishedNow };
  } catch (error) {
    const lost = raceToFieldErrors(error);
    if (lost) return lost;
    throw error;
  }
}

/** Deletes article `id`; "not-found" when there was none. */
export async function deleteArticle(
  id: number,
  actor: AuditActor,
): Promise<{ status: "deleted"; slug: string } | { status: "not-found" }> {
  const db = await getDb();
  const before = await articlePageState(id);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(articles)
      .where(eq(articles.id, id))
      .returning({ id: articles.id, slug: articles.slug, title: articles.title });
    if (deleted) {
      await recordAudit(
        actor,
        { kind: "article", action: "deleted", targetId: id, summary: `Deleted “${deleted.title}”` },
        tx,
      );
    }
    return deleted;
  });
  if (!row) return { status: "not-found" };
  await announceArticle(row.id, before);
  return { status: "deleted", slug: row.slug };
}
