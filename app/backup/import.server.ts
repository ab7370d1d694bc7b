/**
 * Imports (issue 25), the entry points. An import is a run (import-runs.server.ts): first a
 * preview (import-plan.server.ts: what will be created, overwritten, skipped, already imported),
 * then its plan applied in batches, each article or page whole in its own transaction
 * (import-apply.server.ts, import-write.server.ts), resumable after a restart and idempotent
 * (importing the same file again creates nothing new: imported_articles and imported_pages
 * remember each source item), then a report. A stopped or finished run can be rolled back
 * (import-rollback.server.ts). Old paths become 301 redirects (import_redirects); imported
 * pages are served at /{slug}.
 *
 * The admin panel keeps its upload in the database (any instance applies the next batch); the
 * command line reads its file itself.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { articles, importRedirects } from "~/db/schema";
import type { ConflictPolicy } from "~/lib/import-options";
import { type ApplyOptions, type ApplyOutcome, applyRun, runReport } from "./import-apply.server";
import { type ImportPlan, planImport, previewOf } from "./import-plan.server";
import { type RollbackOutcome, rollbackRun } from "./import-rollback.server";
import {
  type Actor,
  createRun,
  createUploadedRun,
  getRun,
  IMPORT_UPLOAD_MAX_BYTES,
  readRunSource,
  startRun,
} from "./import-runs.server";
import { ImportFileError, type ImportSource } from "./import-types.server";
import type { ImportPreview, ImportReport } from "./import-view";

/** How long one admin-panel request applies batches before it answers (the page offers to continue). */
export const REQUEST_BUDGET_MS = 20_000;

/**
 * Imports `source` along `plan` as a new run, all of it (the command line and tests).
 * Returns the run's report.
 */
export async function applyImport(
  source: ImportSource,
  plan: ImportPlan,
  actor: Actor,
  fileLabel: string,
  options: ApplyOptions = {},
): Promise<ImportReport & { runId: number; status: ApplyOutcome["status"] }> {
  const runId = await createRun(source, fileLabel, actor);
  await startRun(runId, plan, actor);
  const outcome = await applyRun(runId, source, actor, options);
  return { ...(outcome.report ?? (await runReport(runId))), runId, status: outcome.status };
}

export const UPLOAD_TOO_LARGE = "The admin panel imports files up to 50 MB; use npm run import for larger ones.";

/** Keeps an uploaded file as a new run when it is an import this site reads; else the reason. */
export async function receiveUpload(file: File, actor: Actor): Promise<{ runId: number } | { refused: string }> {
  if (file.size > IMPORT_UPLOAD_MAX_BYTES) return { refused: UPLOAD_TOO_LARGE };
  try {
    const { runId } = await createUploadedRun(Buffer.from(await file.arrayBuffer()), file.name, actor);
    return { runId };
  } catch (error) {
    if (error instanceof ImportFileError) return { refused: error.message };
    throw error;
  }
}

export type RunPreview = { status: "preview"; preview: ImportPreview } | { status: "gone" };

/** The preview of an uploaded run with `policy`, or gone (its file was swept or applied). */
export async function previewRun(runId: number, policy: ConflictPolicy): Promise<RunPreview> {
  const source = await readRunSource(runId);
  if (!source) return { status: "gone" };
  return { status: "preview", preview: previewOf(await planImport(source, policy)) };
}

/**
 * Applies an uploaded run (status "uploaded") with `policy`, planned again now, or resumes a
 * stopped one (status "applying") along the plan it started with, for at most REQUEST_BUDGET_MS.
 * "gone" when its file is no longer stored; "unplanned" when an uploaded run is asked to resume
 * (`policy` null): it is never started without a choice.
 */
export async function applyUploadedRun(
  runId: number,
  policy: ConflictPolicy | null,
  actor: Actor,
  budgetMs = REQUEST_BUDGET_MS,
): Promise<ApplyOutcome | { status: "gone" } | { status: "unplanned" }> {
  const run = await getRun(runId);
  if (!run || run.status === "finished" || run.status === "rolled-back") return { status: "gone" };
  if (run.status === "uploaded" && !policy) return { status: "unplanned" };
  const source = await readRunSource(runId);
  if (!source) return { status: "gone" };
  if (run.status === "uploaded" && policy) await startRun(runId, await planImport(source, policy), actor);
  return applyRun(runId, source, actor, { budgetMs });
}

/**
 * Rolls back run `runId` from the admin panel: "missing" when there is no such run, "refused"
 * with the reason when there is nothing to roll back (it was never applied), else the outcome.
 */
export async function rollbackImport(
  runId: number,
  actor: Actor,
): Promise<RollbackOutcome | { status: "missing" } | { status: "refused"; refused: string }> {
  if (!(await getRun(runId))) return { status: "missing" };
  try {
    return await rollbackRun(runId, actor);
  } catch (error) {
    if (error instanceof ImportFileError) return { status: "refused", refused: error.message };
    throw error;
  }
}

/** The article an old (imported) path redirects to: its slug, or null. */
export async function importedRedirect(pathname: string): Promise<string | null> {
  const clean = pathname.replace(/\/+$/, "");
  if (!clean || clean.length > 500) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: articles.slug })
    .from(importRedirects)
    .innerJoin(articles, and(eq(articles.id, importRedirects.articleId), eq(articles.status, "published")))
    .where(eq(importRedirects.path, clean))
    .limit(1);
  return row?.slug ?? null;
}
