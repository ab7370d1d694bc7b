/** Previous / numbered / Next links for the dashboard; the search stays in the URL. */
import { Link } from "react-router";

/** Page numbers to show: first, last, and the current page with two neighbours each side. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pageCount));
  const result: (number | "gap")[] = [];
  for (const n of [...pages].sort((a, b) => a - b)) {
    const last = result[result.length - 1];
    if (typeof last === "number" && n - last > 1) result.push("gap");
    result.push(n);
  }
  return result;
}

const item = "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm font-medium transition-colors";

export function AdminPagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3 sm:px-6">
      <p className="text-sm text-ink-muted">
        Page {page} of {pageCount}
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        {page > 1 ? (
          <Link to={href(page - 1)} rel="prev" className={`${item} border-line text-ink hover:bg-surface-sunken`}>
            <span aria-hidden="true">←</span> Previous
          </Link>
        ) : null}
        <ol className="flex flex-wrap items-center gap-1.5">
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
                  className={`${item} ${n === page ? "border-brand bg-brand text-brand-ink" : "border-line text-ink hover:bg-surface-sunken"}`}
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
      </div>
    </nav>
  );
}
