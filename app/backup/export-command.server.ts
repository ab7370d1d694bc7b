/**
 * The export, from the admin panel (/admin/export streams it as the response) or the command line
 * (`npm run export -- FILE`); both record it in the audit log.
 */
import fs from "node:fs";
import path from "node:path";
import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { type ExportCounts, writeExport } from "./export.server";
import { createZipWriter } from "./zip-writer.server";

export function exportFileName(now = new Date()) {
  return `devperspective-export-${now.toISOString().slice(0, 10)}.zip`;
}

function summaryOf(counts: ExportCounts) {
  return `${counts.articles} articles, ${counts.pages} pages, ${counts.images} images, ${counts.comments} comments`;
}

/**
 * Starts an export for `actor`: resolves with the zip's byte stream at once (a response body);
 * the audit entry is written when the archive is complete. A failure ends the stream with an
 * error (the download fails rather than ending with half a zip that looks whole).
 */
export async function startExport(actor: AuditActor, siteUrl: string) {
  const zip = createZipWriter();
  writeExport(zip, siteUrl)
    .then((counts) =>
      recordAudit(actor, {
        kind: "site",
        action: "exported",
        summary: `Exported the publication: ${summaryOf(counts)}`,
        details: counts,
      }),
    )
    .catch((error: Error) => {
      console.error(`[export] failed: ${error.message}`);
      zip.output.destroy(error);
    });
  return zip.output;
}

/** The command's one line about a written export. */
export function exportLine(result: { file: string; counts: ExportCounts; bytes: number; ms: number }) {
  return `export written to ${result.file}: ${summaryOf(result.counts)}, ${(result.bytes / 1024).toFixed(0)} KB in ${(result.ms / 1000).toFixed(1)} s`;
}

/** `npm run export -- FILE`: writes the export to FILE (through a temporary name). */
export async function exportToFile(file: string, siteUrl: string, actor: AuditCommandActor) {
  const started = Date.now();
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const zip = createZipWriter();
  const output = fs.createWriteStream(partial, { mode: 0o600 });
  const written = new Promise<void>((resolve, reject) => {
    output.once("close", () => resolve());
    output.once("error", reject);
  });
  zip.output.pipe(output);
  try {
    const counts = await writeExport(zip, siteUrl);
    await written;
    fs.renameSync(partial, target);
    await recordAudit(actor, {
      kind: "site",
      action: "exported",
      summary: `Exported the publication to ${target}: ${summaryOf(counts)}`,
      details: counts,
    });
    return { file: target, counts, bytes: fs.statSync(target).size, ms: Date.now() - started };
  } catch (error) {
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
