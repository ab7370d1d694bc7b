/**
 * The history page's reads: every revision of an article (who, when, why) and one compared with
 * the current text (the fields that changed and a line diff of the markdown, from the `diff`
 * package). Restoring one is pending-changes.server.ts.
 */
import { diffLines } from "diff";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { articleRevisions, articles, type RevisionFields, users } from "~/db/schema";
import { toIso } from "~/lib/dates";
import { getEditorState } from "./pending-changes.server";
import type { DiffPart, RevisionComparison, RevisionRow } from "./history-view";

/** The fields that differ between two versions of an article. */
export function changedFields(before: RevisionFields, after: RevisionFields): (keyof RevisionFields)[] {
  const keys: (keyof RevisionFields)[] = ["title", "slug", "content", "excerpt", "imageUrl", "categoryId", "featured"];
  const changed = keys.filter((key) => (before[key] ?? null) !== (after[key] ?? null));
  // The canonical URL, tags and series: compared only when both versions have them (older
  // revisions do not).
  if (
    before.canonicalUrl !== undefined &&
    after.canonicalUrl !== undefined &&
    (before.canonicalUrl ?? null) !== (after.canonicalUrl ?? null)
  )
    changed.push("canonicalUrl");
  if (before.tags !== undefined && after.tags !== undefined && before.tags.join(", ") !== after.tags.join(", "))
    changed.push("tags");
  if (before.seriesId !== undefined && after.seriesId !== undefined && before.seriesId !== after.seriesId)
    changed.push("seriesId");
  return changed;
}

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
