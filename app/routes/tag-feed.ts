import { redirect } from "react-router";
import { buildFeed, FEED_CONTENT_TYPES, renderFeed } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { getSiteSettings } from "~/settings/settings.server";
import { tagSlug } from "~/lib/tag-names";
import { tagFeedHref, tagHref } from "~/lib/urls";
import { findTag, findTagRedirect } from "~/taxonomy/tags.server";
import type { Route } from "./+types/tag-feed";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** /tag/{slug}/rss.xml: the newest articles with one tag. */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.tag(tagSlug(params.slug ?? ""))]);

export async function loader({ request, params }: Route.LoaderArgs) {
  // A renamed or merged tag's old slug: 301 to its feed's current address.
  const moved = await findTagRedirect(params.slug);
  if (moved) return redirect(tagFeedHref(moved), 301);
  const tag = await findTag(params.slug);
  if (!tag)
    return new Response("Tag not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  if (tag.slug !== params.slug) return redirect(tagFeedHref(tag.slug), 301);
  const { siteName } = await getSiteSettings();
  const { feed, updated } = await buildFeed(
    {
      title: `#${tag.name} — ${siteName}`,
      description: `Articles tagged ${tag.name} on ${siteName}.`,
      path: tagHref(tag.slug),
    },
    { tagId: tag.id },
  );
  return conditionalResponse(request, renderFeed(feed, "rss"), {
    contentType: FEED_CONTENT_TYPES.rss,
    lastModified: updated,
  });
}
