/** The dashboard's status cell of an article. */
import type { DashboardRow } from "~/articles/dashboard-view";
import { LocalDateTime } from "~/components/admin/local-date";

const STATUS_LABELS = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

/** Status, the schedule time, a failed publish's reason, and a note when edits are pending. */
export function StatusCell({ article }: { article: DashboardRow }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium text-ink">{STATUS_LABELS[article.status]}</span>
      {article.status === "scheduled" && article.scheduledAt ? (
        <span className="text-xs">
          for <LocalDateTime iso={article.scheduledAt} />
        </span>
      ) : null}
      {article.publishError ? (
        <span className="text-xs text-danger">Publish failed: {article.publishError}</span>
      ) : null}
      {article.hasPending ? <span className="text-xs">Unpublished changes</span> : null}
    </span>
  );
}
