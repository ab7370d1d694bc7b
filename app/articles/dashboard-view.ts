/**
 * The dashboard's view types, owned by the domain: dashboard.server.ts builds them, the
 * dashboard's components import them as types from here.
 */
import type { ArticleStatus } from "~/db/schema";
import type { DashboardStatusFilter } from "~/lib/dashboard-status";

export type { DashboardStatusFilter };

export type DashboardRow = {
  id: number;
  title: string;
  slug: string;
  authorName: string | null;
  status: ArticleStatus;
  /** ISO 8601; null for drafts and scheduled articles. */
  publishedAt: string | null;
  /** ISO 8601, for scheduled articles. */
  scheduledAt: string | null;
  /** Why the scheduler could not publish it, or null. */
  publishError: string | null;
  /** Edits saved but not live yet. */
  hasPending: boolean;
};

export type DashboardPage = {
  articles: DashboardRow[];
  /** Every article, whatever the search: the 'All Articles (count)' figure. */
  total: number;
  /** Articles matching the search (equal to `total` without one); pages are counted on these. */
  matching: number;
  page: number;
  pageCount: number;
  pageSize: number;
  query: string;
  status: DashboardStatusFilter;
};
