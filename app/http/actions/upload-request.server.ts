/**
 * The HTTP side of an upload, shared by POST /admin/media/upload and the article editor's
 * multipart posts: the body limit, the file field, and whether the client wants JSON.
 *
 * The body is read by the one body reader (app/http/form.server.ts) with a larger limit than
 * text forms: the 10 MB file plus room for the multipart framing and the editor's own fields.
 * A file over 10 MB inside that room is refused by storeUpload (413) with the same sentence.
 */
import { readForm } from "~/http/form.server";
import { MEDIA_MESSAGES } from "~/media/detect.server";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "~/media/media.server";

/** 10.5 MB: one 10 MB file and the article's text fields. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 512 * 1024;

export const UPLOAD_TOO_LARGE = `Payload Too Large: ${MEDIA_MESSAGES.tooLarge(MAX_UPLOAD_MB)}`;

/** Reads a form that may carry an image (refusals thrown as text Responses: 400, 413, 415). */
export function readUploadForm(request: Request): Promise<FormData> {
  return readForm(request, { maxBytes: UPLOAD_BODY_LIMIT, tooLargeMessage: UPLOAD_TOO_LARGE });
}

/**
 * The chosen file of field `name`, or null when none was chosen (a browser sends an empty part
 * with an empty file name for a file input left empty). A chosen zero-byte file is returned.
 */
export function chosenFile(form: FormData, name = "file"): File | null {
  const value = form.get(name);
  if (!(value instanceof File)) return null;
  if (value.size === 0 && value.name === "") return null;
  return value;
}

/** fetch/XHR clients ask for JSON (Accept: application/json); a plain form post gets pages. */
export function wantsJson(request: Request): boolean {
  return /\bapplication\/json\b/.test(request.headers.get("Accept") ?? "");
}

/** The text of a refusal thrown by the body reader, without its "Payload Too Large: " lead. */
export async function refusalText(response: Response): Promise<string> {
  const text = (await response.text()).trim();
  return text.replace(/^[A-Za-z ]+: /, "");
}
