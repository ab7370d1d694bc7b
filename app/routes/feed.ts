import { buildFeed, FEED_CONTENT_TYPES, type FeedFormat, renderFeed, siteFeedScope } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import type { Route } from "./+types/feed";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

const FORMATS: Record<string, FeedFormat> = { "/rss.xml": "rss", "/atom.xml": "atom", "/feed.json": "json" };

/** /rss.xml, /atom.xml and /feed.json: the newest articles of the whole site. */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.feeds]);

export async function loader({ request }: Route.LoaderArgs) {
  const format = FORMATS[new URL(request.url).pathname] ?? "rss";
  const { feed, updated } = await buildFeed(siteFeedScope());
  return conditionalResponse(request, renderFeed(feed, format), {
    contentType: FEED_CONTENT_TYPES[format],
    lastModified: updated,
  });
}
