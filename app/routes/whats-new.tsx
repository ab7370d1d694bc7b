import { data, redirect } from "react-router";
import { type ChangelogPage, ChangelogCategoryMissingError, listChangelogArticles } from "~/articles/articles.server";
import { ArticleCardList } from "~/components/article-card";
import { Pagination } from "~/components/ui/pagination";
import { RaiseToast } from "~/components/toaster";
import { seoMeta, siteFrom } from "~/lib/seo";
import { readOrThrow } from "~/http/route-errors.server";
import { CHANGELOG_MISSING } from "~/lib/route-errors";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { whatsNewHref } from "~/lib/urls";
import { savedForRequest } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/whats-new";
import { redirectToCanonical } from "~/http/canonical.server";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

type LoaderData = { listing: ChangelogPage | null; changelogMissing: boolean; saved: number[] };

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.lists]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = parsePageParam(new URL(request.url).searchParams.get("page"));
  const listing = await readOrThrow({ request, context }, "updates", () =>
    listChangelogArticles(pageToRead(requested)).catch((error: unknown) => {
      if (error instanceof ChangelogCategoryMissingError) return "missing" as const;
      throw error;
    }),
  );
  if (listing === "missing") return data<LoaderData>({ listing: null, changelogMissing: true, saved: [] });
  const target = pageRedirectTarget(requested, listing.pageCount);
  if (target !== null) throw redirect(whatsNewHref(target));
  redirectToCanonical({ request, context }, whatsNewHref(listing.page));
  const saved = await savedForRequest(
    request,
    listing.articles.map((article) => article.id),
  );
  return data<LoaderData>({ listing, changelogMissing: false, saved });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "What's New",
    description: `Release notes and product updates from the ${siteFrom(matches).siteName} team.`,
    path: "/whats-new",
  });

export default function WhatsNew({ loaderData }: Route.ComponentProps) {
  const { listing, changelogMissing, saved } = loaderData;
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
        {changelogMissing ? (
          <>
            <RaiseToast toast={{ type: "error", ...CHANGELOG_MISSING }} />
            <div role="alert" className="rounded-lg border border-danger-line bg-danger-soft p-4 text-danger">
              <p className="font-semibold">{CHANGELOG_MISSING.title}</p>
              <p className="mt-1 text-sm">{CHANGELOG_MISSING.description}</p>
            </div>
          </>
        ) : listing === null ? null : listing.articles.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
            <p className="text-lg font-semibold text-ink">No updates yet</p>
            <p className="mt-2 text-ink-muted">Check back soon for the latest news from the team</p>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Updates</h2>
            <ArticleCardList articles={listing.articles} eagerCount={3} saved={saved} />
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={whatsNewHref}
              className="mt-12 flex justify-center"
            />
          </>
        )}
      </div>
    </div>
  );
}
