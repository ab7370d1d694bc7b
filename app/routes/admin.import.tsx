/**
 * /admin/import (administrators: "site.import"): upload a Ghost or dev.to export, a zip of
 * Markdown files or an export of this site (with JavaScript through /admin/import/upload, with
 * a progress bar); see the preview (?run=N: what will be created, overwritten, skipped or is
 * already imported, and how taken addresses are resolved: ?conflict=skip|overwrite); import it
 * with the choice its form sends (refused without one; in batches: a long import stops after
 * one request's budget and continues on demand); read the report; roll back a stopped or
 * finished import. Plain forms: the same without JavaScript.
 * The upload waits in the database, so any instance serves the next step (app/backup).
 */
import { data, redirect } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { getRun, IMPORT_UPLOAD_MAX_BYTES, listRuns } from "~/backup/import-runs.server";
import { applyUploadedRun, previewRun, receiveUpload, rollbackImport, UPLOAD_TOO_LARGE } from "~/backup/import.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { ImportPreview } from "~/components/admin/import/import-preview";
import { ImportRun, ImportRunList } from "~/components/admin/import/import-run";
import { ImportUploadForm } from "~/components/admin/import/import-upload-form";
import { FormAlert } from "~/components/forms";
import { chosenFile } from "~/http/actions/upload-request.server";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/ids";
import { conflictPolicyOf, parseConflictPolicy } from "~/lib/import-options";
import { noindexMeta } from "~/lib/seo";
import { ADMIN_IMPORT_UPLOAD_PATH, adminImportHref } from "~/lib/urls";
import type { Route } from "./+types/admin.import";

const GONE = { title: "Import failed", description: "The uploaded file is gone: upload it again." };
const BUSY = {
  title: "Import under way",
  description: "This import is being applied or rolled back by another request: wait a moment and reload.",
};
const MISSING = { title: "Roll back refused", description: "That import does not exist." };
const NO_CHOICE = {
  title: "Import refused",
  description: "Choose what happens when an address is taken, then press the import button again.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "site.import");
  const url = new URL(request.url);
  const runs = await listRuns();
  const runParam = url.searchParams.get("run");
  if (runParam === null) return { runs, run: null, preview: null, alert: null };
  const run = await getRun(parseId(runParam) ?? 0);
  if (!run) return { runs, run: null, preview: null, alert: GONE };
  if (run.status !== "uploaded") return { runs, run, preview: null, alert: null };
  const previewed = await previewRun(run.id, conflictPolicyOf(url.searchParams.get("conflict")));
  if (previewed.status === "gone") return { runs, run: null, preview: null, alert: GONE };
  return { runs, run, preview: previewed.preview, alert: null };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "site.import");
  const actor = { id: user.id, fullName: user.fullName };
  const form = await readForm(request, {
    maxBytes: IMPORT_UPLOAD_MAX_BYTES + 64 * 1024,
    tooLargeMessage: `Payload Too Large: ${UPLOAD_TOO_LARGE}`,
  });
  const intent = form.get("intent");
  const runId = parseId(form.get("run"));
  if (intent === "apply" || intent === "resume") {
    // The choice the form sent is the one applied (the run is planned again with it); a run
    // being resumed keeps the plan it started with.
    const policy = intent === "apply" ? parseConflictPolicy(form.get("conflict")) : null;
    if (intent === "apply" && !policy) return data({ alert: NO_CHOICE }, { status: 400 });
    const outcome = runId ? await applyUploadedRun(runId, policy, actor) : null;
    if (!outcome || outcome.status === "gone") return data({ alert: GONE }, { status: 400 });
    if (outcome.status === "unplanned") return data({ alert: NO_CHOICE }, { status: 400 });
    if (outcome.status === "busy") return data({ alert: BUSY }, { status: 409 });
    throw redirect(adminImportHref(runId!), { status: 303 });
  }
  if (intent === "rollback") {
    const outcome = runId ? await rollbackImport(runId, actor) : null;
    if (!outcome) return data({ alert: GONE }, { status: 400 });
    if (outcome.status === "missing") return data({ alert: MISSING }, { status: 404 });
    if (outcome.status === "refused") {
      return data({ alert: { title: "Roll back refused", description: outcome.refused } }, { status: 400 });
    }
    if (outcome.status === "busy") return data({ alert: BUSY }, { status: 409 });
    return redirectWithToast(
      adminImportHref(runId!),
      {
        type: "success",
        title: "Import rolled back",
        description: outcome.kept.length > 0 ? `Kept (in use): ${outcome.kept.join("; ")}` : undefined,
      },
      { status: 303 },
    );
  }
  const file = chosenFile(form, "file");
  if (!file) {
    return data({ alert: { title: "Import failed", description: "Choose a file to import." } }, { status: 400 });
  }
  const received = await receiveUpload(file, actor);
  if ("refused" in received) {
    return data({ alert: { title: "Import refused", description: received.refused } }, { status: 400 });
  }
  throw redirect(adminImportHref(received.runId), { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Import");

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const { run, preview, runs } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Import"
        lead="Bring articles in from Ghost, dev.to, Markdown files (Hugo, Jekyll, Astro, Eleventy, Hashnode) or an export of this site."
      />
      <div className="mt-6 space-y-6">
        <FormAlert alert={actionData?.alert ?? loaderData.alert} />
        {run && preview ? <ImportPreview runId={run.id} preview={preview} /> : null}
        {run && !preview ? <ImportRun run={run} /> : null}
        <ImportUploadForm uploadUrl={ADMIN_IMPORT_UPLOAD_PATH} />
        <ImportRunList runs={runs} />
      </div>
    </div>
  );
}
