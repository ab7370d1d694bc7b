/**
 * The admin Subscribers page (/admin/subscribers): totals, the mail outbox's health, new and lost
 * per week (chart and table), counts by topic, the searchable list, CSV export and import.
 * Built from the admin list kit; every form is a plain form (the same with and without JavaScript).
 */
import { Form } from "react-router";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import {
  Cell,
  DataTable,
  EmptyList,
  ListPagination,
  ListPanel,
  RowHeader,
  SearchListPanel,
} from "~/components/admin/list-kit";
import { LocalDateTime } from "~/components/admin/local-date";
import { SubscriberChart } from "~/components/admin/subscriber-chart";
import { FormAlert, type FormAlertData } from "~/components/forms";
import { Figure, OutboxHealthFigures, type OutboxHealthView } from "~/components/admin/outbox-health";
import { buttonClass } from "~/components/ui/button";
import { adminSubscribersCsvHref, adminSubscribersHref } from "~/lib/urls";
import type { SubscriberList, SubscriberSummary, TopicCount, WeekChange } from "~/newsletters/subscribers-view";

export type SubscribersPageProps = {
  query: string;
  summary: SubscriberSummary;
  topics: TopicCount[];
  weeks: WeekChange[];
  list: SubscriberList;
  outbox: OutboxHealthView;
  alert: FormAlertData | null;
};

const STATUS_LABELS = { pending: "Waiting for confirmation", confirmed: "Subscribed", unsubscribed: "Unsubscribed" };

export function SubscribersPage({ query, summary, topics, weeks, list, outbox, alert }: SubscribersPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Subscribers"
        lead="Newsletter subscribers by topic, new and lost per week, and the mail outbox."
        actions={
          <a href={adminSubscribersCsvHref()} className={buttonClass({ variant: "secondary" })} download>
            Export CSV
          </a>
        }
      />
      <FormAlert alert={alert} live className="mt-6" />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <AdminSection id="subscriber-totals" title="Totals" className="">
          <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Subscribed" value={String(summary.confirmed)} />
            <Figure label="Weekly digest" value={String(summary.weekly)} />
            <Figure label="Waiting" value={String(summary.pending)} />
            <Figure label="Unsubscribed" value={String(summary.unsubscribed)} />
          </dl>
        </AdminSection>
        <AdminSection id="outbox-title" title="Mail outbox" className="">
          <div className="mt-3">
            <OutboxHealthFigures outbox={outbox} />
          </div>
        </AdminSection>
      </div>
      <AdminSection id="weeks-title" title="New and lost per week" className="mt-6">
        <SubscriberChart weeks={weeks} />
      </AdminSection>
      <ListPanel id="topics-title" title="By topic" className="mt-6 overflow-hidden">
        {topics.length === 0 ? (
          <EmptyList title="No subscribers yet." />
        ) : (
          <DataTable caption="Subscribers by topic" columns={["Topic", "Kind", { label: "Subscribers", align: "end" }]}>
            {topics.map((topic) => (
              <tr key={`${topic.kind}-${topic.name}`}>
                <RowHeader>{topic.name}</RowHeader>
                <Cell>
                  {topic.kind === "everything" ? "All articles" : topic.kind === "category" ? "Category" : "Author"}
                </Cell>
                <Cell end number>
                  {topic.count}
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </ListPanel>
      <SearchListPanel
        id="list-title"
        title={`All subscribers (${list.total})`}
        search={{
          action: adminSubscribersHref(),
          name: "Subscribers",
          id: "subscriber-search",
          label: "Search subscribers by address",
          placeholder: "Search by address...",
          query: query,
          maxLength: 254,
        }}
        matches={{ count: list.total, one: "subscriber matches", many: "subscribers match" }}
      >
        {list.rows.length === 0 ? (
          <EmptyList title={query ? "No subscriber matches." : "No subscribers yet."} />
        ) : (
          <DataTable caption="Subscribers" columns={["Address", "Status", "How often", "Topics", "Since"]} stacked>
            {list.rows.map((row) => (
              <tr key={row.id}>
                <RowHeader>{row.email}</RowHeader>
                <Cell>{STATUS_LABELS[row.status]}</Cell>
                <Cell>{row.frequency === "weekly" ? "Weekly digest" : "Each article"}</Cell>
                <Cell>{row.topics}</Cell>
                <Cell>
                  <LocalDateTime iso={row.createdAt} />
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
        <ListPagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => adminSubscribersHref({ q: query, page })}
          label="Subscriber pages"
        />
      </SearchListPanel>
      <AdminSection id="import-title" title="Import from CSV" className="mt-6">
        <p className="mt-1 text-sm text-ink-muted">
          The first line names the columns; one must be <code>email</code>. Optional: <code>categories</code> and{" "}
          <code>authors</code> (slugs or names, separated by <code>;</code>; none means everything) and{" "}
          <code>frequency</code> (<code>each</code> or <code>weekly</code>).
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="import" />
          <div>
            <label htmlFor="subscriber-file" className="block text-sm font-medium text-ink">
              CSV file
            </label>
            <input
              id="subscriber-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              className="mt-1 text-sm"
            />
          </div>
          <label className="flex items-start gap-2 text-sm text-ink">
            <input type="checkbox" name="consented" value="1" className="mt-0.5 size-4" />
            <span>
              They consented to receive the newsletter. Without this, each address gets a mail asking to confirm first.
            </span>
          </label>
          <button type="submit" className={buttonClass()}>
            Import
          </button>
        </Form>
      </AdminSection>
    </div>
  );
}
