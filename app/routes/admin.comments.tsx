/**
 * /admin/comments: comment moderation (permission "comments.moderate": editors and
 * administrators). Tabs for the queues (?status=pending|reported|approved|hidden, &page=), one
 * form around the table: tick comments, then Approve or Hide; per row, Block or Unblock the
 * commenter. Everything works without JavaScript; every action is in the audit log.
 */
import { data, Form, Link, redirect } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { moderateComments, listModerationQueue, setCommentsBlocked } from "~/comments/moderation.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { buttonClass, IntentButton, textLinkClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { MODERATION_FILTER_LABELS, MODERATION_FILTERS, parseModerationFilter } from "~/lib/comment-schema";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { noindexMeta } from "~/lib/seo";
import { formatLongDate } from "~/articles/format";
import type { Route } from "./+types/admin.comments";
import { commentHref, moderationHref } from "~/lib/urls";
import { DataTable, EmptyList } from "~/components/admin/list-kit";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "comments.moderate");
  const url = new URL(request.url);
  const filter = parseModerationFilter(url.searchParams.get("status"));
  const requested = parsePageParam(url.searchParams.get("page"));
  const queue = await readOrThrow({ request, context }, "articles", () =>
    listModerationQueue(filter, pageToRead(requested)),
  );
  const target = pageRedirectTarget(requested, queue.pageCount);
  if (target !== null) throw redirect(moderationHref(filter, target));
  return { filter, page: pageToRead(requested), queue };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "comments.moderate");
  const form = await readForm(request);
  const filter = parseModerationFilter(String(form.get("status") ?? ""));
  const back = moderationHref(filter);
  const intent = String(form.get("intent") ?? "");
  const actor = { id: user.id, fullName: user.fullName };

  const person = /^(block|unblock)-(\d{1,10})$/.exec(intent);
  if (person) {
    const blocked = person[1] === "block";
    const found = await setCommentsBlocked(actor, Number(person[2]), blocked);
    if (!found) return redirectWithToast(back, { type: "error", title: "Account not found" }, { status: 303 });
    return redirectWithToast(
      back,
      { type: "success", title: blocked ? "Commenter blocked" : "Commenter unblocked" },
      { status: 303 },
    );
  }
  if (intent !== "approve" && intent !== "hide") throw data("Bad Request", { status: 400 });
  const ids = form.getAll("ids").map((value) => Number(value));
  if (ids.length === 0) {
    return redirectWithToast(
      back,
      { type: "error", title: "Nothing selected", description: "Tick the comments first." },
      { status: 303 },
    );
  }
  const { changed } = await moderateComments(actor, ids, intent);
  const noun = changed === 1 ? "1 comment" : `${changed} comments`;
  return redirectWithToast(
    back,
    { type: "success", title: intent === "approve" ? `Approved ${noun}` : `Hid ${noun}` },
    { status: 303 },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Comments");

export default function AdminComments({ loaderData }: Route.ComponentProps) {
  const { filter, page, queue } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Comments" lead="Approve or hide readers' comments, and block people who abuse them." />
      <nav aria-label="Comment queues" className="mt-6 flex flex-wrap gap-2">
        {MODERATION_FILTERS.map((name) => (
          <Link
            key={name}
            to={moderationHref(name)}
            aria-current={name === filter ? "page" : undefined}
            className={buttonClass({ variant: name === filter ? "primary" : "secondary", size: "sm" })}
          >
            {MODERATION_FILTER_LABELS[name]} ({queue.counts[name]})
          </Link>
        ))}
      </nav>

      <Form method="post" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
        <input type="hidden" name="status" value={filter} />
        <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3">
          <span className="text-sm text-ink-muted">With the selected comments:</span>
          <IntentButton intent="approve" size="sm">
            Approve
          </IntentButton>
          <IntentButton intent="hide" variant="destructive-outline" size="sm">
            Hide
          </IntentButton>
        </div>
        {queue.rows.length === 0 ? (
          <EmptyList title="No comments here." />
        ) : (
          <DataTable
            caption={`${MODERATION_FILTER_LABELS[filter]} comments`}
            columns={[{ label: <span className="sr-only">Select</span>, className: "w-10" }, "Comment", "By", "Status"]}
          >
            {queue.rows.map((row) => (
              <tr key={row.id} className="align-top" data-testid="moderation-row">
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    name="ids"
                    value={row.id}
                    id={`select-${row.id}`}
                    aria-label={`Select comment ${row.id} by ${row.userName ?? "a deleted user"}`}
                    className="size-4 accent-brand"
                  />
                </td>
                <td className="max-w-md px-2 py-3">
                  <p className="line-clamp-4 whitespace-pre-wrap break-words text-ink">{row.body}</p>
                  <p className="mt-1 text-xs text-ink-muted">
                    {row.isReply ? "Reply on " : "On "}
                    <a href={commentHref(row.articleSlug, row.id)} className={textLinkClass}>
                      {row.articleTitle}
                    </a>
                    {" · "}
                    <time dateTime={row.createdAt}>{formatLongDate(row.createdAt)}</time>
                  </p>
                </td>
                <td className="px-2 py-3">
                  <p className="text-ink">{row.userName ?? "Deleted user"}</p>
                  {row.userEmail ? <p className="text-xs break-all text-ink-muted">{row.userEmail}</p> : null}
                  {row.userId !== null ? (
                    <button
                      type="submit"
                      name="intent"
                      value={`${row.userBlocked ? "unblock" : "block"}-${row.userId}`}
                      className="mt-1 text-xs font-semibold text-danger hover:underline"
                    >
                      {row.userBlocked ? "Unblock commenter" : "Block commenter"}
                    </button>
                  ) : null}
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-ink-muted">
                  {row.status}
                  {row.reportCount > 0 ? (
                    <span className="ml-1 font-semibold text-danger">
                      · {row.reportCount} {row.reportCount === 1 ? "report" : "reports"}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Form>
      <Pagination
        page={page}
        pageCount={queue.pageCount}
        hrefFor={(n) => moderationHref(filter, n)}
        className="mt-6 flex justify-center"
      />
    </div>
  );
}
