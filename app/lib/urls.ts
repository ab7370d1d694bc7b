/**
 * URLs of the site's pages, built in one place. Page 1 and default options are left out, so each
 * page has one URL (the pagination rule in ./pagination.ts redirects the others).
 */
import type { DashboardStatusFilter } from "./dashboard-status";

export type ListView = "grid" | "list";

function withQuery(path: string, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function postHref(slug: string) {
  return `/post/${encodeURIComponent(slug)}`;
}

export function categoryHref(slug: string, options: { page?: number; view?: ListView } = {}) {
  const params = new URLSearchParams();
  if (options.page && options.page > 1) params.set("page", String(options.page));
  if (options.view === "list") params.set("view", "list");
  return withQuery(`/category/${encodeURIComponent(slug)}`, params);
}

export function whatsNewHref(page = 1) {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  return withQuery("/whats-new", params);
}

/** A search; an empty keyword and page 1 are left out. */
export function searchHref({ q, categoryIds, page = 1 }: { q: string; categoryIds: readonly number[]; page?: number }) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  for (const id of categoryIds) params.append("category", String(id));
  if (page > 1) params.set("page", String(page));
  return withQuery("/search", params);
}

/** The admin dashboard with its title search. */
export function dashboardHref({
  q = "",
  page = 1,
  status = "all",
}: {
  q?: string;
  page?: number;
  status?: DashboardStatusFilter;
} = {}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/dashboard", params);
}
