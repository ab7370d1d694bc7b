/**
 * The `headers` export shared by routes whose action (or loader) can refuse with 429: React Router
 * sends a route's response headers to the browser only through this export, so without it the
 * refusal's Retry-After would be lost. Use: `export const headers: Route.HeadersFunction = retryAfterHeaders;`
 */
import type { HeadersFunction } from "react-router";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
