/**
 * An article's place in its series (issue 26): under the title "Part 2 of 5" and the series'
 * name (a link to /series/{slug}); after the article, links to the previous and next parts.
 * Only published parts count and are linked (the loader's SeriesNav).
 */
import { Link } from "react-router";
import type { SeriesNav } from "~/articles/article-view";
import { postHref, seriesHref } from "~/lib/urls";

export function SeriesBanner({ series }: { series: SeriesNav }) {
  return (
    <p className="mt-4 text-sm font-medium text-ink-muted" data-testid="series-banner">
      <span className="font-semibold text-brand">
        Part {series.part} of {series.of}
      </span>{" "}
      in the series{" "}
      <Link
        to={seriesHref(series.slug)}
        className="font-semibold text-ink underline underline-offset-4 hover:text-brand"
      >
        {series.name}
      </Link>
    </p>
  );
}

export function SeriesPager({ series }: { series: SeriesNav }) {
  if (!series.previous && !series.next) return null;
  const box =
    "flex min-w-0 flex-1 flex-col gap-1 rounded-xl border border-line p-4 hover:border-brand focus-visible:border-brand";
  return (
    <nav aria-label={`Series: ${series.name}`} className="flex flex-col gap-3 sm:flex-row" data-testid="series-pager">
      {series.previous ? (
        <Link to={postHref(series.previous.slug)} rel="prev" className={box}>
          <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Previous: Part {series.part - 1}
          </span>
          <span className="font-semibold text-ink">{series.previous.title}</span>
        </Link>
      ) : (
        <span className="hidden flex-1 sm:block" />
      )}
      {series.next ? (
        <Link to={postHref(series.next.slug)} rel="next" className={`${box} sm:text-right`}>
          <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Next: Part {series.part + 1}
          </span>
          <span className="font-semibold text-ink">{series.next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
