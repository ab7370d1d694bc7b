/**
 * Conditional GET for generated documents (feeds, sitemaps): a strong ETag from the body and
 * Last-Modified from the newest change, answering 304 when the client already has them.
 */
import { createHash } from "node:crypto";

export function etagFor(body: string | Uint8Array) {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

function notModified(request: Request, etag: string, lastModified: Date | null) {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .some((tag) => tag === etag || tag === "*");
  }
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  if (ifModifiedSince && lastModified) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have one-second precision.
    return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

export function conditionalResponse(
  request: Request,
  body: string,
  options: { contentType: string; lastModified?: Date | null; maxAge?: number },
) {
  const etag = etagFor(body);
  const headers = new Headers({
    "Content-Type": options.contentType,
    ETag: etag,
    "Cache-Control": `public, max-age=${options.maxAge ?? 300}, s-maxage=${options.maxAge ?? 300}, stale-while-revalidate=86400`,
  });
  if (options.lastModified) headers.set("Last-Modified", options.lastModified.toUTCString());
  if (notModified(request, etag, options.lastModified ?? null)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}
