/**
 * Which cached pages a write can change: every public URL carries tags (derived from its path),
 * and every write announces the tags it touched (`contentChanged(reason, tags)`). The page cache
 * drops exactly the pages that share a tag with the write, here and on the other instances.
 *
 * | Page | Tags |
 * |---|---|
 * | `/`, `/whats-new` (lists of recent articles) | `lists` |
 * | `/post/{slug}` (and `?comments=all`) | `post:{slug}`, `comments:{slug}` |
 * | `/post/{slug}.md` | `post:{slug}` |
 * | `/post/{slug}/comments` (the comments, loaded in place) | `post:{slug}`, `comments:{slug}` |
 * | `/category/{slug}` (every page and view) and its RSS feed | `category:{slug}` |
 * | `/search` | `search` |
 * | feeds, sitemaps, llms.txt | `feeds` |
 * | `/author/{slug}` (every page) | `author:{slug}`, `lists` (any article write may change it) |
 * | `/author/{slug}/rss.xml` | `author:{slug}`, `feeds` |
 * | `/interview-prep` | `questions` |
 * | `/about`, `/robots.txt` (no content) | `static` |
 * | a site page (`/terms`, `/faq`, …: app/lib/site-pages.ts) | `page:{slug}` |
 * | anything else | none: dropped by every write |
 *
 * Client-side navigations fetch the same pages as `.data` (`/_root.data` for `/`): same tags.
 */

import { pageCacheTag, SITE_PAGE_SLUGS } from "~/lib/site-pages";

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
  if (SITE_PAGE_SLUGS.has(decoded.slice(1))) return [pageCacheTag(decoded.slice(1))];
  const post = /^\/post\/([^/]+?)(\.md|\/comments)?$/.exec(decoded);
  // A new comment (app/comments) drops only the pages that show comments: `comments:{slug}`.
  if (post) return post[2] === ".md" ? [`post:${post[1]}`] : [`post:${post[1]}`, `comments:${post[1]}`];
  const category = /^\/category\/([^/]+)(?:\/rss\.xml)?$/.exec(decoded);
  if (category) return [`category:${category[1]}`];
  const author = /^\/author\/([^/]+?)(\/rss\.xml)?$/.exec(decoded);
  if (author) return [`author:${author[1]}`, author[2] ? "feeds" : "lists"];
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
