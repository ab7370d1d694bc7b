/** The dashboard's status filter (a GET parameter, `?status=`): every article, or one status. */
export type DashboardStatusFilter = "all" | "draft" | "scheduled" | "published";

export const DASHBOARD_STATUS_FILTERS: { value: DashboardStatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
  { value: "draft", label: "Drafts" },
];

export function parseStatusFilter(raw: string | null | undefined): DashboardStatusFilter {
  return raw === "published" || raw === "scheduled" || raw === "draft" ? raw : "all";
}
