/**
 * An import run after its preview: under way (the page refreshes itself with JavaScript, or by
 * its Refresh link), stopped by a restart or its time budget (Continue or Roll back), finished
 * (its report, and Roll back), or rolled back. Plus the list of recent runs.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { ImportRunView } from "~/backup/import-view";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { adminImportHref } from "~/lib/urls";
import { ImportReport } from "./import-report";
import { ImportTable } from "./import-table";

function RunAction({
  runId,
  intent,
  label,
  primary,
}: {
  runId: number;
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="run" value={runId} />
      <button type="submit" className={buttonClass({ variant: primary ? "primary" : "secondary" })}>
        {label}
      </button>
    </form>
  );
}

/** While another request applies the run: reload its progress every two seconds. */
function useProgressRefresh(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void revalidate(), 2000);
    return () => clearInterval(timer);
  }, [active, revalidate]);
}

export function ImportRun({ run }: { run: ImportRunView }) {
  const running = run.status === "applying" && !run.stopped;
  useProgressRefresh(running);
  const panel = "rounded-xl border border-line bg-surface p-6 text-sm text-ink";
  if (run.status === "applying") {
    return (
      <section className={panel} aria-labelledby="run">
        <h2 id="run" className="text-lg font-semibold">
          {running ? `Importing: ${run.done} of ${run.total}` : `Import stopped after ${run.done} of ${run.total}`}
        </h2>
        {running ? (
          <p className="mt-2 text-ink-muted">
            The import is under way.{" "}
            <a className={textLinkClass} href={adminImportHref(run.id)}>
              Refresh
            </a>
          </p>
        ) : (
          <>
            <p className="mt-2 text-ink-muted">
              It was interrupted (a restart, or it ran longer than one request may). Continue it where it stopped, or
              roll it back: what it created is removed and what it overwrote is restored.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <RunAction runId={run.id} intent="resume" label="Continue import" primary />
              <RunAction runId={run.id} intent="rollback" label="Roll back" />
            </div>
          </>
        )}
      </section>
    );
  }
  if (run.status === "finished" && run.report) {
    return (
      <div className="space-y-3">
        <ImportReport report={run.report} title="Imported" />
        <RunAction runId={run.id} intent="rollback" label="Roll back" />
      </div>
    );
  }
  return (
    <section className={panel} aria-labelledby="run">
      <h2 id="run" className="text-lg font-semibold">
        Import #{run.id} was rolled back
      </h2>
      <p className="mt-2 text-ink-muted">What it created was removed and what it overwrote was restored.</p>
    </section>
  );
}

const STATUS: Record<ImportRunView["status"], string> = {
  uploaded: "Previewed",
  applying: "Under way",
  finished: "Finished",
  "rolled-back": "Rolled back",
};

export function ImportRunList({ runs }: { runs: ImportRunView[] }) {
  if (runs.length === 0) return null;
  return (
    <section className="rounded-xl border border-line bg-surface p-6 text-sm text-ink" aria-labelledby="runs">
      <h2 id="runs" className="text-lg font-semibold">
        Recent imports
      </h2>
      <ImportTable className="mt-3 w-full text-left" headings={["Import", "File", "By", "Status"]}>
        {runs.map((run) => (
          <tr key={run.id} className="border-t border-line">
            <td className="py-1 pr-4">
              <a className={textLinkClass} href={adminImportHref(run.id)}>
                #{run.id}
              </a>{" "}
              <time dateTime={run.createdAt}>{run.createdAt.slice(0, 16).replace("T", " ")}</time>
            </td>
            <td className="py-1 pr-4">{run.fileName}</td>
            <td className="py-1 pr-4">{run.actorName}</td>
            <td className="py-1">{run.status === "applying" && run.stopped ? "Stopped" : STATUS[run.status]}</td>
          </tr>
        ))}
      </ImportTable>
    </section>
  );
}
