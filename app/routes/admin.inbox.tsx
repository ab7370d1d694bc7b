/**
 * /admin/inbox: Contact and Write for Us messages, newest first, filtered by status (the inbox:
 * unread and read; unread; read; archived), paged with the one pagination rule. Administrators
 * only (permission inbox.read). Opening a message marks it read.
 */
import { Link, redirect } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { Pagination } from "~/components/ui/pagination";
import { type InboxFilter, parseInboxFilter } from "~/lib/message-schemas";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { noindexMeta } from "~/lib/seo";
import { listMessages } from "~/messages/messages.server";
import type { Route } from "./+types/admin.inbox";
import { inboxHref, inboxMessageHref } from "~/lib/urls";
import { EmptyList, FilterTabs } from "~/components/admin/list-kit";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "inbox.read");
  const url = new URL(request.url);
  const status = parseInboxFilter(url.searchParams.get("status"));
  const requested = parsePageParam(url.searchParams.get("page"));
  const inbox = await listMessages(status, pageToRead(requested));
  const target = pageRedirectTarget(requested, inbox.pageCount);
  if (target !== null) throw redirect(inboxHref({ status, page: target }));
  return { status, inbox };
}

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: "inbox", label: "Inbox" },
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
  { value: "archived", label: "Archived" },
];

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { status, inbox } = loaderData;
  const countOf = (filter: InboxFilter) =>
    filter === "inbox" ? inbox.counts.unread + inbox.counts.read : inbox.counts[filter];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Inbox" lead="Messages from the Contact and Write for Us forms." />
      <div className="mt-8 overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <FilterTabs
          tabs={FILTERS.map((filter) => ({
            key: filter.value,
            label: `${filter.label} (${countOf(filter.value)})`,
            to: inboxHref({ status: filter.value }),
            current: filter.value === status,
          }))}
        />
        {inbox.messages.length === 0 ? (
          <EmptyList title="No messages here." />
        ) : (
          <ul aria-label="Messages" className="divide-y divide-line">
            {inbox.messages.map((message) => (
              <li key={message.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
                <Link
                  to={inboxMessageHref(message.id)}
                  className={`min-w-0 flex-1 truncate hover:underline ${message.status === "unread" ? "font-bold text-ink" : "text-ink"}`}
                >
                  {message.subject}
                  {message.status === "unread" ? <span className="sr-only"> (unread)</span> : null}
                </Link>
                <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                  {message.kind === "pitch" ? "Pitch" : "Contact"}
                </span>
                <span className="text-sm text-ink-muted">
                  {message.name} &lt;{message.email}&gt;
                </span>
                <span className="text-sm text-ink-muted">
                  <LocalDateTime iso={message.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination
        page={inbox.page}
        pageCount={inbox.pageCount}
        hrefFor={(page) => inboxHref({ status, page })}
        label="Inbox pages"
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Inbox");
