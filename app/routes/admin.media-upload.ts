/**
 * POST /admin/media/upload (multipart, field `file`, optional `alt`): stores an image.
 *
 * - fetch/XHR clients (Accept: application/json): 201 `{ upload }` for a new image, 200 for one
 *   already stored; refusals as `{ error }` with 401/403 (not an administrator), 400/413/415/422.
 * - Plain form posts (the media library without JavaScript): a redirect back (`returnTo`, an
 *   /admin path) with a toast saying what happened; signed out, the admin login.
 * Cross-site posts never get here: the HTTP server refuses them with 403.
 */
import { staffOrStatus, adminReturnPath } from "~/http/actions/admin-session.server";
import { requirePermission } from "~/auth/guards.server";
import { failedWrite } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { MEDIA_MESSAGES } from "~/media/detect.server";
import { MediaError, storeUpload } from "~/media/media.server";
import { chosenFile, readUploadForm, refusalText, wantsJson } from "~/http/actions/upload-request.server";
import type { Route } from "./+types/admin.media-upload";

const PERSONAL = { "Cache-Control": "private, no-store" };

export function loader() {
  return new Response("Method Not Allowed\n", { status: 405, headers: { Allow: "POST", ...PERSONAL } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const json = wantsJson(request);
  const fail = (status: number, error: string) => Response.json({ error }, { status, headers: PERSONAL });
  let userId: number;
  if (json) {
    const who = await staffOrStatus(request, "media.upload");
    if ("status" in who) {
      return fail(
        who.status,
        who.status === 401 ? "Sign in as an administrator." : "You do not have administrative privileges.",
      );
    }
    userId = who.user.id;
  } else {
    userId = (await requirePermission(request, "media.upload")).id;
  }

  let form: FormData;
  try {
    form = await readUploadForm(request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    if (json) return fail(error.status, await refusalText(error));
    throw error;
  }
  const back = adminReturnPath(form.get("returnTo"), "/admin/media");
  const refuse = (status: number, message: string) =>
    json
      ? fail(status, message)
      : redirectWithToast(back, { type: "error", title: "Upload failed", description: message });

  const file = chosenFile(form);
  if (!file) return refuse(400, MEDIA_MESSAGES.noFile);
  const alt = form.get("alt");
  try {
    const { upload, created } = await storeUpload({
      bytes: new Uint8Array(await file.arrayBuffer()),
      name: file.name,
      userId,
      alt: typeof alt === "string" ? alt : null,
    });
    if (json) return Response.json({ upload }, { status: created ? 201 : 200, headers: PERSONAL });
    return redirectWithToast(
      back,
      {
        type: "success",
        title: created ? "Image uploaded" : "Image already uploaded",
        description: upload.originalName,
      },
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof MediaError) return refuse(error.status, error.message);
    return refuse(500, failedWrite({ request, context }, error, "upload failed"));
  }
}
