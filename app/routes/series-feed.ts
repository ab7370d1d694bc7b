import { buildFeed, FEED_CONTENT_TYPES, renderFeed } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { getSiteSettings } from "~/settings/settings.server";
import { seriesHref } from "~/lib/urls";
import { findSeries } from "~/taxonomy/series.server";
import type { Route } from "./+types/series-feed";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** /series/{slug}/rss.xml: the published parts of one series, newest first (as every feed). */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.series(params.slug ?? "")]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const series = await findSeries(params.slug);
  if (!series || series.slug !== params.slug)
    return new Response("Series not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { siteName } = await getSiteSettings();
  const { feed, updated } = await buildFeed(
    {
      title: `${series.name} — ${siteName}`,
      description: series.description || `The series ${series.name} on ${siteName}.`,
      path: seriesHref(series.slug),
    },
    { seriesId: series.id },
  );
  return conditionalResponse(request, renderFeed(feed, "rss"), {
    contentType: FEED_CONTENT_TYPES.rss,
    lastModified: updated,
  });
}
