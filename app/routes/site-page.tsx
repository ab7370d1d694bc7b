/**
 * A site page (/terms, /privacy, /faq, …: app/lib/site-pages.ts): its HTML was rendered and
 * sanitised when an administrator saved it. Public and cacheable (tag page:{slug}).
 */
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { SitePageBody } from "~/components/pages/site-page-body";
import { sitePageData } from "~/http/views/site-page-view.server";
import { notFound } from "~/lib/route-errors";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/site-page";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ url }) => [tags.page(url.pathname.slice(1))]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\.data$/g, "");
  const page = await sitePageData(slug, context);
  if (!page) throw notFound("page");
  return page;
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  // Keyed by slug: another page's HTML is read afresh.
  return <SitePageBody key={loaderData.slug} page={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: `/${loaderData.slug}` })
    : [];
