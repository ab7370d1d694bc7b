/**
 * The images of an imported article or page: each Markdown image (and the cover) is brought
 * into the media library through the upload checks (app/media: type from the bytes, size,
 * pixels, metadata stripped) and pointed at its /media/ address; images without alt text get
 * one from their file name. Images inside the file are found by relative path (or from the
 * root); remote ones are fetched (remote-images.server.ts). When that fails the image stays a
 * link and the report says why. Every image this import added is recorded as a change of the
 * run, so that a roll back can remove it.
 */
import path from "node:path";
import { getDb } from "~/db/db.server";
import { importRunChanges } from "~/db/schema";
import { storeUpload } from "~/media/media.server";
import type { SourceFiles } from "./import-types.server";
import { fetchRemoteImage } from "./remote-images.server";

const IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(\s+"[^"]*")?\s*\)/g;
const REMOTE = /^(https?:)?\/\//i;

export type ImageNotes = { kept: { url: string; reason: string }[]; missing: string[] };

/** Per run: the files of the source, and what each image became (fetched once per run). */
export type ImageContext = {
  runId: number;
  userId: number | null;
  files: SourceFiles;
  known: Map<string, { url: string } | { reason: string; remote: boolean }>;
};

/** Finds `src` among the imported files (relative to the article's folder, or to the root). */
function findFile(files: SourceFiles, folder: string, src: string): { name: string; bytes: Buffer } | null {
  let clean: string;
  try {
    clean = decodeURIComponent(src.split(/[?#]/, 1)[0]!);
  } catch {
    return null;
  }
  const candidates = clean.startsWith("/")
    ? [clean.slice(1), `static/${clean.slice(1)}`, `public/${clean.slice(1)}`]
    : [path.posix.join(folder, clean), clean];
  for (const candidate of candidates) {
    const name = path.posix.normalize(candidate);
    if (name.startsWith("..")) continue;
    const bytes = files.get(name);
    if (bytes) return { name, bytes };
  }
  return null;
}

async function store(context: ImageContext, bytes: Buffer, name: string): Promise<string> {
  const stored = await storeUpload({ bytes, name, userId: context.userId });
  if (stored.created) {
    const db = await getDb();
    await db
      .insert(importRunChanges)
      .values({ runId: context.runId, change: "media-created", target: String(stored.upload.id) });
  }
  return stored.upload.url;
}

/** The media library address of image `src`, or null (with the reason in `notes`). */
async function resolveImage(context: ImageContext, folder: string, src: string, notes: ImageNotes) {
  if (src.startsWith("data:") || src.startsWith("/media/")) return src;
  const remote = REMOTE.test(src);
  const key = remote ? src : `${folder}\0${src}`;
  let known = context.known.get(key);
  if (!known) {
    try {
      if (remote) {
        const fetched = await fetchRemoteImage(src);
        known = { url: await store(context, fetched.bytes, path.posix.basename(fetched.name)) };
      } else {
        const found = findFile(context.files, folder, src);
        known = found
          ? { url: await store(context, found.bytes, path.posix.basename(found.name)) }
          : { reason: "not in the file", remote };
      }
    } catch (error) {
      known = { reason: (error as Error).message, remote };
    }
    context.known.set(key, known);
  }
  if ("url" in known) return known.url;
  if (known.remote) notes.kept.push({ url: src, reason: known.reason });
  else notes.missing.push(known.reason === "not in the file" ? src : `${src} (${known.reason})`);
  return src;
}

/** `markdown` with its images in the media library, the cover's address, and what could not be. */
export async function importImages(
  context: ImageContext,
  item: { markdown: string; folder: string; cover?: string | null },
): Promise<{ markdown: string; cover: string | null; notes: ImageNotes }> {
  const notes: ImageNotes = { kept: [], missing: [] };
  let markdown = "";
  let last = 0;
  for (const match of item.markdown.matchAll(IMAGE)) {
    const [whole, alt = "", src = "", title = ""] = match;
    const url = await resolveImage(context, item.folder, src, notes);
    const altText = alt.trim() || path.posix.basename(src.split(/[?#]/, 1)[0]!).replace(/\.[a-z0-9]+$/i, "") || "image";
    markdown += `${item.markdown.slice(last, match.index)}![${altText}](${url}${title})`;
    last = match.index! + whole.length;
  }
  markdown += item.markdown.slice(last);
  const cover = item.cover ? await resolveImage(context, item.folder, item.cover, notes) : null;
  return { markdown, cover, notes };
}
