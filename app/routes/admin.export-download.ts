/**
 * POST /admin/export/download (administrators: "site.export"): the whole publication as one zip,
 * streamed as it is written (app/backup/export.server.ts). A plain form post from /admin/export:
 * the browser saves the attachment and stays on the page, with or without JavaScript.
 * Cross-site posts never get here: the HTTP server refuses them with 403.
 */
import { Readable } from "node:stream";
import { requirePermission } from "~/auth/guards.server";
import { exportFileName, startExport } from "~/backup/export-command.server";
import { env } from "~/env.server";
import type { Route } from "./+types/admin.export-download";

export function loader() {
  return new Response("Method Not Allowed\n", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": "private, no-store" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "site.export");
  const stream = await startExport({ id: user.id }, env().SITE_URL);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
