/**
 * Which cached pages a write can change: every public URL carries tags (derived from its path),
 * and every write announces the tags it touched (`contentChanged(reason, tags)`). The page cache
 * drops exactly the pages that share a tag with the write, here and on the other instances.
 *
 * | Page | Tags |
 * |---|---|
 * | `/`, `/whats-new` (lists of recent articles) | `lists` |
 * | `/post/{slug}` (and `.md`) | `post:{slug}` |
 * | `/category/{slug}` (every page and view) and its RSS feed | `category:{slug}` |
 * | `/search` | `search` |
 * | feeds, sitemaps, llms.txt | `feeds` |
 * | `/interview-prep` | `questions` |
 * | `/about`, `/robots.txt` (no content) | `static` |
 * | anything else | none: dropped by every write |
 *
 * Client-side navigations fetch the same pages as `.data` (`/_root.data` for `/`): same tags.
 */

const FEEDS = new Set(["/rss.xml", "/atom.xml", "/feed.json", "/sitemap.xml", "/llms.txt"]);

/** The tags of the page at `url` (path and query, as received); null for "untagged". */
export function cacheTagsFor(url: string): string[] | null {
  let path = url.split("?")[0] ?? "/";
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded === "/" || decoded === "/whats-new") return ["lists"];
  if (decoded === "/search") return ["search"];
  if (decoded === "/interview-prep") return ["questions"];
  if (decoded === "/about" || decoded === "/robots.txt") return ["static"];
  if (FEEDS.has(decoded) || decoded.startsWith("/sitemaps/")) return ["feeds"];
  const post = /^\/post\/([^/]+?)(?:\.md)?$/.exec(decoded);
  if (post) return [`post:${post[1]}`];
  const category = /^\/category\/([^/]+)(?:\/rss\.xml)?$/.exec(decoded);
  if (category) return [`category:${category[1]}`];
  return null;
}

/** What one article's write touches: its page, its category's pages, and every list of articles. */
export function articleTags(...states: Array<{ slug: string; categorySlug: string | null } | null | undefined>) {
  const tags = new Set(["lists", "feeds", "search"]);
  for (const state of states) {
    if (!state) continue;
    tags.add(`post:${state.slug}`);
    if (state.categorySlug) tags.add(`category:${state.categorySlug}`);
  }
  return [...tags];
}
