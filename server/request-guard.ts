/**
 * Requests that a stock React Router server answers with a 500 are refused here with the right
 * 4xx before any application code runs. See ../shared/STACK-NOTES.md ("hostile but ordinary").
 */
import type { IncomingMessage } from "node:http";

/**
 * The largest body any route may accept; larger ones get 413 before they are read. Each form sets
 * its own, lower limit when it reads the body (app/http/form.server.ts: 1 MB unless the route asks
 * for more, as an image upload of 10 MB in a multipart form will).
 */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

/**
 * The admin panel's import takes a file of up to 50 MB (IMPORT_UPLOAD_MAX_BYTES in
 * app/backup/import-runs.server.ts) in a multipart form: its two upload paths admit that much.
 */
export const IMPORT_BODY_BYTES = 51 * 1024 * 1024;
const IMPORT_UPLOAD_PATHS = new Set(["/admin/import", "/admin/import.data", "/admin/import/upload"]);

/** The largest body a request to `pathname` may carry. */
export function maxBodyBytes(pathname: string): number {
  return IMPORT_UPLOAD_PATHS.has(pathname) ? IMPORT_BODY_BYTES : MAX_BODY_BYTES;
}

// The site speaks HTML forms: GET, HEAD and POST. PUT, PATCH and DELETE get a 405 or 404 per route
// (route-methods.ts); TRACE, OPTIONS, CONNECT and unknown methods have no handler anywhere.
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Ghost's APIs (issue 42) speak REST, not HTML forms: PUT, DELETE and OPTIONS (CORS preflight)
 * reach their route, and their paths keep the trailing slash Ghost's clients send.
 */
export const API_PREFIX = "/ghost/api/";

export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** The last Host header that passed the pattern: clients send the same one request after request. */
let lastGoodHost: string | undefined;

export function checkRequestLine(req: IncomingMessage): Refusal | null {
  const method = req.method ?? "";
  if (!ROUTED_METHODS.has(method) && !(method === "OPTIONS" && req.url?.startsWith(API_PREFIX))) {
    return { status: 405, message: "Method Not Allowed", headers: { Allow: "GET, HEAD, POST" } };
  }
  const target = req.url ?? "";
  // Origin-form only: "GET http://other.example/" and "*" are not ours to answer.
  if (!target.startsWith("/") || target.startsWith("//"))
    return { status: 400, message: "Bad Request: request target" };
  const host = req.headers.host;
  if (host !== lastGoodHost) {
    if (!host || !HOST_PATTERN.test(host)) return { status: 400, message: "Bad Request: Host header" };
    lastGoodHost = host;
  }
  if (target.includes("\0")) return { status: 400, message: "Bad Request: NUL byte" };
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  // Only a `%` can make a target malformed (the query is decoded leniently by URLSearchParams).
  if (target.includes("%")) {
    if (/%00/i.test(target)) return { status: 400, message: "Bad Request: NUL byte" };
    try {
      decodeURIComponent(pathname);
    } catch {
      return { status: 400, message: "Bad Request: malformed percent-encoding" };
    }
  }
  if (
    method !== "GET" &&
    method !== "HEAD" &&
    req.headers["content-length"] === undefined &&
    req.headers["transfer-encoding"]
  ) {
    return { status: 411, message: "Length Required" };
  }
  const length = req.headers["content-length"];
  if (length === undefined) return null;
  const limit = maxBodyBytes(pathname);
  if (Number(length) > limit) {
    return { status: 413, message: `Payload Too Large: at most ${limit / (1024 * 1024)} MB per request.` };
  }
  return null;
}

/**
 * One URL per page: `/post/a/` (and `/post/a//`) answer 301 to `/post/a`, query kept, before the
 * page cache is consulted, so the cache never keeps a page under a second address.
 */
export function trailingSlashRedirect(req: IncomingMessage): Refusal | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const target = req.url ?? "/";
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  if (pathname.length < 2 || !pathname.endsWith("/") || pathname.startsWith(API_PREFIX)) return null;
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  const location = trimmed + (queryStart === -1 ? "" : target.slice(queryStart));
  return { status: 301, message: "Moved Permanently", headers: { Location: location } };
}

/**
 * An imported article's old address as it is linked, with its trailing slash (a Ghost permalink
 * `/my-post/`): one 301 straight to the article (`/post/my-post`, query kept as both rules keep
 * it) instead of the trailing-slash 301 and then the old address's own. `slash` is
 * trailingSlashRedirect's answer; `articleFor` looks its slashless path up (import_redirects,
 * through the runtime). No such address: the trailing-slash 301 as before.
 */
export async function oldAddressRedirect(
  slash: Refusal,
  articleFor: (pathname: string) => Promise<string | null>,
): Promise<Refusal> {
  const location = slash.headers?.Location ?? "/";
  const queryStart = location.indexOf("?");
  const pathname = queryStart === -1 ? location : location.slice(0, queryStart);
  if (pathname === "/") return slash;
  const article = await articleFor(pathname);
  if (!article) return slash;
  const query = queryStart === -1 ? "" : location.slice(queryStart);
  return { status: 301, message: "Moved Permanently", headers: { Location: article + query } };
}
