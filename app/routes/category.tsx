import { Link, redirect } from "react-router";
import { type ArticlePage, findCategory, listCategoryArticles } from "~/articles/articles.server";
import { findCategoryRedirect } from "~/categories/categories.server";
import { ArticleCardList } from "~/components/article-card";
import { SubscribeForm } from "~/components/newsletter/subscribe-form";
import { Pagination } from "~/components/ui/pagination";
import { parseView, ViewToggle } from "~/components/category/view-toggle";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { categoryHref } from "~/lib/urls";
import { env } from "~/env.server";
import { breadcrumbJsonLd, seoMeta, siteFrom } from "~/lib/seo";
import { notFound } from "~/lib/route-errors";
import { readOrThrow } from "~/http/route-errors.server";
import { savedForRequest } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/category";
import { redirectToCanonical } from "~/http/canonical.server";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.category((params.category ?? "").toLowerCase())]);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = parseView(url.searchParams.get("view"));
  const requested = parsePageParam(url.searchParams.get("page"));
  const { category, listing } = await readOrThrow({ request, context }, "articles", async () => {
    const category = await findCategory(params.category);
    // A renamed category's old slug: 301 to where it is now (before any looser match by name).
    if (category?.slug !== params.category) {
      const moved = await findCategoryRedirect(params.category);
      if (moved) throw redirect(`${categoryHref(moved)}${url.search}`, 301);
    }
    if (!category) throw notFound("category");
    return { category, listing: await listCategoryArticles(category.id, pageToRead(requested)) };
  });
  const target = pageRedirectTarget(requested, listing.pageCount);
  if (target !== null) throw redirect(categoryHref(category.slug, { page: target, view }));
  // `/category/DATA-structures`, `?page=1`, `?view=grid`, another parameter order: one address.
  redirectToCanonical({ request, context }, categoryHref(category.slug, { page: listing.page, view }));
  const canonicalUrl = `${env().SITE_URL.replace(/\/+$/, "")}${categoryHref(category.slug)}`;
  const saved = await savedForRequest(
    request,
    listing.articles.map((article) => article.id),
  );
  return { view, category, listing, canonicalUrl, saved };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { category, listing } = loaderData;
  const { siteName, siteUrl } = siteFrom(matches);
  const pageNumber = listing.page > 1 ? listing.page : null;
  const path = categoryHref(category.slug);
  return seoMeta(matches, {
    title: `${category.name}${pageNumber ? ` (page ${pageNumber})` : ""}`,
    description: category.description || `${category.name} articles on ${siteName}.`,
    path: categoryHref(category.slug, { page: listing.page }),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: category.name, path },
      ]),
    ],
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, listing, view, saved } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <p className="text-sm font-semibold tracking-wider text-brand uppercase">Category</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{category.name}</h1>
        {category.description ? <p className="mt-4 max-w-3xl text-lg text-ink-muted">{category.description}</p> : null}
      </header>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-sm font-medium text-ink-muted">
          <span className="sr-only">Articles in {category.name}: </span>
          {articleCount(listing)}
        </h2>
        <ViewToggle slug={category.slug} view={view} page={listing.page} />
      </div>

      <div className="mt-6">
        {listing.articles.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">No articles found</p>
            <p className="mt-2 text-ink-muted">Nothing has been published in {category.name} yet. Check back soon.</p>
            <Link to="/" className="mt-6 inline-flex font-semibold text-brand hover:underline underline-offset-4">
              Back to Home
            </Link>
          </div>
        ) : (
          <>
            <ArticleCardList
              articles={listing.articles}
              variant={view}
              eagerCount={view === "list" ? 2 : 3}
              saved={saved}
            />
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={(n) => categoryHref(category.slug, { view, page: n })}
              className="mt-12 flex justify-center"
            />
          </>
        )}
      </div>
      <div className="mt-16 max-w-2xl">
        <SubscribeForm
          heading={`Get new ${category.name} articles by email`}
          categories={[{ slug: category.slug, name: category.name }]}
        />
      </div>
    </div>
  );
}

function articleCount(listing: ArticlePage) {
  const total = `${listing.total} ${listing.total === 1 ? "article" : "articles"}`;
  return listing.pageCount > 1 ? `${total} · page ${listing.page} of ${listing.pageCount}` : total;
}
