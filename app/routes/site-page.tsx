/**
 * A site page (/terms, /privacy, /faq, …: app/lib/site-pages.ts): its HTML was rendered and
 * sanitised when an administrator saved it. Public and cacheable (tag page:{slug}).
 */
import { formatLongDate } from "~/articles/format";
import { MathStylesheet } from "~/components/article/math-stylesheet";
import { useHtmlOnce } from "~/components/html-once";
import { htmlOnce } from "~/http/html-once.server";
import { notFound } from "~/lib/route-errors";
import { MATH_MARKER } from "~/markdown/math.server";
import { seoMeta, summarize } from "~/lib/seo";
import { getPage } from "~/pages/pages.server";
import type { Route } from "./+types/site-page";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

const BODY_KEY = "site-page";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ url }) => [tags.page(url.pathname.slice(1))]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\.data$/g, "");
  const page = await getPage(slug);
  if (!page) throw notFound("page");
  return {
    slug: page.slug,
    title: page.title,
    updatedAt: page.updatedAt,
    description: summarize(page.contentHtml.replace(/<[^>]+>/g, " ")),
    html: htmlOnce(context, BODY_KEY, page.contentHtml),
    hasMath: page.contentHtml.includes(MATH_MARKER),
  };
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  // Keyed by slug: another page's HTML is read afresh.
  return <SitePageBody key={loaderData.slug} page={loaderData} />;
}

function SitePageBody({ page: loaderData }: { page: Route.ComponentProps["loaderData"] }) {
  const html = useHtmlOnce(BODY_KEY, loaderData.html);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="page-title">
      {loaderData.hasMath ? <MathStylesheet /> : null}
      <header className="border-b border-line pb-6">
        <h1 id="page-title" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          {loaderData.title}
        </h1>
        <p className="mt-3 text-sm text-ink-muted">
          Last updated <time dateTime={loaderData.updatedAt}>{formatLongDate(loaderData.updatedAt)}</time>
        </p>
      </header>
      <div
        className="prose-article mt-8"
        data-html-once={BODY_KEY}
        data-testid="site-page-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: `/${loaderData.slug}` })
    : [];
