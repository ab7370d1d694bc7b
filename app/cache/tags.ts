/**
 * Cache tags: the one module that names them. A cached page carries the tags of what it shows
 * (declared by its route: `handle.cacheTags`, see app/cache/route-tags.ts), and every write of
 * public content announces the tags it touched (`contentChanged(reason, tags)`); the page cache
 * drops exactly the pages that share one, here and on every other instance.
 *
 * | Tag | Pages that carry it |
 * |---|---|
 * | `lists` | `/`, `/whats-new`, `/author/{slug}` (lists of recent articles) |
 * | `post:{slug}` | `/post/{slug}`, `/post/{slug}.md`, `/post/{slug}/comments` |
 * | `comments:{slug}` | the pages that show an article's comments |
 * | `category:{slug}` | `/category/{slug}` (every page and view) and its feed |
 * | `author:{slug}` | `/author/{slug}` and its feed |
 * | `tag:{slug}` | `/tag/{slug}` (every page) and its feed |
 * | `series:{slug}` | `/series/{slug}` and its feed |
 * | `search` | `/search` |
 * | `feeds` | feeds, sitemaps, `llms.txt` |
 * | `questions` | `/interview-prep` |
 * | `page:{slug}` | a site page (`/terms`, `/faq`, …) |
 * | `static` | pages with no content (`/about`, `/robots.txt`) |
 *
 * Nothing else builds a tag: the type is branded, so a template string does not type-check.
 */
declare const brand: unique symbol;
export type CacheTag = string & { readonly [brand]: "CacheTag" };

const tag = (value: string) => value as CacheTag;

export const tags = {
  lists: tag("lists"),
  feeds: tag("feeds"),
  search: tag("search"),
  questions: tag("questions"),
  static: tag("static"),
  article: (slug: string) => tag(`post:${slug}`),
  comments: (slug: string) => tag(`comments:${slug}`),
  category: (slug: string) => tag(`category:${slug}`),
  author: (slug: string) => tag(`author:${slug}`),
  /** An article tag's pages (not to be confused with these cache tags). */
  tag: (slug: string) => tag(`tag:${slug}`),
  series: (slug: string) => tag(`series:${slug}`),
  page: (slug: string) => tag(`page:${slug}`),
  /** A tag received from another instance (NOTIFY) or a response header: trusted as written. */
  parse: (value: string) => tag(value),
} as const;

export type ArticleTagState = {
  slug: string;
  categorySlug: string | null;
  /** Its tags' slugs: their pages list it. */
  tagSlugs?: readonly string[];
  /** Its series, and the other parts' slugs: their pages show "Part n of N" and previous/next. */
  seriesSlug?: string | null;
  seriesPartSlugs?: readonly string[];
};

/**
 * What one article's write touches: its page, its category's, tags' and series' pages, the
 * other parts of its series, and every list of articles.
 */
export function articleTags(...states: Array<ArticleTagState | null | undefined>): CacheTag[] {
  const touched = new Set<CacheTag>([tags.lists, tags.feeds, tags.search]);
  for (const state of states) {
    if (!state) continue;
    touched.add(tags.article(state.slug));
    if (state.categorySlug) touched.add(tags.category(state.categorySlug));
    for (const slug of state.tagSlugs ?? []) touched.add(tags.tag(slug));
    if (state.seriesSlug) touched.add(tags.series(state.seriesSlug));
    for (const slug of state.seriesPartSlugs ?? []) touched.add(tags.article(slug));
  }
  return [...touched];
}
