/**
 * The one pagination rule, for every paged list (category pages, What's New, search, the admin
 * dashboard):
 *
 * - `?page=` absent is page 1;
 * - a value that is not a page number (0, -1, 1.5, "abc", past MAX_PAGE) redirects to page 1;
 * - a page past the last one redirects to the last page (page 1 of an empty list).
 *
 * So every URL shows a page, every page has one URL, and nothing answers an error for a stale or
 * hand-edited link. The redirect is 302: the number of pages changes as articles come and go.
 */

/** The highest page number read from a URL (keeps OFFSET bounded). */
export const MAX_PAGE = 10_000;

/** `?page=` as asked: 1 when absent or empty; null when it is not a page number. */
export function parsePageParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return 1;
  if (!/^\d{1,6}$/.test(value)) return null;
  const page = Number.parseInt(value, 10);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** The page to query for what was asked (page 1 for a value that is not a page number). */
export function pageToRead(requested: number | null): number {
  return requested ?? 1;
}

/**
 * Where a list request must go instead, or null when `requested` is a page of a list with
 * `pageCount` pages (at least 1).
 */
export function pageRedirectTarget(requested: number | null, pageCount: number): number | null {
  if (requested === null) return 1;
  const last = Math.max(1, pageCount);
  return requested > last ? last : null;
}
