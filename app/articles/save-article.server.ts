import { and, eq, ne, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { articles, categories, series } from "~/db/schema";
import { ARTICLE_MESSAGES, type ArticleInput } from "~/lib/article-schema";
import { imagesWithoutAlt, renderMarkdown } from "~/markdown/markdown.server";
import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { announceArticle, articlePageState } from "./article-tags.server";
import { recordUsages, referencedHashes, type UploadInfo, uploadsByHash } from "~/media/media.server";
import { nextRevisedAt, recordRevision } from "./revisions.server";
import { moveSlug, redirectOwner } from "./slug-redirects.server";
import { isUniqueViolation, pgErrorOf } from "~/db/pg-error.server";
import { authorIdForUser } from "./admin-articles.server";
import { lockSeries, writeArticleTaxonomy } from "~/taxonomy/article-taxonomy.server";
import { noteArticleNewsletter } from "~/newsletters/fan-out.server";
import { storedCanonicalUrl } from "./canonical-url.server";

export type SaveIntent = "publish" | "draft" | "schedule";

/** Who saves what: `userId`'s author profile is the byline; a schedule time in the past publishes now. */
type SaveOptions = {
  userId: number;
  input: ArticleInput;
  intent?: SaveIntent;
  scheduledAt?: Date | null;
  /** The editor's "Do not email this article" (app/newsletters); left out, the stored choice stands. */
  skipNewsletter?: boolean;
  /** Who the audit log names, when not `userId` (an integration's Admin API call: its name). */
  auditActor?: AuditActor | AuditCommandActor;
};

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
  | {
      status: "invalid";
      fieldErrors: Partial<Record<"slug" | "categoryId" | "seriesId" | "content" | "scheduledAt", string[]>>;
    }
  | { status: "no-author-profile" }
  | { status: "conflict" }
  | { status: "not-found" };

/** A lost race turned into the field error the pre-check would have given; null if unrelated. */
function raceToFieldErrors(error: unknown): SaveResult | null {
  if (isUniqueViolation(error, "articles_slug_key") !== false) {
    return { status: "invalid", fieldErrors: { slug: [ARTICLE_MESSAGES.slugTaken] } };
  }
  const pg = pgErrorOf(error);
  if (pg?.code === "23503" && pg.constraint?.includes("series")) {
    return { status: "invalid", fieldErrors: { seriesId: [ARTICLE_MESSAGES.seriesInvalid] } };
  }
  if (pg?.code === "23503" && (pg.constraint === null || pg.constraint.includes("category"))) {
    return { status: "invalid", fieldErrors: { categoryId: [ARTICLE_MESSAGES.categoryInvalid] } };
  }
  return null;
}

/**
 * Checks that need the database: the slug is free (other than `exceptId`), is not an old slug
 * of another article that still redirects, and the category and series exist.
 */
async function checkReferences(db: Database, input: ArticleInput, exceptId: number | null) {
  const seriesId = input.seriesId ?? null;
  const [slugOwner, redirectsTo, category, inSeries] = await Promise.all([
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
    seriesId === null
      ? Promise.resolve([{ id: 0 }])
      : db.select({ id: series.id }).from(series).where(eq(series.id, seriesId)).limit(1),
  ]);
  const fieldErrors: Partial<Record<"slug" | "categoryId" | "seriesId", string[]>> = {};
  if (slugOwner.length > 0) fieldErrors.slug = [ARTICLE_MESSAGES.slugTaken];
  else if (redirectsTo !== null) fieldErrors.slug = [ARTICLE_MESSAGES.slugRedirects];
  if (category.length === 0) fieldErrors.categoryId = [ARTICLE_MESSAGES.categoryInvalid];
  if (inSeries.length === 0) fieldErrors.seriesId = [ARTICLE_MESSAGES.seriesInvalid];
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

/**
 * The columns a save renders from `input`, and the uploads it uses, for writers that bring their
 * own byline and dates (imports: app/backup/import.server.ts). Same pipeline as every save.
 */
export async function renderArticleColumns(input: ArticleInput) {
  const hashes = referencedHashes(input.content, input.imageUrl);
  return { values: await rendered(input, await uploadsByHash(hashes)), hashes };
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
    // Left out: as it is (an update keeps it, a new article has none).
    canonicalUrl: storedCanonicalUrl(input.canonicalUrl, input.slug),
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
export async function createArticle(options: SaveOptions): Promise<SaveResult> {
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
      // A series' lock comes before any article write (app/taxonomy/series.server.ts).
      await lockSeries(tx, [options.input.seriesId]);
      const [inserted] = await tx
        .insert(articles)
        .values({ ...values, ...state, authorId, updatedAt: sql`now()`, revisedAt: sql`now()` })
        .returning({ id: articles.id, slug: articles.slug });
      if (!inserted) throw new Error("The article was not saved.");
      await writeArticleTaxonomy(tx, inserted.id, options.input);
      await recordUsages(tx, inserted.id, hashes);
      await noteArticleNewsletter(tx, inserted.id, {
        becameLive: intent === "publish",
        skip: options.skipNewsletter,
      });
      await recordRevision(tx, {
        articleId: inserted.id,
        userId: options.userId,
        reason: "created",
        fields: options.input,
      });
      await recordAudit(
        options.auditActor ?? { id: options.userId },
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
export async function updateArticle(options: SaveOptions & { id: number; version: string }): Promise<SaveResult> {
  const db = await getDb();
  const authorId = await authorIdForUser(options.userId);
  if (authorId === null) return { status: "no-author-profile" };
  const [current] = await db
    .select({
      same: sql<boolean>`${articles.revisedAt} = ${options.version}::timestamptz`,
      status: articles.status,
      seriesId: sql<number | null>`(select p.series_id from series_parts p where p.article_id = ${articles.id})`,
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
      // The series it leaves and joins are locked before its row (app/taxonomy/series.server.ts):
      // a reorder of either waits for this save, or this save for it.
      if (options.input.seriesId !== undefined) await lockSeries(tx, [options.input.seriesId, current.seriesId]);
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
          options.auditActor ?? { id: options.userId },
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
      await writeArticleTaxonomy(tx, row.id, options.input);
      await recordUsages(tx, row.id, hashes);
      const wasLive = locked.status === "published";
      if (wasLive && intent === "publish") await moveSlug(tx, options.id, locked.slug, row.slug);
      await noteArticleNewsletter(tx, options.id, {
        becameLive: intent === "publish" && !wasLive,
        skip: options.skipNewsletter,
      });
      const reason = intent === "schedule" ? "scheduled" : intent === "publish" && !wasLive ? "published" : "saved";
      await recordRevision(tx, { articleId: options.id, userId: options.userId, reason, fields: options.input });
      await recordAudit(
        options.auditActor ?? { id: options.userId },
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
