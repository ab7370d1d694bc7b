import { conditionalResponse } from "~/discovery/http-cache.server";
import { sitemapDocument, sitemapPiece } from "~/discovery/sitemap.server";
import type { Route } from "./+types/sitemap";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** /sitemap.xml, and /sitemaps/{piece}.xml once the site needs an index. */

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.feeds]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const piece = params.piece;
  const document = piece === undefined ? await sitemapDocument() : await sitemapPiece(piece.replace(/\.xml$/, ""));
  if (!document)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return conditionalResponse(request, document.xml, {
    contentType: "application/xml; charset=utf-8",
    lastModified: document.lastModified,
  });
}
