/**
 * Any path no other route matches: the one not-found screen (the public layout's error
 * boundary), inside the site shell, with status 404. An imported article's old path (Ghost
 * /{slug}/, dev.to /{user}/{slug}, front matter aliases) answers 301 to the article instead.
 */
import { redirect } from "react-router";
import { importedRedirect } from "~/backup/import.server";
import { notFound } from "~/lib/route-errors";
import { postHref } from "~/lib/urls";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs): Promise<never> {
  const slug = await importedRedirect(new URL(request.url).pathname);
  if (slug) throw redirect(postHref(slug), 301);
  throw notFound();
}

/** Never rendered: the loader always throws, and the layout's boundary draws the screen. */
export default function NotFoundPage() {
  return null;
}
