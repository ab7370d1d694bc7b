/**
 * `npm run backup -- FILE` as a command: run by scripts/backup.ts itself (DATABASE_URL, or a free
 * data folder), or by the running server that holds the embedded database, which receives it
 * through the data folder's lock socket (app/setup/admin-command.server.ts). Either way the
 * backup is recorded in the audit log.
 */
import type { DataDirCommandAnswer } from "~/db/data-dir-lock.server";
import { recordAudit } from "~/audit/audit.server";
import { writeBackup } from "./backup.server";

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function runBackupCommand(file: string, actor = "npm run backup"): Promise<DataDirCommandAnswer> {
  const summary = await writeBackup(file);
  const message = `backup written to ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.images} images, ${formatBytes(summary.bytes)} in ${(summary.ms / 1000).toFixed(1)} s`;
  await recordAudit(
    { id: null, fullName: actor },
    {
      kind: "site",
      action: "backed up",
      summary: `Backed up the site to ${summary.file}`,
      details: { file: summary.file, bytes: summary.bytes, rows: summary.rows, images: summary.images },
    },
  );
  return { ok: true, message };
}
