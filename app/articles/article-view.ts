/**
 * The article page's view types, owned by the domain: the loader builds them
 * (app/http/views/article-view.server.ts) and the components import them as types from here.
 */
import type { TagLink } from "~/lib/article-card";
import type { TocEntry } from "~/lib/toc";

/** Where an article stands in its series (published parts only): "Part 2 of 5", previous, next. */
export type SeriesNav = {
  name: string;
  slug: string;
  part: number;
  of: number;
  previous: { slug: string; title: string } | null;
  next: { slug: string; title: string } | null;
};

export type AuthorInfo = { name: string; slug?: string | null; avatarUrl: string | null; bio: string | null } | null;

export type ArticleViewData = {
  slug: string;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  /**
   * Where the article was first published, when that is another site: the page's rel=canonical
   * names it (and an API serves it as `canonical_url`). Null: this page is the canonical one.
   */
  canonicalUrl: string | null;
  publishedAt: string;
  readingMinutes: number;
  toc: TocEntry[];
  category: { name: string; slug: string } | null;
  author: AuthorInfo;
  /** Its tags, in order (/tag/{slug}). */
  tags: TagLink[];
  /** Its series, when it is a published part of one. */
  series: SeriesNav | null;
  /**
   * The article, rendered and sanitized at save: its start (the whole article when the preview
   * is not its exact prefix) and, when the preview is, the rest (a resume point). Null when the
   * page was rendered with it: hydration reads it from the DOM (app/components/html-once.tsx).
   */
  head: string | null;
  rest: string | null;
  hasRest: boolean;
  /** While a long article starts as a preview: the preview is `head`, or its own HTML (`previewHtml`). */
  preview: "head" | "own" | null;
  previewHtml: string | null;
  /** The stored HTML has formulas: the page loads KaTeX's stylesheet (only then). */
  hasMath: boolean;
};
