import { redirect } from "react-router";
import type { Route } from "./+types/article-redirect";

/** One reading of the spec links /article/{slug}; the canonical address is /post/{slug}. */
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/post/${encodeURIComponent(params.slug)}${search}`, 301);
}
