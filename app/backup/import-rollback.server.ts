/**
 * Rolling back an import run (stopped or finished): its changes are undone newest first, each
 * in its own transaction that also deletes the change, so a roll back that is itself
 * interrupted simply continues where it stopped. Articles and pages it created are deleted
 * (their redirects and import records go with them); those it overwrote get their previous
 * columns back (with a "restored" revision); images it added to the media library are deleted
 * unless something else uses them now; categories and authors it created are deleted when
 * nothing refers to them. Audited.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { announceArticle, articlePageState } from "~/articles/article-tags.server";
import { recordRevision } from "~/articles/revisions.server";
import { recordAudit } from "~/audit/audit.server";
import { tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { type Database, getDb, queryRows } from "~/db/db.server";
import {
  articles,
  authors,
  categories,
  importedArticles,
  importedPages,
  importRedirects,
  importRunChanges,
  importRuns,
  pages,
} from "~/db/schema";
import { deleteUpload, recordUsages, referencedHashes } from "~/media/media.server";
import { type Actor, claimRun, closeRun, releaseRun, renewLease } from "./import-runs.server";
import { ImportFileError } from "./import-types.server";
import { OVERWRITTEN_ARTICLE_COLUMNS } from "./import-write.server";

type Change = typeof importRunChanges.$inferSelect;
type Previous = { source: string; sourceId: string; columns: Record<string, unknown> };

export type RollbackOutcome = { status: "rolled-back"; undone: number; kept: string[] } | { status: "busy" };

const DATE_COLUMNS = new Set(["scheduledAt", "publishedAt", "updatedAt", "submittedAt"]);

/** JSON columns back to what the table takes (dates were stored as ISO strings). */
function columnsOf(previous: Previous, allowed: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(previous.columns)
      .filter(([name]) => name in allowed)
      .map(([name, value]) => [name, DATE_COLUMNS.has(name) && typeof value === "string" ? new Date(value) : value]),
  );
}

/** Undoes one change; returns a sentence when something was kept (in use elsewhere). */
async function undo(change: Change, actor: Actor): Promise<string | null> {
  const db = await getDb();
  const forget = (tx: Database) => tx.delete(importRunChanges).where(eq(importRunChanges.id, change.id));
  const id = Number(change.target);
  switch (change.change) {
    case "article-created": {
      const before = await articlePageState(id);
      await db.transaction(async (tx) => {
        await tx.delete(articles).where(eq(articles.id, id));
        await forget(tx as Database);
      });
      if (before) await announceArticle(id, before);
      return null;
    }
    case "article-overwritten": {
      const previous = change.previous as Previous;
      const before = await articlePageState(id);
      await db.transaction(async (tx) => {
        const columns = columnsOf(previous, OVERWRITTEN_ARTICLE_COLUMNS);
        const restored = await tx
          .update(articles)
          .set({ ...columns, revisedAt: sql`now()` })
          .where(eq(articles.id, id))
          .returning({ id: articles.id });
        if (restored.length > 0) {
          await tx
            .delete(importedArticles)
            .where(and(eq(importedArticles.source, previous.source), eq(importedArticles.sourceId, previous.sourceId)));
          const content = String(previous.columns.content ?? "");
          const imageUrl = (previous.columns.imageUrl as string | null) ?? null;
          await recordUsages(tx as Database, id, referencedHashes(content, imageUrl));
          await recordRevision(tx, {
            articleId: id,
            userId: actor.id,
            reason: "restored",
            fields: {
              title: String(previous.columns.title),
              slug: String(previous.columns.slug),
              content,
              excerpt: (previous.columns.excerpt as string | null) ?? null,
              imageUrl,
              // Runs recorded before canonical URLs did not keep one: left as it is.
              canonicalUrl:
                "canonicalUrl" in previous.columns
                  ? ((previous.columns.canonicalUrl as string | null) ?? null)
                  : undefined,
              categoryId: (previous.columns.categoryId as number | null) ?? null,
              featured: previous.columns.featured === true,
            },
          });
        }
        await forget(tx as Database);
      });
      await announceArticle(id, before, await articlePageState(id));
      return null;
    }
    case "page-created":
    case "page-overwritten": {
      await db.transaction(async (tx) => {
        if (change.change === "page-created") {
          await tx.delete(pages).where(eq(pages.slug, change.target));
        } else {
          const previous = change.previous as Previous;
          await tx
            .update(pages)
            .set(columnsOf(previous, { title: 1, content: 1, contentHtml: 1, updatedAt: 1, updatedBy: 1 }))
            .where(eq(pages.slug, change.target));
          await tx
            .delete(importedPages)
            .where(and(eq(importedPages.source, previous.source), eq(importedPages.sourceId, previous.sourceId)));
        }
        await forget(tx as Database);
      });
      await contentChanged(`page ${change.target} import rolled back`, [tags.page(change.target)]);
      return null;
    }
    case "media-created": {
      const outcome = await deleteUpload(id);
      await forget(db);
      return outcome.status === "in-use" ? `the image ${outcome.name} is in use and was kept` : null;
    }
    case "redirect-created":
      await db.transaction(async (tx) => {
        await tx.delete(importRedirects).where(eq(importRedirects.path, change.target));
        await forget(tx as Database);
      });
      return null;
    case "category-created":
    case "author-created": {
      const table = change.change === "category-created" ? categories : authors;
      const kept = await db.transaction(async (tx) => {
        const [used] = await queryRows<{ used: boolean }>(
          tx,
          change.change === "category-created"
            ? sql`select exists (select 1 from articles where category_id = ${id}) or exists (select 1 from interview_questions where category_id = ${id}) as used`
            : sql`select exists (select 1 from articles where author_id = ${id}) or exists (select 1 from authors where id = ${id} and user_id is not null) as used`,
        );
        if (!used?.used) await tx.delete(table).where(eq(table.id, id));
        await forget(tx as Database);
        return used?.used === true;
      });
      return kept
        ? `the ${change.change === "category-created" ? "category" : "author"} #${id} is in use and was kept`
        : null;
    }
  }
}

