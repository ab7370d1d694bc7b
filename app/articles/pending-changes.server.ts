import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { articleRevisions, articles, type ArticleStatus, type RevisionFields, type RevisionReason } from "~/db/schema";
import { announceArticle, articlePageState } from "./article-tags.server";
import { ARTICLE_LIMITS } from "~/lib/article-schema";
import { parseTagList, TAG_LIMITS } from "~/lib/tag-names";
import { readArticleTaxonomy } from "~/taxonomy/article-taxonomy.server";
import { toIso } from "~/lib/dates";
import { nextRevisedAt, recordRevision, rowFieldColumns, versionSql } from "./revisions.server";

export type EditorState = {
  status: ArticleStatus;
  /** ISO 8601, or null. */
  scheduledAt: string | null;
  publishedAt: string | null;
  publishError: string | null;
  /** The fields the editor shows: the pending revision's when there is one, else the row's. */
  fields: RevisionFields;
  /** The row's fields (the live version when published). */
  saved: RevisionFields;
  pending: { revisionId: number; reason: RevisionReason; createdAt: string } | null;
  version: string;
};

/** What the editor needs beyond the row: status, schedule, pending changes. Null for an unknown id. */
export async function getEditorState(id: number): Promise<EditorState | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...rowFieldColumns,
      status: articles.status,
      scheduledAt: articles.scheduledAt,
      publishedAt: articles.publishedAt,
      publishError: articles.publishError,
      version: versionSql,
      pendingId: articleRevisions.id,
      pendingReason: articleRevisions.reason,
      pendingFields: articleRevisions.fields,
      pendingCreatedAt: articleRevisions.createdAt,
    })
    .from(articles)
    .leftJoin(articleRevisions, eq(articleRevisions.id, articles.pendingRevisionId))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) return null;
  const taxonomy = await readArticleTaxonomy(id);
  const saved: RevisionFields = {
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    canonicalUrl: row.canonicalUrl,
    categoryId: row.categoryId,
    featured: row.featured,
    tags: taxonomy.tags,
    seriesId: taxonomy.seriesId,
  };
  const pending =
    row.pendingId !== null && row.pendingReason !== null && row.pendingCreatedAt !== null
      ? { revisionId: row.pendingId, reason: row.pendingReason, createdAt: toIso(row.pendingCreatedAt) }
      : null;
  return {
    status: row.status,
    scheduledAt: row.scheduledAt ? toIso(row.scheduledAt) : null,
    publishedAt: row.publishedAt ? toIso(row.publishedAt) : null,
    publishError: row.publishError,
    fields: pending && row.pendingFields ? { ...saved, ...row.pendingFields } : saved,
    saved,
    pending,
    version: row.version,
  };
}

// Autosave, discard, unpublish, restore

export type EditorialResult =
  | { status: "saved"; version: string }
  | { status: "conflict" }
  | { status: "not-found" }
  | { status: "invalid"; message: string };

/** Text fields as the editor sends them, cut to the form's limits (an autosave keeps anything). */
export function autosaveFields(form: FormData): RevisionFields {
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const category = Number.parseInt(text("categoryId", 12), 10);
  const inSeries = Number.parseInt(text("seriesId", 12), 10);
  const featured = form.get("featured");
  return {
    title: text("title", ARTICLE_LIMITS.title),
    slug: text("slug", ARTICLE_LIMITS.slug),
    content: text("content", ARTICLE_LIMITS.content),
    excerpt: text("excerpt", ARTICLE_LIMITS.excerpt) || null,
    imageUrl: text("imageUrl", ARTICLE_LIMITS.imageUrl) || null,
    // Left out of the post (an older page): kept as it is.
    canonicalUrl: form.has("canonicalUrl")
      ? text("canonicalUrl", ARTICLE_LIMITS.canonicalUrl).trim() || null
      : undefined,
    categoryId: Number.isInteger(category) && category > 0 && category <= 2_147_483_647 ? category : null,
    featured: featured === "on" || featured === "true",
    // Left out of the post (an older page): kept as they are.
    tags: form.has("tags")
      ? parseTagList(text("tags", TAG_LIMITS.field))
          .tags.slice(0, TAG_LIMITS.count)
          .map((tag) => tag.name)
      : undefined,
    seriesId: !form.has("seriesId")
      ? undefined
      : Number.isInteger(inSeries) && inSeries > 0 && inSeries <= 2_147_483_647
        ? inSeries
        : null,
  };
}

