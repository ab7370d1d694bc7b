/**
 * npm run import -- FILE [--apply] [--on-conflict rename|skip]
 *
 * Imports articles from FILE: a Ghost JSON export, a dev.to export (JSON), a zip or folder of
 * Markdown files with front matter (Hugo, Jekyll, Astro, Eleventy, Hashnode's GitHub backup), or
 * this site's own export. Without --apply it only prints the preview: what will be created,
 * what is already imported, slug conflicts and how they are resolved (--on-conflict: rename,
 * the default, gives a new slug; skip leaves the article out), categories and authors to create.
 * With --apply it imports and prints the report. Running it again creates nothing new.
 * On the embedded database, stop the server first (the folder admits one process).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { applyImport, type ConflictPolicy, planImport } from "~/backup/import.server";
import { readImportSource } from "~/backup/import-sources.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";

const USAGE = "usage: npm run import -- FILE [--apply] [--on-conflict rename|skip]";

function die(message: string): never {
  console.error(`import: ${message}`);
  process.exit(1);
}

async function main() {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { apply: { type: "boolean" }, "on-conflict": { type: "string" } },
    });
  } catch (error) {
    die(`${(error as Error).message}. ${USAGE}`);
  }
  if (parsed.positionals.length !== 1) die(USAGE);
  const policy = (parsed.values["on-conflict"] ?? "rename") as string;
  if (policy !== "rename" && policy !== "skip") die(`--on-conflict must be rename or skip. ${USAGE}`);
  const file = path.resolve(String(parsed.positionals[0]));
  const source = await readImportSource(file);
  const handle = await getDatabaseHandle();
  try {
    await handle.migrate();
    const plan = await planImport(source, policy as ConflictPolicy);
    console.log(`import: ${path.basename(file)} is a ${source.kind} export with ${source.articles.length} articles`);
    for (const item of plan.items) {
      const note =
        item.action === "unchanged"
          ? "already imported"
          : item.action === "skip-conflict"
            ? "skip (slug taken)"
            : item.renamedFrom
              ? `create as ${item.slug} (slug ${item.renamedFrom} taken)`
              : "create";
      console.log(`  ${item.article.slug}: ${note}`);
    }
    if (plan.categoriesToCreate.length) console.log(`  categories to create: ${plan.categoriesToCreate.join(", ")}`);
    if (plan.authorsToCreate.length) console.log(`  authors to create: ${plan.authorsToCreate.join(", ")}`);
    console.log(
      `import: ${plan.counts.create} to create, ${plan.counts.unchanged} already imported, ${plan.counts.conflicts} slug conflicts (${policy})`,
    );
    if (parsed.values.apply !== true) {
      console.log("import: preview only; run again with --apply to import");
      return;
    }
    const report = await applyImport(source, plan, { id: null, fullName: "npm run import" }, path.basename(file));
    for (const remote of report.remoteImages) console.log(`  remote image kept as a link: ${remote}`);
    for (const missing of report.missingImages) console.log(`  image not found, kept as written: ${missing}`);
    for (const failed of report.failed) console.log(`  failed: ${failed.title}: ${failed.reason}`);
    console.log(
      `import: created ${report.created.length} articles, ${report.unchanged} already imported, ${report.skipped.length} skipped, ${report.images} images, ${report.redirects} redirects${report.failed.length ? `, ${report.failed.length} failed` : ""}`,
    );
    if (report.failed.length) process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

main().catch((error: Error) => die(error.message));
