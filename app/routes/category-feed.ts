import { redirect } from "react-router";
import { findCategory } from "~/articles/articles.server";
import { findCategoryRedirect } from "~/categories/categories.server";
import { buildFeed, FEED_CONTENT_TYPES, renderFeed } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { getSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/category-feed";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { categoryFeedHref, categoryHref } from "~/lib/urls";

/** /category/{category}/rss.xml: the newest articles of one category. */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.category((params.category ?? "").toLowerCase())]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const category = await findCategory(params.category);
  // A renamed category's old slug: 301 to its feed's current address.
  if (category?.slug !== params.category) {
    const moved = await findCategoryRedirect(params.category);
    if (moved) return redirect(categoryFeedHref(moved), 301);
  }
  if (!category)
    return new Response("Category not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { siteName: SITE_NAME } = await getSiteSettings();
  const { feed, updated } = await buildFeed(
    {
      title: `${category.name} — ${SITE_NAME}`,
      description: category.description || `${category.name} articles from ${SITE_NAME}.`,
      path: categoryHref(category.slug),
      categorySlug: category.slug,
    },
    category.id,
  );
  return conditionalResponse(request, renderFeed(feed, "rss"), {
    contentType: FEED_CONTENT_TYPES.rss,
    lastModified: updated,
  });
}
