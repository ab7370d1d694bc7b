/**
 * /admin and /admin/dashboard: Article Management. 50 articles a page (drafts and scheduled
 * first, then published; newest first), searchable by title (state in the URL: ?q=&page=),
 * 'All Articles (count)' counting every article.
 * Each row's Delete is its own small GET form to the confirmation page; with JavaScript it opens
 * the confirmation dialog instead.
 */
import { type FormEvent, useRef, useState } from "react";
import { Link, redirect, useLocation } from "react-router";
import { listDashboardArticles, normalizeDashboardQuery } from "~/articles/dashboard.server";
import { DASHBOARD_STATUS_FILTERS, parseStatusFilter } from "~/lib/dashboard-status";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { articleDeleteHref, articleEditHref, dashboardHref, postHref } from "~/lib/urls";
import { authorIdForUser } from "~/articles/admin-articles.server";
import { editorCapabilities } from "~/articles/article-access.server";
import { requireStaff } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { DeleteArticleDialog, type DeleteTarget } from "~/components/admin/delete-dialog";
import { LocalDate } from "~/components/admin/local-date";
import { buttonClass } from "~/components/ui/button";
import { noindexMeta } from "~/lib/seo";
import { readOrThrow } from "~/http/route-errors.server";
import { OutboxHealthPanel } from "~/components/admin/outbox-health";
import { outboxHealth } from "~/mail/outbox.server";
import type { Route } from "./+types/admin.dashboard";
import {
  DataTable,
  EmptyList,
  FilterTabs,
  ListPagination,
  ListPanel,
  ListSearchForm,
  ListSearchStatus,
  RowActionForm,
  RowLink,
} from "~/components/admin/list-kit";
import { StatusCell } from "~/components/admin/article-status";

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
  // The mail outbox's health for those who look after the newsletter. This page is kept per session
  // until content changes (decision 14): the figures carry the time they were read.
  const mail = can(user.role, "subscribers.manage")
    ? { ...(await outboxHealth()), at: new Date().toISOString() }
    : null;
  return {
    list: { ...list, articles: rows },
    canWrite: can(user.role, "article.write"),
    mineOnly: !everyone,
    mail,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { list, canWrite, mineOnly, mail } = loaderData;
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

      {mail ? <OutboxHealthPanel mail={mail} /> : null}

      <ListPanel
        id="all-articles"
        title={`All Articles (${list.total})`}
        titleRef={headingRef}
        aside={
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
        }
      >
        <FilterTabs
          tabs={DASHBOARD_STATUS_FILTERS.map((filter) => ({
            key: filter.value,
            label: filter.label,
            to: dashboardHref({ q: query, status: filter.value }),
            current: list.status === filter.value,
          }))}
        />

        <ListSearchStatus
          count={list.matching}
          one="article matches"
          many="articles match"
          query={query}
          clearTo={dashboardHref({ status: list.status })}
        />

        {list && list.articles.length > 0 ? (
          <DataTable
            scrollLabel="Articles table"
            stacked
            className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]"
            caption={`All Articles (${list.total}), page ${list.page} of ${list.pageCount}`}
            columns={["Title", "Author", "Status", "Published At", { label: "Actions", align: "end" }]}
          >
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
                      <RowLink button to={articleEditHref(article.id)} label={`Edit ${article.title}`}>
                        Edit
                      </RowLink>
                    ) : (
                      <RowLink button to={postHref(article.slug)} label={`View ${article.title}`}>
                        View
                      </RowLink>
                    )}
                    {article.canDelete ? (
                      <RowActionForm
                        method="get"
                        action={articleDeleteHref(article.id)}
                        onSubmit={(event) => confirmDelete(event, article.id, article.title)}
                        fields={{ redirectTo: returnPath }}
                        variant="destructive-outline"
                        label={`Delete ${article.title}`}
                      >
                        Delete
                      </RowActionForm>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        ) : list ? (
          <EmptyList title={query ? "No articles found" : "No articles yet"}>
            {query
              ? "No article title contains your search."
              : list.status !== "all"
                ? "No article has this status."
                : "Write the first one with Add New Article."}
          </EmptyList>
        ) : null}

        {list ? (
          <ListPagination
            page={list.page}
            pageCount={list.pageCount}
            hrefFor={(n) => dashboardHref({ q: list.query, page: n, status: list.status })}
            radius={2}
          />
        ) : null}
      </ListPanel>

      <DeleteArticleDialog
        target={target}
        returnPath={returnPath}
        onClosed={() => setTarget(null)}
        fallbackFocus={() => headingRef.current}
      />
    </div>
  );
}
