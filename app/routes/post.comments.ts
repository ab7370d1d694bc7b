/**
 * /post/{slug}/comments: the article's comments as data, for Load Comments with JavaScript (a
 * fetcher loads them in place). Without JavaScript the button is a link to /post/{slug}?comments=all.
 * Cached for anonymous readers like the article page (tags post:{slug} and comments:{slug}).
 */
import { getUser } from "~/auth/guards.server";
import { commentsViewForSlug } from "~/http/views/comments-view.server";
import { readOrThrow } from "~/http/route-errors.server";
import { notFound } from "~/lib/route-errors";
import type { Route } from "./+types/post.comments";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.article(params.slug ?? ""), tags.comments(params.slug ?? "")]);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const view = await readOrThrow({ request, context }, "article", async () =>
    commentsViewForSlug(context, params.slug, await getUser(request)),
  );
  if (!view) throw notFound("article");
  return view;
}
