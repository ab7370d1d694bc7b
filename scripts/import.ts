/**
 * npm run import -- FILE [--apply] [--on-conflict rename|skip|overwrite]
 * npm run import -- FILE --resume RUN
 * npm run import -- --rollback RUN
 *
 * Imports articles from FILE: a Ghost JSON export (its pages become site pages), a dev.to
 * export (JSON), a zip or folder of Markdown files with front matter (Hugo, Jekyll, Astro,
 * Eleventy, Hashnode's GitHub backup), or this site's own export. Without --apply it only
 * prints the preview: what will be created, what is already imported, slug conflicts and how
 * they are resolved (--on-conflict: rename, the default, gives a new slug; skip leaves it out;
 * overwrite replaces what is here), categories and authors to create. With --apply it imports
 * and prints the report and the run's number. Running it again creates nothing new.
 * --resume RUN finishes a run a restart interrupted (FILE is read again); --rollback RUN
 * removes what a run created and restores what it overwrote (also on /admin/import).
 * On the embedded database, stop the server first (the folder admits one process).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { applyRun } from "~/backup/import-apply.server";
import { planImport } from "~/backup/import-plan.server";
import { rollbackRun } from "~/backup/import-rollback.server";
import { getRun } from "~/backup/import-runs.server";
import { readImportSource } from "~/backup/import-sources.server";
import type { ImportReport } from "~/backup/import-view";
import { applyImport } from "~/backup/import.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";
import { IMPORT_CONFLICT_POLICIES, type ConflictPolicy } from "~/lib/import-options";

const USAGE =
  "usage: npm run import -- FILE [--apply] [--on-conflict rename|skip|overwrite] | FILE --resume RUN | --rollback RUN";
const ACTOR = { id: null, fullName: "npm run import" } as const;

function die(message: string): never {
  console.error(`import: ${message}`);
  process.exit(1);
}

function runNumber(value: unknown): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) die(`RUN must be a run's number. ${USAGE}`);
  return id;
}

function printReport(report: ImportReport) {
  for (const remote of report.remoteImages)
    console.log(`  remote image kept as a link: ${remote.url} (${remote.reason})`);
  for (const missing of report.missingImages) console.log(`  image not found, kept as written: ${missing}`);
  for (const failed of report.failed) console.log(`  failed: ${failed.title}: ${failed.reason}`);
  console.log(
    `import: created ${report.created.length} articles, overwrote ${report.overwritten.length}, ${report.pages.length} pages, ${report.unchanged} already imported, ${report.skipped.length} skipped, ${report.images} images, ${report.redirects} redirects${report.failed.length ? `, ${report.failed.length} failed` : ""}`,
  );
  if (report.failed.length) process.exitCode = 1;
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        apply: { type: "boolean" },
        "on-conflict": { type: "string" },
        resume: { type: "string" },
        rollback: { type: "string" },
      },
    });
  } catch (error) {
    die(`${(error as Error).message}. ${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.rollback !== undefined) {
    if (positionals.length !== 0) die(USAGE);
    const runId = runNumber(values.rollback);
    const handle = await getDatabaseHandle();
    try {
      await handle.migrate();
      if (!(await getRun(runId))) die(`there is no run ${runId}.`);
      const outcome = await rollbackRun(runId, ACTOR);
      if (outcome.status === "busy") die(`run ${runId} is being applied elsewhere, or was already rolled back.`);
      for (const note of outcome.kept) console.log(`  kept: ${note}`);
      console.log(`import: run ${runId} rolled back (${outcome.undone} changes undone)`);
    } finally {
      await closeDatabase();
    }
    return;
  }
  if (positionals.length !== 1) die(USAGE);
  const policy = (values["on-conflict"] ?? "rename") as string;
  if (!(IMPORT_CONFLICT_POLICIES as readonly string[]).includes(policy)) {
    die(`--on-conflict must be ${IMPORT_CONFLICT_POLICIES.join(", ")}. ${USAGE}`);
  }
  const file = path.resolve(String(positionals[0]));
  const source = await readImportSource(file);
  const handle = await getDatabaseHandle();
  try {
    await handle.migrate();
    if (values.resume !== undefined) {
      const runId = runNumber(values.resume);
      const outcome = await applyRun(runId, source, ACTOR);
      if (outcome.status !== "finished" || !outcome.report)
        die(`run ${runId} cannot be resumed (busy, finished or rolled back).`);
      printReport(outcome.report);
      return;
    }
    const plan = await planImport(source, policy as ConflictPolicy);
    console.log(
      `import: ${path.basename(file)} is a ${source.kind} export with ${source.articles.length} articles and ${source.pages.length} pages`,
    );
    for (const problem of plan.problems) console.log(`  note: ${problem}`);
    for (const item of plan.items) {
      const what = item.target === "page" ? "page " : "";
      const note =
        item.action === "unchanged"
          ? "already imported"
          : item.action === "skip"
            ? "skip (slug taken)"
            : item.action === "overwrite"
              ? "overwrite what is here"
              : item.renamedFrom
                ? `create as ${item.slug} (slug ${item.renamedFrom} taken)`
                : "create";
      console.log(`  ${what}${item.source.slug}: ${note}`);
    }
    if (plan.categoriesToCreate.length) console.log(`  categories to create: ${plan.categoriesToCreate.join(", ")}`);
    if (plan.authorsToCreate.length) console.log(`  authors to create: ${plan.authorsToCreate.join(", ")}`);
    console.log(
      `import: ${plan.counts.create} to create, ${plan.counts.overwrite} to overwrite, ${plan.counts.unchanged} already imported, ${plan.counts.conflicts} slug conflicts (${policy})`,
    );
    if (values.apply !== true) {
      console.log("import: preview only; run again with --apply to import");
      return;
    }
    const report = await applyImport(source, plan, ACTOR, path.basename(file));
    printReport(report);
    console.log(`import: run ${report.runId} (roll it back with npm run import -- --rollback ${report.runId})`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: Error) => die(error.message));
