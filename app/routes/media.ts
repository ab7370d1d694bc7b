/**
 * GET /media/{hash}.{ext} and /media/{hash}-{width}.{webp|avif}: uploaded images and their
 * variants. The URL names the content (its SHA-256), so a response never changes: cached for a
 * year as immutable, with the hash as ETag. Served as an image only, never as anything a browser
 * could run: the type detected at upload, nosniff, and a CSP that forbids everything (and
 * sandboxes the document should someone open one directly).
 */
import { readMediaFile } from "~/media/media.server";
import type { Route } from "./+types/media";

export const MEDIA_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cross-Origin-Resource-Policy": "cross-origin",
} as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const file = await readMediaFile(params.file);
  if (!file) {
    return new Response("Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const headers = new Headers({ ...MEDIA_HEADERS, "Content-Type": file.mime, ETag: file.etag });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(file.bytes.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.bytes), { headers });
}
