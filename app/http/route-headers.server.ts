/**
 * The `headers` export shared by routes whose action (or loader) can refuse with 429: React Router
 * sends a route's response headers to the browser only through this export, so without it the
 * refusal's Retry-After would be lost. Use: `export const headers: Route.HeadersFunction = retryAfterHeaders;`
 */
import type { HeadersFunction } from "react-router";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

/** A private page's headers (a mailed link's page, setup, a preview): never stored, never indexed. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * The `headers` export of a page whose action answers with its own Cache-Control (a private
 * page's): after a POST the action's headers, else the loader's. Use:
 * `export const headers: Route.HeadersFunction = cacheControlHeaders;`
 */
export const cacheControlHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