/**
 * Why run `runId` could not be claimed for a roll back: ImportFileError when there is nothing to
 * roll back (no such run, one uploaded and never applied, or one rolled back already); else busy
 * (another request applies or rolls it back now).
 */
async function unclaimed(runId: number): Promise<RollbackOutcome> {
  const db = await getDb();
  const [run] = await db.select({ status: importRuns.status }).from(importRuns).where(eq(importRuns.id, runId));
  if (!run) throw new ImportFileError("That import does not exist.");
  if (run.status === "uploaded") throw new ImportFileError("Nothing to roll back: this import was not applied.");
  if (run.status === "rolled-back")
    throw new ImportFileError("Nothing to roll back: this import was already rolled back.");
  return { status: "busy" };
}

/**
 * Rolls back run `runId` (stopped or finished, and not held by an instance); busy when another
 * holds it. Throws ImportFileError when there is nothing to roll back.
 */
export async function rollbackRun(runId: number, actor: Actor): Promise<RollbackOutcome> {
  if (!(await claimRun(runId, ["applying", "finished"]))) return unclaimed(runId);
  const db = await getDb();
  let undone = 0;
  const kept: string[] = [];
  try {
    for (;;) {
      const batch = await db
        .select()
        .from(importRunChanges)
        .where(eq(importRunChanges.runId, runId))
        .orderBy(desc(importRunChanges.id))
        .limit(50);
      if (batch.length === 0) break;
      for (const change of batch) {
        const note = await undo(change, actor);
        if (note) kept.push(note);
        undone++;
      }
      await renewLease(runId);
    }
    await closeRun(runId, "rolled-back");
    const [run] = await db.select({ fileName: importRuns.fileName }).from(importRuns).where(eq(importRuns.id, runId));
    await recordAudit(actor, {
      kind: "site",
      action: "import-rolled-back",
      targetId: runId,
      summary: `Rolled back import #${runId} of ${run?.fileName ?? "a file"}: ${undone} changes undone${kept.length ? `, ${kept.length} kept (in use)` : ""}`,
      details: { run: runId, undone, kept },
    });
    return { status: "rolled-back", undone, kept };
  } finally {
    await releaseRun(runId);
  }
}
