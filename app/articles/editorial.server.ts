/**
 * The editor's desk: revisions, staged (pending) edits, autosave, unpublishing, restoring,
 * preview links and slug redirects. Creating, saving, publishing and scheduling from the editor
 * form are in admin-articles.server.ts; the scheduler that publishes due articles is in
 * scheduler.server.ts. docs/architecture.md ("Editorial workflow") has the whole picture.
 *
 * - An article's row is what readers see once it is published; drafts and scheduled articles
 *   are rows readers never see (every public query adds `isPublished`).
 * - Every save records a revision (article_revisions: who, when, why, the full fields).
 * - Edits that are not applied yet (an autosave, a "Save draft" of a published article, a
 *   restored revision) are a revision the row points to (pending_revision_id). The editor shows
 *   it; "Update Article" applies it; "Discard pending changes" drops the pointer.
 * - `revised_at` is the editor's version (optimistic concurrency): every write here moves it
 *   strictly forward, so two tabs can never overwrite each other silently.
 *
 * Indexes: revisions by article_revisions_article_idx (article_id, id desc); preview tokens by
 * preview_links_token_hash_key; redirects by their primary key (old_slug).
 */
import { createHash, randomBytes } from "node:crypto";
import { diffLines } from "diff";
import { recordAudit } from "~/audit/audit.server";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, queryRows, type Runner } from "~/db/db.server";
import {
  articleRevisions,
  articles,
  type ArticleStatus,
  authors,
  categories,
  previewLinks,
  type RevisionFields,
  type RevisionReason,
  slugRedirects,
  type TocEntry,
  users,
} from "~/db/schema";
import { announceArticle, articlePageState } from "./article-tags.server";
import { ARTICLE_LIMITS } from "~/lib/article-schema";
import { renderMarkdown } from "~/markdown/markdown.server";

/** At least this many revisions are kept per article; older autosaves are deleted first. */
export const REVISIONS_KEPT = 50;

