import { Link, redirect, useNavigation } from "react-router";
import { BusyText } from "~/components/ui/spinner";
import { ArticleCardList } from "~/components/article-card";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/search/search-form";
import { seoMeta, siteFrom } from "~/lib/seo";
import { listSearchCategories, searchArticles } from "~/search/search.server";
import { closeMatchesSummary, parseSearchParams, resultSummary } from "~/search/search-params";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { searchHref } from "~/lib/urls";
import { readOrThrow } from "~/http/route-errors.server";
import { savedForRequest } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/search";
import { redirectToCanonical } from "~/http/canonical.server";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { popularTags, tagsBySlugs } from "~/taxonomy/tags.server";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.search]);

/**
 * The loader is the single source of the search: the URL (q, repeatable category and tag, page) in,
 * one page of results out. Any URL gives a page: bad input is normalized (one 301 to its
 * canonical address), never an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseSearchParams(url.searchParams);
  const requested = parsePageParam(url.searchParams.get("page"));
  const { categories, categoryIds, tagFilters, selectedTags, results } = await readOrThrow(
    { request, context },
    "search",
    async () => {
      const [categories, selectedTags, popular] = await Promise.all([
        listSearchCategories(),
        tagsBySlugs(params.tags),
        popularTags(),
      ]);
      // Unknown category ids and tags are dropped, so a stale or made-up one neither empties the
      // results nor counts as a selected filter.
      const categoryIds = params.categoryIds.filter((id) => categories.some((category) => category.id === id));
      const results = await searchArticles({
        keyword: params.q,
        categoryIds,
        tagIds: selectedTags.map((tag) => tag.id),
        page: pageToRead(requested),
      });
      // The chips: the most used tags, and any selected one that is not among them.
      const tagFilters = [...popular, ...selectedTags.filter((tag) => !popular.some((p) => p.id === tag.id))].map(
        (tag) => ({ name: tag.name, slug: tag.slug }),
      );
      return { categories, categoryIds, tagFilters, selectedTags, results };
    },
  );
  const tagSlugs = selectedTags.map((tag) => tag.slug);
  const target = pageRedirectTarget(requested, results.pageCount);
  if (target !== null) throw redirect(searchHref({ q: params.q, categoryIds, tags: tagSlugs, page: target }));
  redirectToCanonical(
    { request, context },
    searchHref({ q: params.q, categoryIds, tags: tagSlugs, page: results.page }),
  );
  const saved = await savedForRequest(
    request,
    results.articles.map((article) => article.id),
  );
  return { q: params.q, categoryIds, categories, tagSlugs, tagFilters, results, saved };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const q = loaderData?.q ?? "";
  const { siteName } = siteFrom(matches);
  const tags = seoMeta(matches, {
    title: q ? `Search results for "${q}"` : "Search",
    description: `Search ${siteName}'s articles by title, topic, author or code.`,
    path: "/search",
  });
  // Result pages of a query are not worth indexing; the plain listing is.
  if (q || (loaderData?.categoryIds.length ?? 0) > 0 || (loaderData?.tagSlugs.length ?? 0) > 0)
    tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

const KBD = "rounded border border-line bg-surface-sunken px-1 font-mono text-[0.85em] whitespace-nowrap text-ink";

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, categoryIds, categories, tagSlugs, tagFilters, results, saved } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Search</h1>
        <p className="mt-2 text-ink-muted">
          Find articles by title, topic, author or code. Use <q>quotes</q> for an exact phrase, a minus to leave a word
          out (<kbd className={KBD}>-vue</kbd>) and <kbd className={KBD}>or</kbd> for either word.
        </p>
      </header>

      <SearchForm q={q} categoryIds={categoryIds} categories={categories} tagSlugs={tagSlugs} tags={tagFilters} />

      <section aria-labelledby="search-results-heading" aria-busy={searching} className="mt-8">
        <h2 id="search-results-heading" className="sr-only">
          Search results
        </h2>
        {results.didYouMean ? (
          <p className="mb-2 text-base text-ink" data-testid="search-suggestion">
            Did you mean{" "}
            <Link
              to={searchHref({ q: results.didYouMean, categoryIds, tags: tagSlugs })}
              className="font-semibold text-brand underline underline-offset-4"
            >
              {results.didYouMean}
            </Link>
            ?
          </p>
        ) : null}
        <div className="mb-6 flex min-h-6 items-center gap-3">
          <p role="status" className="text-sm font-medium text-ink-muted" data-testid="search-summary">
            {results.closeMatches ? (
              // Titles close to the words, not hits of the keyword: never "N results for".
              closeMatchesSummary(q, results.page, results.pageCount)
            ) : (
              <>
                {resultSummary(results.total, q)}
                {results.pageCount > 1 ? (
                  <span>
                    {" "}
                    · page {results.page} of {results.pageCount}
                  </span>
                ) : null}
              </>
            )}
          </p>
          {searching ? <BusyText>Searching</BusyText> : null}
        </div>
        {results.articles.length > 0 ? (
          <div className={searching ? "opacity-60 transition-opacity" : "transition-opacity"}>
            <ArticleCardList articles={results.articles} label="Search results" eagerCount={3} saved={saved} />
          </div>
        ) : (
          <EmptyResults
            hasFilters={categoryIds.length > 0 || tagSlugs.length > 0}
            clearHref={searchHref({ q, categoryIds: [] })}
          />
        )}
        <Pagination
          page={results.page}
          pageCount={results.pageCount}
          hrefFor={(page) => searchHref({ q, categoryIds, tags: tagSlugs, page })}
          label="Search results pages"
        />
      </section>
    </div>
  );
}

function EmptyResults({ hasFilters, clearHref }: { hasFilters: boolean; clearHref: string }) {
  return (
    <div className="rounded-xl border border-dashed border-line-strong bg-surface-sunken px-6 py-14 text-center">
      <p className="text-lg font-semibold text-ink">No articles found</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">
        Check the spelling, try fewer or more general words
        {hasFilters ? (
          <>
            , or{" "}
            <Link to={clearHref} className="font-semibold text-brand underline underline-offset-4">
              search every category
            </Link>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}
