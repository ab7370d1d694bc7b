import { redirect } from "react-router";
import { findSlugRedirect } from "~/articles/slug-redirects.server";
import type { Route } from "./+types/article-redirect";

/**
 * One reading of the spec links /article/{slug}; the canonical address is /post/{slug}. An old
 * slug of a published article goes straight to its current one (one 301, not two).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const moved = await findSlugRedirect(params.slug).catch(() => null);
  return redirect(`/post/${encodeURIComponent(moved ?? params.slug)}${search}`, 301);
}