/**
 * Moves the article's version forward if it is still `version` and runs `write` in the same
 * transaction (the row is locked by the UPDATE). Conflict when the version moved; not-found when
 * the article is gone.
 */
async function atVersion(
  id: number,
  version: string,
  write: (tx: Runner, row: { status: ArticleStatus }) => Promise<Record<string, unknown> | undefined>,
): Promise<EditorialResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: articles.status, same: sql<boolean>`${articles.revisedAt} = ${version}::timestamptz` })
      .from(articles)
      .where(eq(articles.id, id))
      .for("update");
    if (!locked) return { status: "not-found" } as const;
    if (!locked.same) return { status: "conflict" } as const;
    const extra = await write(tx, { status: locked.status });
    const [row] = await tx
      .update(articles)
      .set({ revisedAt: nextRevisedAt, ...extra })
      .where(eq(articles.id, id))
      .returning({ version: versionSql });
    return { status: "saved", version: row?.version ?? version } as const;
  });
}

/** An autosave: the typed fields become the pending revision. Never publishes. */
export async function autosaveArticle(options: {
  id: number;
  userId: number;
  version: string;
  fields: RevisionFields;
}): Promise<EditorialResult> {
  return atVersion(options.id, options.version, async (tx) => {
    const revisionId = await recordRevision(tx, {
      articleId: options.id,
      userId: options.userId,
      reason: "autosaved",
      fields: options.fields,
    });
    return { pendingRevisionId: revisionId };
  });
}

/** Drops the pending changes (the revision stays in the history). */
export async function discardPendingChanges(options: {
  id: number;
  version: string;
  userId: number;
}): Promise<EditorialResult> {
  return atVersion(options.id, options.version, async (tx) => {
    await recordAudit(
      { id: options.userId },
      { kind: "article", action: "discarded", targetId: options.id, summary: "Discarded unpublished changes" },
      tx,
    );
    return { pendingRevisionId: null };
  });
}

/** A published article back to draft: readers no longer see it; Published At is emptied. */
export async function unpublishArticle(options: {
  id: number;
  userId: number;
  version: string;
  /** Who the audit log names, when not `userId` (an integration: its name). */
  auditActor?: AuditActor | AuditCommandActor;
}): Promise<EditorialResult> {
  const result = await atVersion(options.id, options.version, async (tx, row) => {
    if (row.status !== "published") return {};
    const [fields] = await tx.select(rowFieldColumns).from(articles).where(eq(articles.id, options.id));
    if (fields) {
      await recordRevision(tx, { articleId: options.id, userId: options.userId, reason: "unpublished", fields });
      await recordAudit(
        options.auditActor ?? { id: options.userId },
        { kind: "article", action: "unpublished", targetId: options.id, summary: `Unpublished “${fields.title}”` },
        tx,
      );
    }
    return { status: "draft", publishedAt: null, scheduledAt: null, updatedAt: sql`now()` };
  });
  if (result.status === "saved") await announceArticle(options.id, await articlePageState(options.id));
  return result;
}

/**
 * Restores a revision: a new revision (reason "restored") with its fields becomes the pending
 * changes, which the editor shows and "Update Article" (or "Save draft") applies. No revision is
 * ever deleted by a restore.
 */
export async function restoreRevision(options: {
  id: number;
  revisionId: number;
  userId: number;
}): Promise<EditorialResult> {
  const db = await getDb();
  const [revision] = await db
    .select({ fields: articleRevisions.fields })
    .from(articleRevisions)
    .where(and(eq(articleRevisions.id, options.revisionId), eq(articleRevisions.articleId, options.id)))
    .limit(1);
  if (!revision) return { status: "not-found" };
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.id, options.id))
      .for("update");
    if (!locked) return { status: "not-found" } as const;
    const restoredId = await recordRevision(tx, {
      articleId: options.id,
      userId: options.userId,
      reason: "restored",
      fields: revision.fields,
    });
    await recordAudit(
      { id: options.userId },
      {
        kind: "article",
        action: "restored",
        targetId: options.id,
        summary: `Restored a revision of “${revision.fields.title}” as pending changes`,
        details: { revisionId: options.revisionId },
      },
      tx,
    );
    const [row] = await tx
      .update(articles)
      .set({ pendingRevisionId: restoredId, revisedAt: nextRevisedAt })
      .where(eq(articles.id, options.id))
      .returning({ version: versionSql });
    return { status: "saved", version: row?.version ?? "" } as const;
  });
}