/** The editor's version string: revised_at as ISO 8601 UTC with microseconds. */
export const versionSql = sql<string>`to_char(${articles.revisedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The next version: strictly after the current one, even within one clock tick. */
export const nextRevisedAt = sql`greatest(clock_timestamp(), ${articles.revisedAt} + interval '1 microsecond')`;

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The row's own fields, as a revision keeps them. */
export const rowFieldColumns = {
  title: articles.title,
  slug: articles.slug,
  content: articles.content,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  categoryId: articles.categoryId,
  featured: articles.featured,
};

/** Records a revision and thins the article's history; returns its id. */
export async function recordRevision(
  runner: Runner,
  options: { articleId: number; userId: number | null; reason: RevisionReason; fields: RevisionFields },
): Promise<number> {
  const [row] = await runner
    .insert(articleRevisions)
    .values({
      articleId: options.articleId,
      authorUserId: options.userId,
      reason: options.reason,
      fields: options.fields,
    })
    .returning({ id: articleRevisions.id });
  if (!row) throw new Error("The revision was not recorded.");
  await thinRevisions(runner, options.articleId);
  return row.id;
}

/**
 * Keeps every revision among the newest REVISIONS_KEPT, and every older one that is not an
 * autosave; the pending revision is never deleted.
 */
export async function thinRevisions(runner: Runner, articleId: number) {
  await runner.execute(sql`
    delete from article_revisions r
    where r.article_id = ${articleId}
      and r.reason = 'autosaved'
      and r.id < (
        select min(k.id) from (
          select id from article_revisions where article_id = ${articleId} order by id desc limit ${REVISIONS_KEPT}
        ) k
      )
      and not exists (select 1 from articles a where a.pending_revision_id = r.id)`);
}

// ---------------------------------------------------------------------------------------------
// Editor state

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
  const saved: RevisionFields = {
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    categoryId: row.categoryId,
    featured: row.featured,
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

/** The fields that differ between two versions of an article. */
export function changedFields(before: RevisionFields, after: RevisionFields): (keyof RevisionFields)[] {
  const keys: (keyof RevisionFields)[] = ["title", "slug", "content", "excerpt", "imageUrl", "categoryId", "featured"];
  return keys.filter((key) => (before[key] ?? null) !== (after[key] ?? null));
}

// ---------------------------------------------------------------------------------------------
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
  const featured = form.get("featured");
  return {
    title: text("title", ARTICLE_LIMITS.title),
    slug: text("slug", ARTICLE_LIMITS.slug),
    content: text("content", ARTICLE_LIMITS.content),
    excerpt: text("excerpt", ARTICLE_LIMITS.excerpt) || null,
    imageUrl: text("imageUrl", ARTICLE_LIMITS.imageUrl) || null,
    categoryId: Number.isInteger(category) && category > 0 && category <= 2_147_483_647 ? category : null,
    featured: featured === "on" || featured === "true",
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
}): Promise<EditorialResult> {
  const result = await atVersion(options.id, options.version, async (tx, row) => {
    if (row.status !== "published") return {};
    const [fields] = await tx.select(rowFieldColumns).from(articles).where(eq(articles.id, options.id));
    if (fields) {
      await recordRevision(tx, { articleId: options.id, userId: options.userId, reason: "unpublished", fields });
      await recordAudit(
        { id: options.userId },
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

// ---------------------------------------------------------------------------------------------
// History

export type RevisionRow = {
  id: number;
  reason: RevisionReason;
  /** The writer's name; null for the scheduler or a deleted account. */
  authorName: string | null;
  createdAt: string;
  title: string;
  pending: boolean;
};

/** The article's revisions, newest first (article_revisions_article_idx). */
export async function listRevisions(articleId: number): Promise<RevisionRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: articleRevisions.id,
      reason: articleRevisions.reason,
      authorName: users.fullName,
      createdAt: articleRevisions.createdAt,
      title: sql<string>`${articleRevisions.fields}->>'title'`,
      pending: sql<boolean>`${articles.pendingRevisionId} is not distinct from ${articleRevisions.id}`,
    })
    .from(articleRevisions)
    .innerJoin(articles, eq(articles.id, articleRevisions.articleId))
    .leftJoin(users, eq(users.id, articleRevisions.authorUserId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id));
  return rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt), pending: Boolean(row.pending) }));
}

export type DiffPart = { kind: "added" | "removed" | "same"; text: string };

export type RevisionComparison = {
  revision: RevisionRow & { fields: RevisionFields };
  /** What the revision is compared with: the editor's current text (pending changes included). */
  current: RevisionFields;
  changed: (keyof RevisionFields)[];
  /** A line diff of the markdown, from the revision to the current text. */
  diff: DiffPart[];
};

/** Line diff of two markdown texts. */
export function diffMarkdown(before: string, after: string): DiffPart[] {
  return diffLines(before, after).map((part) => ({
    kind: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
}

/** One revision compared with the current text, or null when it is not one of this article's. */
export async function compareRevision(articleId: number, revisionId: number): Promise<RevisionComparison | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: articleRevisions.id,
      reason: articleRevisions.reason,
      authorName: users.fullName,
      createdAt: articleRevisions.createdAt,
      fields: articleRevisions.fields,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.authorUserId))
    .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId)))
    .limit(1);
  const state = row ? await getEditorState(articleId) : null;
  if (!row || !state) return null;
  return {
    revision: {
      id: row.id,
      reason: row.reason,
      authorName: row.authorName,
      createdAt: toIso(row.createdAt),
      title: row.fields.title,
      pending: state.pending?.revisionId === row.id,
      fields: row.fields,
    },
    current: state.fields,
    changed: changedFields(row.fields, state.fields),
    diff: diffMarkdown(row.fields.content, state.fields.content),
  };
}

// ---------------------------------------------------------------------------------------------
// Preview links

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new preview link's token (shown once: only its hash is stored). */
export async function createPreviewLink(articleId: number): Promise<string | null> {
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const [exists] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId)).limit(1);
  if (!exists) return null;
  await db.insert(previewLinks).values({ articleId, tokenHash: hashToken(token) });
  return token;
}

export async function revokePreviewLink(articleId: number, linkId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(previewLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(previewLinks.id, linkId), eq(previewLinks.articleId, articleId), isNull(previewLinks.revokedAt)))
    .returning({ id: previewLinks.id });
  return rows.length > 0;
}

export type PreviewLinkRow = { id: number; createdAt: string; revokedAt: string | null };

export async function listPreviewLinks(articleId: number): Promise<PreviewLinkRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: previewLinks.id, createdAt: previewLinks.createdAt, revokedAt: previewLinks.revokedAt })
    .from(previewLinks)
    .where(eq(previewLinks.articleId, articleId))
    .orderBy(desc(previewLinks.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: toIso(row.createdAt),
    revokedAt: row.revokedAt ? toIso(row.revokedAt) : null,
  }));
}

/** Token shape: 32 random bytes in base64url. Anything else matches nothing (no query). */
export function isPlausibleToken(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * What a preview link shows: the article's id and the fields to render (pending changes when
 * there are some), or the live slug once it is published with nothing pending (a 301). Null
 * for an unknown or revoked token.
 */
export async function resolvePreviewToken(
  token: string,
): Promise<{ kind: "live"; slug: string } | { kind: "preview"; articleId: number; fields: RevisionFields } | null> {
  if (!isPlausibleToken(token)) return null;
  const db = await getDb();
  const [link] = await db
    .select({ articleId: previewLinks.articleId })
    .from(previewLinks)
    .where(and(eq(previewLinks.tokenHash, hashToken(token)), isNull(previewLinks.revokedAt)))
    .limit(1);
  if (!link) return null;
  const state = await getEditorState(link.articleId);
  if (!state) return null;
  if (state.status === "published" && !state.pending) return { kind: "live", slug: state.saved.slug };
  return { kind: "preview", articleId: link.articleId, fields: state.fields };
}

// ---------------------------------------------------------------------------------------------
// Slug redirects

/** The current slug of the published article that used to be at `slug`, or null. */
export async function findSlugRedirect(slug: string): Promise<string | null> {
  if (slug.length > 200) return null;
  const db = await getDb();
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select a.slug from slug_redirects r join articles a on a.id = r.article_id
        where r.old_slug = ${slug} and a.status = 'published' limit 1`,
  );
  return rows[0]?.slug ?? null;
}

