/**
 * Display formatting for articles, shared by server and browser. Dates are formatted in UTC with
 * a fixed locale so the server's HTML and the hydrated page always agree (no hydration mismatch).
 */
const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

const longDateFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Mar 4, 2026" (UTC). An unparseable value is returned unchanged. */
export function formatArticleDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "March 4, 2026" (UTC). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDateFormat.format(date);
}

/** "5 min read". */
export function readTimeLabel(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}
