/** Previous / numbered / Next page links for a listing; plain links, state in the URL. */
import { Link } from "react-router";
import { type ListView, listingSearch } from "./view-toggle";

/** Page numbers to show: first, last, and the current page with a neighbour each side. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === "number" && n - last > 1) result.push("gap");
    result.push(n);
  }
  return result;
}

const item =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium transition-colors";

export function Pagination({
  pathname,
  page,
  pageCount,
  view,
}: {
  pathname: string;
  page: number;
  pageCount: number;
  view: ListView;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => `${pathname}${listingSearch({ view, page: n })}`;
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${item} border-line text-ink hover:bg-surface-sunken`}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : null}
      <ol className="flex flex-wrap items-center gap-2">
        {pageWindow(page, pageCount).map((n, index) =>
          n === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`${item} ${
                  n === page ? "border-brand bg-brand text-brand-ink" : "border-line text-ink hover:bg-surface-sunken"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={`${item} border-line text-ink hover:bg-surface-sunken`}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
