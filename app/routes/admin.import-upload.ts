/**
 * POST /admin/import/upload (multipart, field `file`): the import page's upload with JavaScript
 * (XMLHttpRequest, for its progress bar). Answers JSON: 201 `{ location }` (the run's preview)
 * or `{ error }` with 400/401/403/413/415. Without JavaScript the page's own form posts to
 * /admin/import instead; both keep the file the same way (app/backup/import.server.ts).
 */
import { receiveUpload, UPLOAD_TOO_LARGE } from "~/backup/import.server";
import { IMPORT_UPLOAD_MAX_BYTES } from "~/backup/import-runs.server";
import { staffOrStatus } from "~/http/actions/admin-session.server";
import { chosenFile, refusalText } from "~/http/actions/upload-request.server";
import { readForm } from "~/http/form.server";
import { adminImportHref } from "~/lib/urls";
import type { Route } from "./+types/admin.import-upload";

const PERSONAL = { "Cache-Control": "private, no-store" };

export function loader() {
  return new Response("Method Not Allowed\n", { status: 405, headers: { Allow: "POST", ...PERSONAL } });
}

export async function action({ request }: Route.ActionArgs) {
  const fail = (status: number, error: string) => Response.json({ error }, { status, headers: PERSONAL });
  const who = await staffOrStatus(request, "site.import");
  if ("status" in who) {
    return fail(who.status, who.status === 401 ? "Sign in as an administrator." : "Only administrators import.");
  }
  let form: FormData;
  try {
    form = await readForm(request, {
      maxBytes: IMPORT_UPLOAD_MAX_BYTES + 64 * 1024,
      tooLargeMessage: `Payload Too Large: ${UPLOAD_TOO_LARGE}`,
    });
  } catch (error) {
    if (error instanceof Response) return fail(error.status, await refusalText(error));
    throw error;
  }
  const file = chosenFile(form, "file");
  if (!file) return fail(400, "Choose a file to import.");
  const received = await receiveUpload(file, { id: who.user.id, fullName: who.user.fullName });
  if ("refused" in received) return fail(400, received.refused);
  return Response.json({ location: adminImportHref(received.runId) }, { status: 201, headers: PERSONAL });
}
