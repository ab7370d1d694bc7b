/**
 * /tag/{slug}: a tag's published articles, newest first, paginated by the one rule. Its address
 * is canonical (`/tag/React` and `?page=1` answer 301 to `/tag/react`); a renamed or merged tag's
 * old slug answers 301 to the tag it is now. Cached under the tag's cache tag.
 */
import { Link, redirect } from "react-router";
import { ArticleCardList } from "~/components/article-card";
import { Pagination } from "~/components/ui/pagination";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { tagFeedHref, tagHref } from "~/lib/urls";
import { env } from "~/env.server";
import { breadcrumbJsonLd, seoMeta, siteFrom } from "~/lib/seo";
import { notFound } from "~/lib/route-errors";
import { readOrThrow } from "~/http/route-errors.server";
import { savedForRequest } from "~/reading-list/reading-list.server";
import { redirectToCanonical } from "~/http/canonical.server";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { tagSlug } from "~/lib/tag-names";
import { findTag, findTagRedirect, listTagArticles } from "~/taxonomy/tags.server";
import type { Route } from "./+types/tag";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.tag(tagSlug(params.slug ?? ""))]);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = parsePageParam(url.searchParams.get("page"));
  const { tag, listing } = await readOrThrow({ request, context }, "articles", async () => {
    // A renamed or merged tag's old slug: 301 to where it is now.
    const moved = await findTagRedirect(params.slug);
    if (moved) throw redirect(tagHref(moved, { page: requested ?? 1 }), 301);
    const tag = await findTag(params.slug);
    if (!tag) throw notFound("tag");
    return { tag, listing: await listTagArticles(tag.id, pageToRead(requested)) };
  });
  const target = pageRedirectTarget(requested, listing.pageCount);
  if (target !== null) throw redirect(tagHref(tag.slug, { page: target }));
  redirectToCanonical({ request, context }, tagHref(tag.slug, { page: listing.page }));
  const saved = await savedForRequest(
    request,
    listing.articles.map((article) => article.id),
  );
  return { tag, listing, saved, feedUrl: `${env().SITE_URL.replace(/\/+$/, "")}${tagFeedHref(tag.slug)}` };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { tag, listing, feedUrl } = loaderData;
  const { siteName, siteUrl } = siteFrom(matches);
  const pageNumber = listing.page > 1 ? ` (page ${listing.page})` : "";
  const meta = seoMeta(matches, {
    title: `#${tag.name}${pageNumber}`,
    description: `Articles tagged ${tag.name} on ${siteName}.`,
    path: tagHref(tag.slug, { page: listing.page }),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: `#${tag.name}`, path: tagHref(tag.slug) },
      ]),
    ],
  });
  meta.push({
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `#${tag.name} — ${siteName}`,
    href: feedUrl,
  });
  return meta;
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, listing, saved } = loaderData;
  const total = `${listing.total} ${listing.total === 1 ? "article" : "articles"}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <p className="text-sm font-semibold tracking-wider text-brand uppercase">Tag</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">
          <span aria-hidden="true">#</span>
          {tag.name}
        </h1>
        <p className="mt-4 text-ink-muted">
          <a href={tagFeedHref(tag.slug)} className="font-semibold text-brand underline underline-offset-4">
            RSS feed of #{tag.name}
          </a>
        </p>
      </header>
      <h2 className="mt-8 text-sm font-medium text-ink-muted">
        <span className="sr-only">Articles tagged {tag.name}: </span>
        {listing.pageCount > 1 ? `${total} · page ${listing.page} of ${listing.pageCount}` : total}
      </h2>
      <div className="mt-6">
        {listing.articles.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">No articles found</p>
            <p className="mt-2 text-ink-muted">Nothing tagged {tag.name} has been published yet.</p>
            <Link to="/" className="mt-6 inline-flex font-semibold text-brand hover:underline underline-offset-4">
              Back to Home
            </Link>
          </div>
        ) : (
          <>
            <ArticleCardList articles={listing.articles} eagerCount={3} saved={saved} />
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={(n) => tagHref(tag.slug, { page: n })}
              className="mt-12 flex justify-center"
            />
          </>
        )}
      </div>
    </div>
  );
}
