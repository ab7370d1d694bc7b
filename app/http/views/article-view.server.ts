/**
 * An article as the article page draws it (ArticleView), built in one place for the article
 * page and the private preview: the stored HTML goes in the page once (html-once), and a long
 * article starts as its preview unless `full` is asked for.
 */
import type { RouterContextProvider } from "react-router";
import type { ArticleViewData } from "~/articles/article-view";
import { htmlOnce } from "~/http/html-once.server";
import { MATH_MARKER } from "~/markdown/math.server";

type Readable = Omit<
  ArticleViewData,
  "head" | "rest" | "hasRest" | "preview" | "previewHtml" | "hasMath" | "tags" | "series"
> & {
  contentHtml: string;
  previewHtml: string | null;
  /** Its tags and series (a private preview shows neither). */
  tags?: ArticleViewData["tags"];
  series?: ArticleViewData["series"];
};

export function articleViewData(
  context: Readonly<RouterContextProvider>,
  article: Readable,
  options: { full: boolean },
): ArticleViewData {
  const { contentHtml, previewHtml } = article;
  const showPreview = previewHtml !== null && !options.full;
  // When the stored preview is exactly the start of the article, the rest can be marked as the
  // place to resume reading (the no-JS Continue Reading link lands there).
  const splitAt = previewHtml !== null && contentHtml.startsWith(previewHtml) ? previewHtml.length : null;
  const head = splitAt !== null ? contentHtml.slice(0, splitAt) : contentHtml;
  const rest = splitAt !== null ? contentHtml.slice(splitAt) : null;
  return {
    // Only what the page shows travels in the hydration data (the row has more).
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    imageUrl: article.imageUrl,
    canonicalUrl: article.canonicalUrl,
    publishedAt: article.publishedAt,
    readingMinutes: article.readingMinutes,
    toc: article.toc,
    category: article.category,
    author: article.author,
    tags: article.tags ?? [],
    series: article.series ?? null,
    head: htmlOnce(context, "article-head", head),
    rest: rest === null ? null : htmlOnce(context, "article-rest", rest),
    hasRest: rest !== null,
    preview: !showPreview ? null : splitAt !== null ? "head" : "own",
    previewHtml: showPreview && splitAt === null ? htmlOnce(context, "article-preview", previewHtml ?? "") : null,
    // A substring test on the stored HTML, not markdown work.
    hasMath: contentHtml.includes(MATH_MARKER),
  };
}
