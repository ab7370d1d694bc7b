/**
 * The search page's URL, read and written in one place (shared by the loader and the page).
 *
 *   /search?q=<keyword>&category=<id>&category=<id>&tag=<slug>&tag=<slug>&page=<n>
 *
 * Reading never fails: whatever a URL holds becomes a valid search. The keyword is trimmed,
 * control characters (NUL included) are dropped and it is cut to MAX_KEYWORD_LENGTH characters;
 * category values that are not positive integers are ignored. The page follows the one
 * pagination rule (~/lib/pagination).
 */
import { MAX_ID } from "~/lib/ids";
import { tagSlug } from "~/lib/tag-names";

/** Cards per page of results. */
export const SEARCH_PAGE_SIZE = 12;
/** The documented limit of a keyword, in characters (code points); longer ones are cut. */
export const MAX_KEYWORD_LENGTH = 200;
/** At most this many category filters are read from a URL; the rest are ignored. */
export const MAX_CATEGORY_FILTERS = 50;
/** At most this many tag filters are read from a URL; the rest are ignored. */
export const MAX_TAG_FILTERS = 20;

/** A category offered as a search filter. */
export type SearchCategory = { id: number; name: string; slug: string };

/** A tag offered as a search filter (its slug is the URL's value). */
export type SearchTag = { name: string; slug: string };

export type SearchParams = {
  /** Trimmed, cleaned and cut keyword; "" lists every article. */
  q: string;
  /** Distinct category ids in the order given. */
  categoryIds: number[];
  /** Distinct tag slugs (normalised: "React" is "react") in the order given. */
  tags: string[];
};

// C0 and C1 control characters (NUL would be refused by PostgreSQL) become spaces.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
// Lone surrogates cannot be encoded as UTF-8.
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The keyword as searched: control characters out, whitespace collapsed, trimmed, cut to the limit. */
export function normalizeKeyword(raw: string | null | undefined): string {
  if (!raw) return "";
  const cleaned = raw.replace(CONTROL_CHARACTERS, " ").replace(LONE_SURROGATES, "").replace(/\s+/g, " ").trim();
  const codePoints = Array.from(cleaned);
  return codePoints.length > MAX_KEYWORD_LENGTH ? codePoints.slice(0, MAX_KEYWORD_LENGTH).join("").trim() : cleaned;
}

function positiveInteger(value: string, max: number): number | null {
  if (!/^\d{1,10}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= 1 && number <= max ? number : null;
}

export function parseCategoryIds(values: readonly string[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    const id = positiveInteger(value, MAX_ID);
    if (id !== null && !ids.includes(id)) ids.push(id);
    if (ids.length >= MAX_CATEGORY_FILTERS) break;
  }
  return ids;
}

export function parseTagSlugs(values: readonly string[]): string[] {
  const slugs: string[] = [];
  for (const value of values) {
    const slug = value.length <= 200 ? tagSlug(value) : "";
    if (slug !== "" && !slugs.includes(slug)) slugs.push(slug);
    if (slugs.length >= MAX_TAG_FILTERS) break;
  }
  return slugs;
}

export function parseSearchParams(searchParams: URLSearchParams): SearchParams {
  return {
    q: normalizeKeyword(searchParams.get("q")),
    categoryIds: parseCategoryIds(searchParams.getAll("category")),
    tags: parseTagSlugs(searchParams.getAll("tag")),
  };
}

/** 'N result(s) for "q"', singular for one; without a keyword just 'N result(s)'. */
export function resultSummary(total: number, q: string) {
  const noun = total === 1 ? "result" : "results";
  return q ? `${total} ${noun} for "${q}"` : `${total} ${noun}`;
}

/**
 * Close matches (nothing matched the keyword itself; titles with words close to its words are
 * shown) are never counted as results for it: 'No exact matches for "q". Close matches:', the
 * page named before the colon when there are several.
 */
export function closeMatchesSummary(q: string, page = 1, pageCount = 1) {
  return `No exact matches for "${q}". Close matches${pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}:`;
}
