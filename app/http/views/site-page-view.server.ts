/**
 * The data of a site page's screen (/terms, /privacy, …, and pages an import brought in, served
 * at /{slug} by the catch-all route): its HTML was rendered and sanitised when it was saved.
 */
import type { RouterContextProvider } from "react-router";
import { htmlOnce } from "~/http/html-once.server";
import { summarize } from "~/lib/seo";
import { SITE_PAGE_BODY_KEY } from "~/lib/site-pages";
import { MATH_MARKER } from "~/markdown/math.server";
import { getPage } from "~/pages/pages.server";

export async function sitePageData(slug: string, context: Readonly<RouterContextProvider>) {
  const page = await getPage(slug);
  if (!page) return null;
  return {
    slug: page.slug,
    title: page.title,
    updatedAt: page.updatedAt,
    description: summarize(page.contentHtml.replace(/<[^>]+>/g, " ")),
    html: htmlOnce(context, SITE_PAGE_BODY_KEY, page.contentHtml),
    hasMath: page.contentHtml.includes(MATH_MARKER),
  };
}
