/**
 * Any path no other route matches: the one not-found screen (the public layout's error
 * boundary), inside the site shell, with status 404. Except:
 * - a page an import brought in (a Ghost page) is served at its own address, /{slug}, which is
 *   also its address at the source (not cached: this route keeps nothing);
 * - an imported article's old path (Ghost /{slug}/, dev.to /{user}/{slug}, front matter
 *   aliases) answers 301 to the article, query kept (with its trailing slash, the server answers
 *   that 301 itself before the trailing-slash rule: server/request-guard.ts).
 */
import { redirect } from "react-router";
import { importedRedirect } from "~/backup/import.server";
import { SitePageBody } from "~/components/pages/site-page-body";
import { sitePageData } from "~/http/views/site-page-view.server";
import { notFound } from "~/lib/route-errors";
import { seoMeta } from "~/lib/seo";
import { postHref } from "~/lib/urls";
import type { Route } from "./+types/not-found";

const PAGE_PATH = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.data)?$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  const pageSlug = PAGE_PATH.exec(pathname)?.[1];
  const page = pageSlug ? await sitePageData(pageSlug, context) : null;
  if (page) return page;
  const slug = await importedRedirect(pathname);
  // The query is kept, as the trailing-slash rule and an article's old slugs keep it.
  if (slug) throw redirect(`${postHref(slug)}${search}`, 301);
  throw notFound();
}

/** An imported page; a 404 never renders here (the layout's boundary draws the screen). */
export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  return <SitePageBody key={loaderData.slug} page={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: `/${loaderData.slug}` })
    : [];
