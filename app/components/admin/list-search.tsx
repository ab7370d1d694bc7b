/**
 * The search above an admin list (dashboard, media, people): a GET form, so it works without
 * JavaScript and the query is in the address, and the "N match …" line with Clear search.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { controlClass } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";

export function ListSearchForm({
  action,
  name,
  id,
  label,
  placeholder,
  query,
  maxLength,
  children,
}: {
  action: string;
  /** The list's name, for the search landmark ("Articles", "Uploads", …). */
  name: string;
  id: string;
  /** The field's (visually hidden) label. */
  label: string;
  placeholder: string;
  query: string;
  maxLength: number;
  /** Hidden inputs that the search keeps (a status filter). */
  children?: ReactNode;
}) {
  return (
    <Form method="get" action={action} role="search" aria-label={name} className="flex w-full gap-2 sm:w-auto">
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        key={query}
        maxLength={maxLength}
        placeholder={placeholder}
        className={`${controlClass} h-10 min-w-0 flex-1 sm:w-64`}
      />
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        Search
      </button>
    </Form>
  );
}

/** "3 articles match “react”. Clear search" under a list's search, when there is a query. */
export function ListSearchStatus({
  count,
  one,
  many,
  query,
  clearTo,
}: {
  count: number;
  /** "article matches" */
  one: string;
  /** "articles match" */
  many: string;
  query: string;
  clearTo: string;
}) {
  if (!query) return null;
  return (
    <p className="border-b border-line bg-surface-sunken px-4 py-2 text-sm text-ink-muted sm:px-6" role="status">
      {count} {count === 1 ? one : many} “{query}”.{" "}
      <Link to={clearTo} className={textLinkClass}>
        Clear search
      </Link>
    </p>
  );
}
