import { getAuthorBySlug } from "~/authors/authors.server";
import { buildFeed, FEED_CONTENT_TYPES, renderFeed } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { getSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/author-feed";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { authorHref } from "~/lib/urls";

/** /author/{slug}/rss.xml: the newest articles of one author. */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.author(params.slug ?? ""), tags.feeds]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const author = await getAuthorBySlug(params.slug);
  if (!author)
    return new Response("Author not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const { siteName: SITE_NAME } = await getSiteSettings();
  const { feed, updated } = await buildFeed(
    {
      title: `${author.name} — ${SITE_NAME}`,
      description: author.bio || `Articles by ${author.name} on ${SITE_NAME}.`,
      path: authorHref(author.slug),
    },
    { authorId: author.id },
  );
  return conditionalResponse(request, renderFeed(feed, "rss"), {
    contentType: FEED_CONTENT_TYPES.rss,
    lastModified: updated,
  });
}
