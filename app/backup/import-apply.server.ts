/**
 * Applying a run's stored plan in batches of BATCH_SIZE pending items, each item written whole
 * in its own transaction (import-write.server.ts). The instance holds the run's lease while it
 * works and renews it after every batch, so two instances never apply one run at once; a
 * request stops after its time budget (the page then offers to continue), and a process that
 * dies leaves the run "applying" with its lease running out: it can then be resumed (the next
 * pending item) or rolled back. The run ends with its report and an audit entry.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { recordAudit } from "~/audit/audit.server";
import { getDb } from "~/db/db.server";
import { importRunChanges, importRunItems, importRuns } from "~/db/schema";
import { type Actor, claimRun, closeRun, releaseRun, renewLease } from "./import-runs.server";
import type { ImportSource } from "./import-types.server";
import type { ImportReport } from "./import-view";
import { type RunItem, type WriteContext, writeArticle, writePage } from "./import-write.server";

export const BATCH_SIZE = 20;

export type ApplyOptions = {
  /** Stop (leaving the rest pending) once a batch ends after this many milliseconds. */
  budgetMs?: number;
  /** Stop after this many batches (tests: an interruption between batches). */
  maxBatches?: number;
};

/** finished; stopped (pending items remain); busy (another instance holds the run, or it is over). */
export type ApplyOutcome = { status: "finished" | "stopped" | "busy"; report: ImportReport | null };

async function setState(item: RunItem, state: "skipped" | "failed", reason: string) {
  const db = await getDb();
  await db
    .update(importRunItems)
    .set({ state, reason: reason.slice(0, 500) })
    .where(
      and(
        eq(importRunItems.runId, item.runId),
        eq(importRunItems.position, item.position),
        eq(importRunItems.state, "pending"),
      ),
    );
}

async function pendingBatch(runId: number) {
  const db = await getDb();
  return db
    .select()
    .from(importRunItems)
    .where(and(eq(importRunItems.runId, runId), eq(importRunItems.state, "pending")))
    .orderBy(asc(importRunItems.position))
    .limit(BATCH_SIZE);
}

/** Applies the pending items of run `runId` (its plan stored by startRun) from `source`. */
export async function applyRun(
  runId: number,
  source: ImportSource,
  actor: Actor,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  if (!(await claimRun(runId, ["applying"]))) return { status: "busy", report: null };
  const started = Date.now();
  const context: WriteContext = {
    runId,
    userId: actor.id,
    files: source.files,
    known: new Map(),
    categoryIds: new Map(),
    authorIds: new Map(),
  };
  const articles = new Map(source.articles.map((article) => [article.sourceId, article]));
  const pages = new Map(source.pages.map((page) => [page.sourceId, page]));
  let batches = 0;
  try {
    for (;;) {
      const batch = await pendingBatch(runId);
      if (batch.length === 0) break;
      for (const item of batch) {
        if (item.action === "skip") {
          await setState(item, "skipped", `the address is taken here`);
          continue;
        }
        const article = item.target === "article" ? articles.get(item.sourceId) : undefined;
        const page = item.target === "page" ? pages.get(item.sourceId) : undefined;
        try {
          if (article) await writeArticle(context, item, article, actor.id);
          else if (page) await writePage(context, item, page, actor.id);
          else await setState(item, "failed", "it is no longer in the file");
        } catch (error) {
          await setState(item, "failed", (error as Error).message);
        }
      }
      batches++;
      await renewLease(runId);
      if (options.maxBatches !== undefined && batches >= options.maxBatches) return { status: "stopped", report: null };
      if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) {
        return { status: "stopped", report: null };
      }
    }
    const report = await runReport(runId);
    await closeRun(runId, "finished", report);
    const db = await getDb();
    const [run] = await db
      .select({ fileName: importRuns.fileName, kind: importRuns.kind })
      .from(importRuns)
      .where(eq(importRuns.id, runId));
    await recordAudit(actor, {
      kind: "site",
      action: "imported",
      targetId: runId,
      summary: `Imported ${report.created.length} articles from ${run?.fileName ?? "a file"} (${run?.kind ?? source.kind}); ${report.overwritten.length} overwritten, ${report.pages.length} pages, ${report.unchanged} already imported, ${report.skipped.length} skipped`,
      details: {
        run: runId,
        source: source.kind,
        created: report.created.length,
        overwritten: report.overwritten.length,
        pages: report.pages.length,
        unchanged: report.unchanged,
        skipped: report.skipped.length,
        images: report.images,
        redirects: report.redirects,
        failed: report.failed.length,
      },
    });
    return { status: "finished", report };
  } finally {
    await releaseRun(runId);
  }
}

/** What run `runId` did so far: from its items and its changes. */
export async function runReport(runId: number): Promise<ImportReport> {
  const db = await getDb();
  const [items, changes, [run]] = await Promise.all([
    db.select().from(importRunItems).where(eq(importRunItems.runId, runId)).orderBy(asc(importRunItems.position)),
    db
      .select({ change: importRunChanges.change, n: count() })
      .from(importRunChanges)
      .where(eq(importRunChanges.runId, runId))
      .groupBy(importRunChanges.change),
    db.select({ unchanged: importRuns.unchanged }).from(importRuns).where(eq(importRuns.id, runId)),
  ]);
  const counted = (kind: string) => Number(changes.find((row) => row.change === kind)?.n ?? 0);
  const report: ImportReport = {
    created: [],
    overwritten: [],
    pages: [],
    unchanged: run?.unchanged ?? 0,
    skipped: [],
    renamed: [],
    images: counted("media-created"),
    remoteImages: [],
    missingImages: [],
    redirects: counted("redirect-created"),
    failed: [],
  };
  const kept = new Set<string>();
  for (const item of items) {
    if (item.state === "skipped") report.skipped.push({ slug: item.slug, reason: item.reason ?? "" });
    if (item.state === "failed") report.failed.push({ title: item.title, reason: item.reason ?? "" });
    if (item.state !== "done") continue;
    const entry = { slug: item.slug, title: item.title };
    if (item.target === "page") report.pages.push({ ...entry, overwritten: item.action === "overwrite" });
    else if (item.action === "overwrite") report.overwritten.push(entry);
    else report.created.push(entry);
    if (item.renamedFrom) report.renamed.push({ from: item.renamedFrom, to: item.slug });
    for (const image of item.notes?.kept ?? []) {
      if (kept.has(image.url)) continue;
      kept.add(image.url);
      report.remoteImages.push(image);
    }
    for (const missing of item.notes?.missing ?? []) report.missingImages.push(`${item.title}: ${missing}`);
  }
  return report;
}
