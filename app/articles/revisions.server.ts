import { sql } from "drizzle-orm";
import type { Runner } from "~/db/db.server";
import { articleRevisions, articles, type RevisionFields, type RevisionReason } from "~/db/schema";

/** At least this many revisions are kept per article; older autosaves are deleted first. */
export const REVISIONS_KEPT = 50;

/** The editor's version string: revised_at as ISO 8601 UTC with microseconds. */
export const versionSql = sql<string>`to_char(${articles.revisedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The next version: strictly after the current one, even within one clock tick. */
export const nextRevisedAt = sql`greatest(clock_timestamp(), ${articles.revisedAt} + interval '1 microsecond')`;

/** The row's own fields, as a revision keeps them. */
export const rowFieldColumns = {
  title: articles.title,
  slug: articles.slug,
  content: articles.content,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  canonicalUrl: articles.canonicalUrl,
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
