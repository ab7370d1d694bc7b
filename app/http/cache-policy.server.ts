/**
 * Cache-Control for every page and data response, decided in one place:
 * - a request carrying the site's cookies (signed in, a pending toast) is personal: never stored;
 * - an anonymous 200 that sets no cookie is public: shared caches (the in-process page cache,
 *   a CDN) may keep it briefly and revalidate in the background; browsers revalidate each time;
 * - errors are never stored.
 * A route that set its own Cache-Control keeps it.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

const PERSONAL_COOKIE = /(?:^|;\s*)dp_[a-z_]+=/;

export function isPersonalRequest(request: Request) {
  return PERSONAL_COOKIE.test(request.headers.get("Cookie") ?? "") || request.headers.has("Authorization");
}

export function applyCachePolicy(request: Request, status: number, headers: Headers) {
  if (isPersonalRequest(request) || headers.has("Set-Cookie")) {
    headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    return;
  }
  if (headers.has("Cache-Control")) return;
  if (status >= 400) headers.set("Cache-Control", "no-store");
  else if (status === 200 && request.method === "GET") headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
}
