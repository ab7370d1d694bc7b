/**
 * Page links for a paginated listing: plain links (they work without JavaScript and can be
 * shared), Previous and Next, the first and last page and a window around the current one.
 */
import { Link } from "react-router";

/** Page numbers to show, with null for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pageCount: number, radius = 1): Array<number | null> {
  const pages = new Set<number>([1, pageCount]);
  for (let n = page - radius; n <= page + radius; n++) if (n >= 1 && n <= pageCount) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) out.push(null);
    out.push(n);
  }
  return out;
}

const item =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium transition-colors";
const idle = "border-line bg-surface-raised text-ink hover:border-line-strong hover:bg-surface-sunken";
const current = "border-brand bg-brand text-brand-ink";
const disabled = "border-line bg-surface text-ink-muted opacity-60";

/** The one pagination of the site: search, categories, What's New and the admin dashboard. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
  radius = 1,
  summary = false,
  className = "mt-10 flex justify-center",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
  /** How many page numbers to show each side of the current one. */
  radius?: number;
  /** Show "Page N of M" beside the links (the dashboard). */
  summary?: boolean;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      {summary ? (
        <p className="text-sm text-ink-muted">
          Page {page} of {pageCount}
        </p>
      ) : null}
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={`${item} ${idle}`}>
              <span aria-hidden="true">←</span>
              <span className="ml-1.5">Previous</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} ${disabled}`}>
              <span aria-hidden="true">←</span>
              <span className="ml-1.5">Previous</span>
            </span>
          )}
        </li>
        {pageWindow(page, pageCount, radius).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted max-sm:hidden">
              …
            </li>
          ) : (
            <li key={n} className="max-sm:[&:not(:has([aria-current]))]:hidden">
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`${item} ${n === page ? current : idle}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className={`${item} ${idle}`}>
              <span className="mr-1.5">Next</span>
              <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} ${disabled}`}>
              <span className="mr-1.5">Next</span>
              <span aria-hidden="true">→</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
