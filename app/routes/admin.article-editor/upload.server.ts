/**
 * intent=upload, or any file chosen in the form: without JavaScript images travel with the form
 * (multipart). A content image is added at the end of the content, a cover becomes the Image URL;
 * the form comes back with everything typed and nothing saved.
 */
import { data } from "react-router";
import type { EditorActionData } from "~/components/admin/article-editor";
import { failedWrite } from "~/http/route-errors.server";
import { appendImageMarkdown, EDITOR_UPLOAD_FIELDS } from "~/lib/media";
import { MEDIA_MESSAGES } from "~/media/detect.server";
import { MediaError, storeUpload } from "~/media/media.server";
import { chosenFile } from "~/http/actions/upload-request.server";
import { type EditorRequest, typedValues } from "./shared.server";

/** The answer to an upload, or null when the form carries none (another intent then runs). */
export async function uploadIntent(formData: FormData, editor: EditorRequest) {
  const contentImage = chosenFile(formData, EDITOR_UPLOAD_FIELDS.contentImage);
  const coverImage = chosenFile(formData, EDITOR_UPLOAD_FIELDS.coverImage);
  if (!contentImage && !coverImage && formData.get("intent") !== "upload") return null;
  const values = typedValues(formData);
  const keep = (alert: EditorActionData["alert"], status = 200) =>
    data<EditorActionData>({ result: { initialValue: values }, alert, preview: null }, { status });
  if (!contentImage && !coverImage) return keep({ title: "Upload failed", description: MEDIA_MESSAGES.noFile }, 400);
  const store = async (file: File) =>
    (
      await storeUpload({
        bytes: new Uint8Array(await file.arrayBuffer()),
        name: file.name,
        userId: editor.user.id,
      })
    ).upload;
  try {
    const inserted: string[] = [];
    if (contentImage) {
      const upload = await store(contentImage);
      values.content = appendImageMarkdown(values.content ?? "", upload.url, upload.alt);
      inserted.push(`${upload.originalName} was added at the end of the content: describe it between the brackets.`);
    }
    if (coverImage) {
      const upload = await store(coverImage);
      values.imageUrl = upload.url;
      inserted.push(`${upload.originalName} is the cover image.`);
    }
    return keep({
      title: "Image uploaded",
      description: `${inserted.join(" ")} Nothing is saved yet.`,
      tone: "info",
    });
  } catch (error) {
    if (error instanceof MediaError) return keep({ title: "Upload failed", description: error.message }, error.status);
    return keep({ title: "Upload failed", description: failedWrite(editor, error, "upload failed") }, 500);
  }
}