/** The id of the article a slug still redirects to (other than `exceptId`), or null. */
export async function redirectOwner(runner: Runner, slug: string, exceptId: number | null): Promise<number | null> {
  const [row] = await runner
    .select({ articleId: slugRedirects.articleId })
    .from(slugRedirects)
    .where(eq(slugRedirects.oldSlug, slug))
    .limit(1);
  if (!row || row.articleId === exceptId) return null;
  return row.articleId;
}

/**
 * A published article's live slug moves from `from` to `to`: `from` now redirects to it, and
 * `to` (if it was one of its old slugs) no longer redirects anywhere.
 */
export async function moveSlug(runner: Runner, articleId: number, from: string, to: string) {
  if (from === to) return;
  await runner.delete(slugRedirects).where(eq(slugRedirects.oldSlug, to));
  await runner
    .insert(slugRedirects)
    .values({ oldSlug: from, articleId })
    .onConflictDoUpdate({ target: slugRedirects.oldSlug, set: { articleId, createdAt: sql`now()` } });
}

// ---------------------------------------------------------------------------------------------
// The preview page

export type PreviewArticle = {
  slug: string;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  /** ISO 8601: the publish date it will have (the schedule, or now). */
  publishedAt: string;
  readingMinutes: number;
  toc: TocEntry[];
  html: string;
  category: { name: string; slug: string } | null;
  author: { name: string; avatarUrl: string | null; bio: string | null } | null;
};

/**
 * What /preview/{token} shows: the article as its page will render it (pending changes when there
 * are some, rendered by the same markdown pipeline), or where the live article is.
 */
export async function previewByToken(
  token: string,
): Promise<{ kind: "live"; slug: string } | { kind: "preview"; article: PreviewArticle } | null> {
  const resolved = await resolvePreviewToken(token);
  if (!resolved || resolved.kind === "live") return resolved;
  const db = await getDb();
  const { fields } = resolved;
  const [[row], output] = await Promise.all([
    db
      .select({
        scheduledAt: articles.scheduledAt,
        publishedAt: articles.publishedAt,
        authorName: authors.name,
        authorAvatarUrl: authors.avatarUrl,
        authorBio: authors.bio,
      })
      .from(articles)
      .leftJoin(authors, eq(authors.id, articles.authorId))
      .where(eq(articles.id, resolved.articleId))
      .limit(1),
    renderMarkdown(fields.content),
  ]);
  const [category] =
    fields.categoryId === null
      ? []
      : await db
          .select({ name: categories.name, slug: categories.slug })
          .from(categories)
          .where(eq(categories.id, fields.categoryId))
          .limit(1);
  const when = row?.publishedAt ?? row?.scheduledAt ?? new Date();
  return {
    kind: "preview",
    article: {
      slug: fields.slug,
      title: fields.title,
      excerpt: fields.excerpt,
      imageUrl: fields.imageUrl,
      publishedAt: toIso(when),
      readingMinutes: Math.max(1, output.readingMinutes),
      toc: output.toc,
      html: output.html,
      category: category ?? null,
      author:
        row?.authorName != null ? { name: row.authorName, avatarUrl: row.authorAvatarUrl, bio: row.authorBio } : null,
    },
  };
}
