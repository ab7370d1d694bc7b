/**
 * Cross-site request forgery defence: a non-GET request must come from this site. Browsers send
 * Origin (and Sec-Fetch-Site) with every POST; we compare it with the host the request was sent
 * to. A cookie-carrying POST with neither header is refused too; a cookieless one (curl, a
 * health probe) has no ambient authority to abuse.
 */
import { env } from "~/env.server";

export function isCrossSiteWrite(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("Origin");
  const forwardedHost = env().TRUST_PROXY === "1" ? request.headers.get("X-Forwarded-Host") : null;
  const host = forwardedHost ?? request.headers.get("Host") ?? new URL(request.url).host;
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  if (origin === "null") return true;
  if (fetchSite) return false;
  return Boolean(request.headers.get("Cookie"));
}

/**
 * Stricter, for forms anyone may post without signing in (subscribing): the request must say it
 * comes from this site. A POST without Origin (and without Sec-Fetch-Site) is refused too, even
 * without cookies: scripts elsewhere must not subscribe addresses through a visitor's browser or
 * straight from a server.
 */
export function comesFromThisSite(request: Request): boolean {
  if (isCrossSiteWrite(request)) return false;
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (origin && origin !== "null") return true;
  return fetchSite === "same-origin";
}
