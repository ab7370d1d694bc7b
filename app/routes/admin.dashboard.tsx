/**
 * /admin and /admin/dashboard: Article Management. 50 articles a page, newest first, searchable
 * by title (state in the URL: ?q=&page=), 'All Articles (count)' counting every article.
 * Each row's Delete is its own small GET form to the confirmation page; with JavaScript it opens
 * the confirmation dialog instead.
 */
import { ListSearchForm, ListSearchStatus } from "~/components/admin/list-search";
import { type FormEvent, useRef, useState } from "react";
import { Link, redirect, useLocation } from "react-router";
import { type DashboardRow, listDashboardArticles, normalizeDashboardQuery } from "~/articles/admin-articles.server";
import { DASHBOARD_STATUS_FILTERS, parseStatusFilter } from "~/lib/dashboard-status";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { articleDeleteHref, articleEditHref, dashboardHref, postHref } from "~/lib/urls";
import { authorIdForUser } from "~/articles/admin-articles.server";
import { editorCapabilities } from "~/articles/article-access.server";
import { requireStaff } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { DeleteArticleDialog, type DeleteTarget } from "~/components/admin/delete-dialog";
import { LocalDate, LocalDateTime } from "~/components/admin/local-date";
import { Pagination } from "~/components/ui/pagination";
import { buttonClass } from "~/components/ui/button";
import { noindexMeta } from "~/lib/seo";
import { readOrThrow } from "~/http/route-errors.server";
import type { Route } from "./+types/admin.dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  // Editors and administrators see every article; other writers only their own.
  const everyone = can(user.role, "article.edit-any");
  const authorId = everyone
    ? null
    : ((await readOrThrow({ request, context }, "articles", () => authorIdForUser(user.id))) ?? -1);
  const url = new URL(request.url);
  const query = normalizeDashboardQuery(url.searchParams.get("q"));
  const requested = parsePageParam(url.searchParams.get("page"));
  const status = parseStatusFilter(url.searchParams.get("status"));
  const list = await readOrThrow({ request, context }, "articles", async () =>
    listDashboardArticles({ query, page: pageToRead(requested), status, authorId }),
  );
  const target = pageRedirectTarget(requested, list.pageCount);
  if (target !== null) throw redirect(dashboardHref({ q: query, page: target, status }));
  const rows = list.articles.map((article) => {
    const capabilities = editorCapabilities(user, {
      authorUserId: everyone ? null : user.id,
      status: article.status,
    });
    return { ...article, canEdit: everyone || capabilities.history, canDelete: everyone || capabilities.delete };
  });
  return {
    list: { ...list, articles: rows },
    canWrite: can(user.role, "article.write"),
    mineOnly: !everyone,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { list, canWrite, mineOnly } = loaderData;
  const query = list.query;

  function confirmDelete(event: FormEvent<HTMLFormElement>, id: number, title: string) {
    // With JavaScript the dialog asks; without it the form goes to the confirmation page.
    event.preventDefault();
    setTarget({ id, title, trigger: event.currentTarget.querySelector("button") });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Article Management"
        lead={
          mineOnly
            ? "Your articles: write drafts, and follow them through review."
            : "Write, edit and delete the articles readers see."
        }
        actions={
          canWrite ? (
            <Link to="/admin/articles/new" className={buttonClass()}>
              <span aria-hidden="true" className="text-base leading-none">
                +
              </span>
              Add New Article
            </Link>
          ) : null
        }
      />

      <section
        aria-labelledby="all-articles"
        className="mt-8 overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line px-4 py-4 sm:px-6">
          <h2 id="all-articles" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
            All Articles ({list.total})
          </h2>
          <ListSearchForm
            action="/admin/dashboard"
            name="Articles"
            id="dashboard-q"
            label="Search by title"
            placeholder="Search by title..."
            query={query}
            maxLength={200}
          >
            {list.status !== "all" ? <input type="hidden" name="status" value={list.status} /> : null}
          </ListSearchForm>
        </div>

        <nav aria-label="Filter by status" className="border-b border-line px-4 py-2 sm:px-6">
          <ul className="flex flex-wrap gap-1 text-sm">
            {DASHBOARD_STATUS_FILTERS.map((filter) => (
              <li key={filter.value}>
                <Link
                  to={dashboardHref({ q: query, status: filter.value })}
                  aria-current={list.status === filter.value ? "page" : undefined}
                  className="inline-block rounded-md px-3 py-1 font-medium text-ink-muted hover:text-ink aria-[current=page]:bg-surface-sunken aria-[current=page]:text-ink"
                >
                  {filter.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <ListSearchStatus
          count={list.matching}
          one="article matches"
          many="articles match"
          query={query}
          clearTo={dashboardHref({ status: list.status })}
        />

        {list && list.articles.length > 0 ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="overflow-x-auto" tabIndex={0} aria-label="Articles table">
            <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
              <caption className="sr-only max-sm:block">
                All Articles ({list.total}), page {list.page} of {list.pageCount}
              </caption>
              <thead className="bg-surface-sunken text-xs tracking-wide text-ink-muted uppercase max-sm:sr-only">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Author
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Published At
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold sm:px-6">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line max-sm:block">
                {list.articles.map((article) => (
                  <tr
                    key={article.id}
                    className="align-middle hover:bg-surface-sunken/60 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:px-4 max-sm:py-3"
                  >
                    <th scope="row" className="max-w-xs font-medium text-ink sm:px-6 sm:py-3">
                      <span className="line-clamp-2 break-words">{article.title}</span>
                      <span className="mt-0.5 block truncate font-mono text-xs font-normal text-ink-muted">
                        /post/{article.slug}
                      </span>
                    </th>
                    <td className="whitespace-nowrap text-ink-muted sm:px-4 sm:py-3">
                      <span aria-hidden="true" className="mr-1 text-xs font-semibold uppercase sm:hidden">
                        Author
                      </span>
                      {article.authorName ?? "N/A"}
                    </td>
                    <td className="text-ink-muted sm:px-4 sm:py-3">
                      <span aria-hidden="true" className="mr-1 text-xs font-semibold uppercase sm:hidden">
                        Status
                      </span>
                      <StatusCell article={article} />
                    </td>
                    <td className="whitespace-nowrap text-ink-muted sm:px-4 sm:py-3">
                      <span aria-hidden="true" className="mr-1 text-xs font-semibold uppercase sm:hidden">
                        Published
                      </span>
                      {article.publishedAt ? <LocalDate iso={article.publishedAt} /> : null}
                    </td>
                    <td className="max-sm:pt-1 sm:px-6 sm:py-3">
                      <div className="flex gap-2 sm:justify-end">
                        {article.canEdit ? (
                          <Link
                            to={articleEditHref(article.id)}
                            className={buttonClass({ variant: "secondary", size: "sm" })}
                            aria-label={`Edit ${article.title}`}
                          >
                            Edit
                          </Link>
                        ) : (
                          <Link
                            to={postHref(article.slug)}
                            className={buttonClass({ variant: "secondary", size: "sm" })}
                            aria-label={`View ${article.title}`}
                          >
                            View
                          </Link>
                        )}
                        {article.canDelete ? (
                          <form
                            method="get"
                            action={articleDeleteHref(article.id)}
                            onSubmit={(event) => confirmDelete(event, article.id, article.title)}
                          >
                            <input type="hidden" name="redirectTo" value={returnPath} />
                            <button
                              type="submit"
                              className={buttonClass({ variant: "destructive-outline", size: "sm" })}
                              aria-label={`Delete ${article.title}`}
                            >
                              Delete
                            </button>
                          </form>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : list ? (
          <div className="px-4 py-16 text-center sm:px-6">
            <p className="font-semibold text-ink">{query ? "No articles found" : "No articles yet"}</p>
            <p className="mt-1 text-sm text-ink-muted">
              {query
                ? "No article title contains your search."
                : list.status !== "all"
                  ? "No article has this status."
                  : "Write the first one with Add New Article."}
            </p>
          </div>
        ) : null}

        {list ? (
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            hrefFor={(n) => dashboardHref({ q: list.query, page: n, status: list.status })}
            radius={2}
            summary
            className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 sm:px-6"
          />
        ) : null}
      </section>

      <DeleteArticleDialog
        target={target}
        returnPath={returnPath}
        onClosed={() => setTarget(null)}
        fallbackFocus={() => headingRef.current}
      />
    </div>
  );
}

const STATUS_LABELS = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

/** Status, the schedule time, a failed publish's reason, and a note when edits are pending. */
function StatusCell({ article }: { article: DashboardRow }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium text-ink">{STATUS_LABELS[article.status]}</span>
      {article.status === "scheduled" && article.scheduledAt ? (
        <span className="text-xs">
          for <LocalDateTime iso={article.scheduledAt} />
        </span>
      ) : null}
      {article.publishError ? (
        <span className="text-xs text-danger">Publish failed: {article.publishError}</span>
      ) : null}
      {article.hasPending ? <span className="text-xs">Unpublished changes</span> : null}
    </span>
  );
}
