import { data } from "react-router";
import {
  type ChangelogPage,
  ChangelogCategoryMissingError,
  CHANGELOG_MISSING_MESSAGE,
  listChangelogArticles,
  parsePageParam,
} from "~/articles/articles.server";
import { ArticleCardList } from "~/components/article-card";
import { listingSearch } from "~/components/category/view-toggle";
import { Pagination } from "~/components/ui/pagination";
import { ReadErrorNotice } from "~/components/read-error-notice";
import { seoMeta } from "~/lib/seo";
import { READ_ERROR_STATUS, type ReadError, readErrorFrom } from "~/lib/read-error";
import { simulateReadFailure } from "~/server/test-hooks.server";
import type { Route } from "./+types/whats-new";

const UPDATES_ERROR_TITLE = "Error fetching updates.";

type LoaderData = { listing: ChangelogPage | null; error: ReadError | null };

export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  if (page === null) return data<LoaderData>({ listing: null, error: null }, { status: 404 });
  try {
    simulateReadFailure(request);
    const listing = await listChangelogArticles(page);
    const outOfRange = listing.page > 1 && listing.articles.length === 0;
    return data<LoaderData>({ listing: outOfRange ? null : listing, error: null }, { status: outOfRange ? 404 : 200 });
  } catch (error) {
    // A missing Changelog category is not a crash: the page says so (spec, section 8).
    if (error instanceof ChangelogCategoryMissingError) {
      return data<LoaderData>({ listing: null, error: { title: UPDATES_ERROR_TITLE, message: CHANGELOG_MISSING_MESSAGE } });
    }
    return data<LoaderData>(
      { listing: null, error: readErrorFrom(UPDATES_ERROR_TITLE, error) },
      { status: READ_ERROR_STATUS },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "What's New", description: "Release notes and product updates from the DevPerspective team.", path: "/whats-new" });

export default function WhatsNew({ loaderData }: Route.ComponentProps) {
  const { listing, error } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <p className="text-sm font-semibold tracking-wider text-brand uppercase">Changelog</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">What&apos;s New</h1>
        <p className="mt-4 max-w-3xl text-lg text-ink-muted">
          Release notes and product updates from the team: new features, improvements and fixes, newest first.
        </p>
      </header>
      <div className="mt-10">
        {error ? (
          <ReadErrorNotice error={error} />
        ) : listing === null ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">This page doesn&apos;t exist</p>
            <a href="/whats-new" className="mt-4 inline-flex font-semibold text-brand hover:underline underline-offset-4">
              Go to the latest updates
            </a>
          </div>
        ) : listing.articles.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">No updates yet</p>
            <p className="mt-2 text-ink-muted">Check back soon for the latest news from the team</p>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Updates</h2>
            <ArticleCardList articles={listing.articles} eagerCount={3} />
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={(n) => `/whats-new${listingSearch({ view: "grid", page: n })}`}
              className="mt-12 flex justify-center"
            />
          </>
        )}
      </div>
    </div>
  );
}
