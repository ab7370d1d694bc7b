/**
 * The admin list kit: every admin list (articles, people, media, authors, categories, questions,
 * comments, inbox, audit, revisions) is built from these pieces, so they look and behave alike.
 *
 * - `ListPanel`: the bordered panel, with a header row (title and, beside it, a search form).
 * - `ListSearchForm` / `ListSearchStatus` (./list-search): the GET search and its "N match" line;
 *   `SearchListPanel`: a panel with both.
 * - `FilterTabs`: status filters as links (the filter is in the URL; works without JavaScript).
 * - `DataTable`, `RowHeader`, `Cell`: the table with its caption and column headings.
 * - `EmptyList`: what a list says when it has nothing to show.
 * - `ListPagination`: the one pagination component with the list's summary.
 * - `RowLink` / `EditCell` / `RowActionForm`: a row's link (Edit, View) and its own small POST form (delete,
 *   approve…), so each row works without JavaScript.
 */
import type { FormEvent, ReactNode, Ref } from "react";
import { Form, Link } from "react-router";
import { type ButtonStyle, buttonClass, IntentButton, textLinkClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";

import { ListSearchForm, ListSearchStatus } from "./list-search";

export { ListSearchForm, ListSearchStatus };

export function ListPanel({
  id,
  title,
  titleRef,
  aside,
  label,
  className = "mt-8 overflow-hidden",
  children,
}: {
  /** The heading's id (the panel is labelled by it). */
  id?: string;
  title?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  /** Beside the title: the list's search form. */
  aside?: ReactNode;
  /** The panel's name when it has no title. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={title ? id : undefined}
      aria-label={title ? undefined : label}
      className={`${className} rounded-xl border border-line bg-surface shadow-sm`}
    >
      {title ? (
        <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line px-4 py-4 sm:px-6">
          <h2 id={id} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {aside}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * A searchable list's panel: its search form beside the title, and over the list the "N match"
 * line (with Clear search, back to the form's address) while a search is shown.
 */
export function SearchListPanel({
  search,
  matches,
  children,
  ...panel
}: Omit<Parameters<typeof ListPanel>[0], "aside"> & {
  search: Omit<Parameters<typeof ListSearchForm>[0], "children">;
  /** How many rows match, and the words for one and for many: "person matches", "people match". */
  matches: { count: number; one: string; many: string };
}) {
  return (
    <ListPanel {...panel} aside={<ListSearchForm {...search} />}>
      <ListSearchStatus {...matches} query={search.query} clearTo={search.action} />
      {children}
    </ListPanel>
  );
}

export type FilterTab = { key: string; label: ReactNode; to: string; current: boolean };

/** Filters as links under a list's header; the current one is `aria-current="page"`. */
export function FilterTabs({ label = "Filter by status", tabs }: { label?: string; tabs: FilterTab[] }) {
  return (
    <nav aria-label={label} className="border-b border-line px-4 py-2 sm:px-6">
      <ul className="flex flex-wrap gap-1 text-sm">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className="inline-block rounded-md px-3 py-1 font-medium text-ink-muted hover:text-ink aria-[current=page]:bg-surface-sunken aria-[current=page]:text-ink"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type Column = string | { label: ReactNode; align?: "end"; className?: string };

/** A cell's padding by position: the first and last columns line up with the panel's edges. */
function edge(index: number, count: number) {
  return `px-4 py-3${index === 0 || index === count - 1 ? " sm:px-6" : ""}`;
}

/**
 * A list's table: a caption (read by screen readers), the column headings and the rows
 * (`children`). With `scrollLabel` it scrolls sideways on narrow screens, reachable by keyboard.
 */
export function DataTable({
  caption,
  columns,
  scrollLabel,
  stacked = false,
  className = "w-full text-left text-sm",
  children,
}: {
  caption?: ReactNode;
  columns: Column[];
  scrollLabel?: string;
  /** On narrow screens each row is a stack of its cells (the headings are then read, not shown). */
  stacked?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={className}>
      {caption ? <caption className={stacked ? "sr-only max-sm:block" : "sr-only"}>{caption}</caption> : null}
      <thead
        className={`bg-surface-sunken text-xs tracking-wide text-ink-muted uppercase${stacked ? " max-sm:sr-only" : ""}`}
      >
        <tr>
          {columns.map((column, index) => {
            const { label, align, className: extra } = typeof column === "string" ? { label: column } : column;
            return (
              <th
                key={typeof label === "string" ? label : index}
                scope="col"
                className={`${edge(index, columns.length)} font-semibold${align === "end" ? " text-right" : ""}${extra ? ` ${extra}` : ""}`}
              >
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody className={`divide-y divide-line${stacked ? " max-sm:block" : ""}`}>{children}</tbody>
    </table>
  );
  if (!scrollLabel) return table;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="overflow-x-auto" tabIndex={0} aria-label={scrollLabel}>
      {table}
    </section>
  );
}

/** A row's first cell: the row's name, as a row heading. */
export function RowHeader({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <th scope="row" className={`px-4 py-3 font-medium text-ink sm:px-6 ${className}`.trim()}>
      {children}
    </th>
  );
}

/** A cell; `end` right-aligns it and pads it as the last column; `number` uses tabular figures. */
export function Cell({
  children,
  end = false,
  number = false,
  className = "text-ink-muted",
}: {
  children?: ReactNode;
  end?: boolean;
  number?: boolean;
  className?: string;
}) {
  const position = end ? "px-4 py-3 text-right sm:px-6" : number ? "px-4 py-3 text-right" : "px-4 py-3";
  return <td className={`${position}${number ? " tabular-nums" : ""} ${className}`.trim()}>{children}</td>;
}

/** What an empty list says: a title and, below it, a hint. */
export function EmptyList({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="px-4 py-16 text-center sm:px-6">
      <p className="font-semibold text-ink">{title}</p>
      {children ? <p className="mt-1 text-sm text-ink-muted">{children}</p> : null}
    </div>
  );
}

/** The list's pages, with "Page N of M" beside them, along the panel's bottom edge. */
export function ListPagination({
  page,
  pageCount,
  hrefFor,
  radius,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  radius?: number;
  label?: string;
}) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={hrefFor}
      radius={radius}
      label={label}
      summary
      className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 sm:px-6"
    />
  );
}

/** A row's link (Edit, View…), named for the row for screen readers; as a small button or a text link. */
export function RowLink({
  to,
  label,
  button = false,
  children,
}: {
  to: string;
  /** The accessible name: "Edit React hooks". */
  label: string;
  button?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={button ? buttonClass({ variant: "secondary", size: "sm" }) : textLinkClass}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

/**
 * A row's own form: one button, hidden fields (the row's id, the intent, where to come back), so
 * the row works without JavaScript.
 */
export function RowActionForm({
  method = "post",
  action,
  fields,
  label,
  variant = "secondary",
  onSubmit,
  reloadDocument = false,
  className,
  children,
}: {
  method?: "get" | "post";
  /** A plain document submission even with JavaScript (a page that answers with a redirect elsewhere). */
  reloadDocument?: boolean;
  action?: string;
  fields: Record<string, string | number | null | undefined>;
  /** The button's accessible name: "Delete React hooks". */
  label?: string;
  variant?: ButtonStyle["variant"];
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method={method} action={action} onSubmit={onSubmit} reloadDocument={reloadDocument} className={className}>
      {Object.entries(fields).map(([name, value]) =>
        value === null || value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <button type="submit" className={buttonClass({ variant, size: "sm" })} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** A row's last cell: its Edit link. */
export function EditCell({ to, label }: { to: string; label: string }) {
  return (
    <Cell end className="">
      <RowLink to={to} label={label}>
        Edit
      </RowLink>
    </Cell>
  );
}

/**
 * The list of a kind of named page (categories, series, tags): each row's name, its public
 * address, a count and its Edit link.
 */
export function AddressTable({
  rows,
  countLabel,
  prefix,
  hrefFor,
  editHrefFor,
  editLabel = (name) => `Edit ${name}`,
}: {
  rows: readonly { id: number; name: string; slug: string; count: number }[];
  /** The count's column heading: "Articles", "Parts". */
  countLabel: string;
  /** The address as shown before the slug: "/category/". */
  prefix: string;
  hrefFor: (slug: string) => string;
  editHrefFor: (id: number) => string;
  editLabel?: (name: string) => string;
}) {
  return (
    <DataTable columns={["Name", "Address", { label: countLabel, align: "end" }, { label: "Actions", align: "end" }]}>
      {rows.map((row) => (
        <tr key={row.id}>
          <RowHeader>{row.name}</RowHeader>
          <Cell className="">
            <Link to={hrefFor(row.slug)} className="font-mono text-xs text-brand hover:underline">
              {prefix}
              {row.slug}
            </Link>
          </Cell>
          <Cell number>{row.count}</Cell>
          <EditCell to={editHrefFor(row.id)} label={editLabel(row.name)} />
        </tr>
      ))}
    </DataTable>
  );
}

/** A row's Move up and Move down buttons (intents "up" and "down"), each disabled at its end of the list. */
export function MoveButtons({ name, first, last }: { name: string; first: boolean; last: boolean }) {
  return (
    <>
      <IntentButton intent="up" variant="secondary" size="sm" disabled={first} aria-label={`Move up: ${name}`}>
        ↑ Up
      </IntentButton>
      <IntentButton intent="down" variant="secondary" size="sm" disabled={last} aria-label={`Move down: ${name}`}>
        ↓ Down
      </IntentButton>
    </>
  );
}
