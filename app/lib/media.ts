/**
 * Shared by the editor (browser) and its action (server): the names of the editor's upload
 * fields and the markdown an uploaded image is inserted as.
 */

export const EDITOR_UPLOAD_FIELDS = {
  /** A file for the content: inserted as ![](url). */
  contentImage: "contentImage",
  /** A file for the cover: becomes the Image URL. */
  coverImage: "coverImage",
  /** A cover picked from recent uploads (its URL). */
  coverChoice: "coverChoice",
} as const;

/** The largest image file accepted, in megabytes (app/media checks it). */
export const MAX_UPLOAD_MB = 10;

export const UPLOAD_ACCEPT = "image/png,image/jpeg,image/webp,image/avif,image/gif";

/**
 * The markdown for an uploaded image. The alt text is left empty unless the upload has one, so
 * the editor puts the cursor between the brackets and saving asks for it until it is written.
 */
export function imageMarkdown(url: string, alt?: string | null) {
  return `![${(alt ?? "").replace(/[[\]\\]/g, "\\$&")}](${url})`;
}

/** `content` with the image appended as its own paragraph. */
export function appendImageMarkdown(content: string, url: string, alt?: string | null) {
  const trimmed = content.replace(/\s+$/, "");
  return `${trimmed}${trimmed ? "\n\n" : ""}${imageMarkdown(url, alt)}\n`;
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
