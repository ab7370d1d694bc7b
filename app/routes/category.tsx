import { useEffect } from "react";
import { data, Link } from "react-router";
import { toast } from "sonner";
import {
  type ArticlePage,
  type CategorySummary,
  findCategory,
  listCategoryArticles,
  parsePageParam,
} from "~/articles/articles.server";
import { ArticleCardList } from "~/components/article-card";
import { Pagination } from "~/components/ui/pagination";
import { type ListView, listingSearch, parseView, ViewToggle } from "~/components/category/view-toggle";
import { TOPICS } from "~/components/home/explore-topics";
import { ReadErrorNotice } from "~/components/read-error-notice";
import { env } from "~/env.server";
import { breadcrumbJsonLd, noindexMeta, seoMeta, siteFrom } from "~/lib/seo";
import { READ_ERROR_STATUS, type ReadError, readErrorFrom } from "~/lib/read-error";
import { simulateReadFailure } from "~/server/test-hooks.server";
import type { Route } from "./+types/category";

const CATEGORY_NOT_FOUND = "Category not found";

type LoaderData =
  | {
      state: "found";
      view: ListView;
      category: CategorySummary;
      listing: ArticlePage | null;
      canonicalUrl: string;
    }
  | { state: "not-found"; view: ListView }
  | { state: "error"; view: ListView; error: ReadError };

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = parseView(url.searchParams.get("view"));
  const page = parsePageParam(url.searchParams.get("page"));
  try {
    simulateReadFailure(request);
    const category = await findCategory(params.category);
    if (!category) return data<LoaderData>({ state: "not-found", view }, { status: 404 });
    const canonicalUrl = `${env().SITE_URL.replace(/\/+$/, "")}/category/${category.slug}`;
    const listing = page === null ? null : await listCategoryArticles(category.id, page);
    // A page number that is not a page of this listing: the frame renders, with a way back.
    const outOfRange = listing === null || (listing.page > 1 && listing.articles.length === 0);
    return data<LoaderData>(
      { state: "found", view, category, listing: outOfRange ? null : listing, canonicalUrl },
      { status: outOfRange ? 404 : 200 },
    );
  } catch (error) {
    return data<LoaderData>(
      { state: "error", view, error: readErrorFrom("Error fetching articles", error) },
      { status: READ_ERROR_STATUS },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData || loaderData.state === "not-found") return noindexMeta(matches, CATEGORY_NOT_FOUND);
  if (loaderData.state === "error") return noindexMeta(matches, "Error fetching articles");
  const { category, listing } = loaderData;
  const { siteUrl } = siteFrom(matches);
  const pageNumber = listing && listing.page > 1 ? listing.page : null;
  const path = `/category/${category.slug}`;
  return seoMeta(matches, {
    title: `${category.name}${pageNumber ? ` (page ${pageNumber})` : ""}`,
    description: category.description || `${category.name} articles on DevPerspective.`,
    path: pageNumber ? `${path}?page=${pageNumber}` : path,
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: category.name, path },
      ]),
    ],
  });
};

export default function CategoryPage({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.state === "not-found") return <CategoryNotFound />;
  if (loaderData.state === "error") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{titleFromParam(params.category)}</h1>
        <ReadErrorNotice error={loaderData.error} />
      </div>
    );
  }
  const { category, listing, view } = loaderData;
  const pathname = `/category/${encodeURIComponent(params.category)}`;
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
          {listing ? articleCount(listing) : "No such page"}
        </h2>
        <ViewToggle pathname={pathname} view={view} page={listing?.page ?? 1} />
      </div>

      <div className="mt-6">
        {listing === null ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">This page doesn&apos;t exist</p>
            <p className="mt-2 text-ink-muted">The listing has fewer pages than that.</p>
            <Link to={pathname} className="mt-6 inline-flex font-semibold text-brand hover:underline underline-offset-4">
              Go to the first page
            </Link>
          </div>
        ) : listing.articles.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">No articles found</p>
            <p className="mt-2 text-ink-muted">Nothing has been published in {category.name} yet. Check back soon.</p>
            <Link to="/" className="mt-6 inline-flex font-semibold text-brand hover:underline underline-offset-4">
              Back to Home
            </Link>
          </div>
        ) : (
          <>
            <ArticleCardList articles={listing.articles} variant={view} eagerCount={view === "list" ? 2 : 3} />
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={(n) => `${pathname}${listingSearch({ view, page: n })}`}
              className="mt-12 flex justify-center"
            />
          </>
        )}
      </div>
    </div>
  );
}

function articleCount(listing: ArticlePage) {
  const total = `${listing.total} ${listing.total === 1 ? "article" : "articles"}`;
  return listing.pageCount > 1 ? `${total} · page ${listing.page} of ${listing.pageCount}` : total;
}

/** A readable heading from the URL, for the frame of a failed read ("ai-development" → "Ai development"). */
function titleFromParam(param: string) {
  const words = param.replace(/-+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Category";
}

function CategoryNotFound() {
  useEffect(() => {
    toast.error(CATEGORY_NOT_FOUND, { id: "category-not-found" });
  }, []);
  return (
    <section aria-labelledby="category-not-found" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p aria-hidden="true" className="font-mono text-6xl font-extrabold tracking-tight text-brand">
        404
      </p>
      <h1 id="category-not-found" className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {CATEGORY_NOT_FOUND}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-ink-muted">
        There is no category at this address. Pick one of these topics, or search all articles.
      </p>
      <ul aria-label="Topics" className="mt-8 flex flex-wrap justify-center gap-2">
        {TOPICS.map((topic) => (
          <li key={topic.to}>
            <Link
              to={topic.to}
              className="inline-flex items-center rounded-full border border-line px-4 py-1.5 text-sm font-medium text-ink hover:border-brand hover:text-brand"
            >
              {topic.name}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex h-11 items-center justify-center rounded-md bg-brand px-5 text-sm font-semibold text-brand-ink hover:bg-brand-hover"
        >
          Back to Home
        </Link>
        <Link
          to="/search"
          className="inline-flex h-11 items-center justify-center rounded-md border border-line bg-surface-raised px-5 text-sm font-semibold text-ink hover:bg-surface-sunken"
        >
          Search Articles
        </Link>
      </div>
    </section>
  );
}
