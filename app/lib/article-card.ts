/**
 * What every article listing shows (home, category, search, What's New): one shape, selected by
 * one query helper on the server (app/articles/articles.server.ts) and drawn by ArticleCard.
 */
/** A tag as pages show and link it: /tag/{slug}. */
export type TagLink = { name: string; slug: string };

export type ArticleCardData = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  authorName: string | null;
  /** ISO 8601. */
  publishedAt: string;
  readingMinutes: number;
  /** Its tags (at most 5), in order; read for the whole list in one query. */
  tags?: TagLink[];
  /** Search only: a sanitized snippet with <mark> around the matched words. */
  snippetHtml?: string | null;
};

export const PLACEHOLDER_IMAGE_COUNT = 8;

/** A local technology placeholder, stable per article id, for articles without an image. */
export function placeholderImageFor(id: number) {
  return `/images/placeholders/tech-${(Math.abs(id) % PLACEHOLDER_IMAGE_COUNT) + 1}.svg`;
}

export const FALLBACK_CATEGORY = "General";
export const FALLBACK_AUTHOR = "Anonymous";

/** Fixed badge colours of the spec; any other category is grey. Keyed by lower-cased name or slug. */
const BADGE_CLASSES: Record<string, string> = {
  javascript: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/40 dark:text-yellow-100",
  react: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  css: "bg-pink-100 text-pink-900 dark:bg-pink-900/40 dark:text-pink-100",
  devtools: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  tutorial: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100",
  tutorials: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100",
  opinion: "bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100",
  "ai development": "bg-teal-100 text-teal-900 dark:bg-teal-900/40 dark:text-teal-100",
  "ai & development": "bg-teal-100 text-teal-900 dark:bg-teal-900/40 dark:text-teal-100",
  "ai-development": "bg-teal-100 text-teal-900 dark:bg-teal-900/40 dark:text-teal-100",
};
const GREY_BADGE = "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100";

export function categoryBadgeClass(category: string | null | undefined) {
  return (category && BADGE_CLASSES[category.trim().toLowerCase()]) || GREY_BADGE;
}
