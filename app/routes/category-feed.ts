import { findCategory } from "~/articles/articles.server";
import { buildFeed, FEED_CONTENT_TYPES, renderFeed } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { env } from "~/env.server";
import type { Route } from "./+types/category-feed";

/** /category/{category}/rss.xml: the newest articles of one category. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const category = await findCategory(params.category);
  if (!category)
    return new Response("Category not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { SITE_NAME } = env();
  const { feed, updated } = await buildFeed(
    {
      title: `${category.name} — ${SITE_NAME}`,
      description: category.description || `${category.name} articles from ${SITE_NAME}.`,
      path: `/category/${category.slug}`,
      categorySlug: category.slug,
    },
    category.id,
  );
  return conditionalResponse(request, renderFeed(feed, "rss"), {
    contentType: FEED_CONTENT_TYPES.rss,
    lastModified: updated,
  });
}
