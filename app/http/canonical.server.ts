/**
 * One URL per cacheable page: a list page whose address is not the one `app/lib/urls.ts` builds
 * for what it shows (letter case, a category's name instead of its slug, `?page=1`, default
 * options, parameter order, unknown parameters) answers 301 to that address. Redirects are never
 * kept by the page cache, so it only ever holds canonical pages and their tags always match.
 * (Trailing slashes are removed before the app is reached: server/request-guard.ts.)
 */
import { redirect, type RouterContextProvider } from "react-router";
import { requestKindContext } from "./request-context.server";

export function redirectToCanonical(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  canonicalHref: string,
) {
  // Client navigations (`.data`) carry React Router's own parameters; their documents were checked.
  if (context.get(requestKindContext).dataRequest) return;
  const url = new URL(request.url);
  if (`${url.pathname}${url.search}` !== canonicalHref) throw redirect(canonicalHref, 301);
}
