/**
 * An article's canonical URL as it is stored: the address of the page it was first published on,
 * when that is another site. Every writer (the editor's save, imports) goes through here, so a
 * canonical URL naming the article's own address on this site is stored as none: its page then
 * names itself and it stays in the sitemap.
 */
import { env } from "~/env.server";
import { keptCanonicalUrl } from "~/lib/article-schema";
import { postHref } from "~/lib/urls";

/** This site's address of the article at `slug`. */
export function ownArticleUrl(slug: string) {
  return `${env().SITE_URL}${postHref(slug)}`;
}

/** What to store for `value` on the article at `slug` (undefined stays undefined: "as it is"). */
export function storedCanonicalUrl(value: string | null | undefined, slug: string): string | null | undefined {
  if (value === undefined) return undefined;
  return keptCanonicalUrl(value, ownArticleUrl(slug));
}
