/**
 * /admin/import (administrators: "site.import"): upload a Ghost or dev.to export, a zip of
 * Markdown files or an export of this site; see the preview (what will be created, what is
 * already imported, slug conflicts and how they are resolved, categories and authors to create);
 * then import it and read the report. Plain forms: the same with and without JavaScript.
 *
 * The upload waits in DATA_DIR/imports between the preview (?upload=token) and the import.
 */
import { data, redirect } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { applyImport, type ConflictPolicy, planImport } from "~/backup/import.server";
import { ImportFileError, readImportSource } from "~/backup/import-sources.server";
import {
  IMPORT_UPLOAD_MAX_BYTES,
  importUploadPath,
  removeImportUpload,
  saveImportUpload,
} from "~/backup/import-uploads.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { controlClass, FormAlert } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { chosenFile } from "~/http/actions/upload-request.server";
import { readForm } from "~/http/form.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.import";

const policyOf = (value: unknown): ConflictPolicy => (value === "skip" ? "skip" : "rename");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "site.import");
  const url = new URL(request.url);
  const token = url.searchParams.get("upload");
  if (!token) return { preview: null };
  const file = importUploadPath(token);
  if (!file) return { preview: null, missing: true };
  const policy = policyOf(url.searchParams.get("conflict"));
  try {
    const source = await readImportSource(file);
    const plan = await planImport(source, policy);
    return {
      preview: {
        token,
        policy,
        kind: source.kind,
        counts: plan.counts,
        categoriesToCreate: plan.categoriesToCreate,
        authorsToCreate: plan.authorsToCreate,
        items: plan.items.slice(0, 500).map((item) => ({
          title: item.article.title,
          slug: item.slug,
          action: item.action,
          renamedFrom: item.renamedFrom ?? null,
          status: item.article.status,
        })),
        total: plan.items.length,
      },
    };
  } catch (error) {
    if (error instanceof ImportFileError) return { preview: null, refused: error.message };
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "site.import");
  const form = await readForm(request, {
    maxBytes: IMPORT_UPLOAD_MAX_BYTES + 64 * 1024,
    tooLargeMessage:
      "Payload Too Large: the admin panel imports files up to 50 MB; use npm run import for larger ones.",
  });
  const policy = policyOf(form.get("conflict"));
  if (form.get("intent") === "apply") {
    const token = String(form.get("upload") ?? "");
    const file = importUploadPath(token);
    if (!file) {
      return data(
        { alert: { title: "Import failed", description: "The uploaded file is gone: upload it again." }, report: null },
        { status: 400 },
      );
    }
    const source = await readImportSource(file);
    const plan = await planImport(source, policy);
    const report = await applyImport(source, plan, { id: user.id }, "an upload");
    removeImportUpload(token);
    return {
      alert: null,
      report: {
        created: report.created,
        unchanged: report.unchanged,
        skipped: report.skipped,
        renamed: report.renamed,
        images: report.images,
        remoteImages: report.remoteImages,
        missingImages: report.missingImages,
        redirects: report.redirects,
        failed: report.failed,
      },
    };
  }
  const upload = chosenFile(form, "file");
  if (!upload) {
    return data(
      { alert: { title: "Import failed", description: "Choose a file to import." }, report: null },
      { status: 400 },
    );
  }
  const token = saveImportUpload(new Uint8Array(await upload.arrayBuffer()));
  try {
    // Refuse a bad file at once (nothing is imported from it).
    await readImportSource(importUploadPath(token)!);
  } catch (error) {
    removeImportUpload(token);
    if (error instanceof ImportFileError) {
      return data({ alert: { title: "Import refused", description: error.message }, report: null }, { status: 400 });
    }
    throw error;
  }
  throw redirect(`/admin/import?upload=${token}${policy === "skip" ? "&conflict=skip" : ""}`, { status: 303 });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Import");

const ACTIONS: Record<string, string> = {
  create: "Create",
  unchanged: "Already imported",
  "skip-conflict": "Skip (slug taken)",
};

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const preview = loaderData.preview;
  const report = actionData?.report;
  const refused = "refused" in loaderData ? loaderData.refused : null;
  const missing = "missing" in loaderData && loaderData.missing;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Import"
        lead="Bring articles in from Ghost, dev.to, Markdown files (Hugo, Jekyll, Astro, Eleventy, Hashnode) or an export of this site."
      />
      <div className="mt-6 space-y-6">
        <FormAlert alert={actionData?.alert} />
        {refused ? <FormAlert alert={{ title: "Import refused", description: refused }} /> : null}
        {missing ? (
          <FormAlert alert={{ title: "Import failed", description: "The uploaded file is gone: upload it again." }} />
        ) : null}
        {report ? (
          <section className="rounded-xl border border-line bg-surface p-6 text-sm text-ink" aria-labelledby="report">
            <h2 id="report" className="text-lg font-semibold">
              Imported {report.created.length} {report.created.length === 1 ? "article" : "articles"}
            </h2>
            <p className="mt-2 text-ink-muted">
              {report.unchanged} already imported, {report.skipped.length} skipped, {report.images} images added to the
              media library, {report.redirects} old addresses redirected.
            </p>
            {report.created.length > 0 ? (
              <ul className="mt-3 list-disc pl-5">
                {report.created.map((article) => (
                  <li key={article.slug}>
                    <a className="underline" href={`/post/${article.slug}`}>
                      {article.title}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {report.remoteImages.length > 0 ? (
              <p className="mt-3">Remote images kept as links: {report.remoteImages.join(", ")}</p>
            ) : null}
            {report.missingImages.length > 0 ? (
              <p className="mt-3">Images not found in the file: {report.missingImages.join(", ")}</p>
            ) : null}
            {report.failed.length > 0 ? (
              <ul className="mt-3 list-disc pl-5 text-danger">
                {report.failed.map((failure) => (
                  <li key={failure.title}>
                    {failure.title}: {failure.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        {preview && !report ? (
          <section className="rounded-xl border border-line bg-surface p-6 text-sm text-ink" aria-labelledby="preview">
            <h2 id="preview" className="text-lg font-semibold">
              Preview: {preview.counts.create} to create, {preview.counts.unchanged} already imported
            </h2>
            <p className="mt-2 text-ink-muted">
              A {preview.kind} export with {preview.total} articles; {preview.counts.conflicts} slug conflicts (
              {preview.policy === "skip" ? "skipped" : "given a new slug"}).
              {preview.categoriesToCreate.length > 0
                ? ` Categories to create: ${preview.categoriesToCreate.join(", ")}.`
                : ""}
              {preview.authorsToCreate.length > 0 ? ` Authors to create: ${preview.authorsToCreate.join(", ")}.` : ""}
            </p>
            <table className="mt-4 w-full text-left">
              <thead>
                <tr>
                  <th className="py-1 pr-4">Article</th>
                  <th className="py-1 pr-4">Address</th>
                  <th className="py-1">What happens</th>
                </tr>
              </thead>
              <tbody>
                {preview.items.map((item) => (
                  <tr key={`${item.slug}-${item.title}`} className="border-t border-line">
                    <td className="py-1 pr-4">
                      {item.title}
                      {item.status === "draft" ? " (draft)" : ""}
                    </td>
                    <td className="py-1 pr-4">/post/{item.slug}</td>
                    <td className="py-1">
                      {ACTIONS[item.action]}
                      {item.renamedFrom ? ` (new slug: ${item.renamedFrom} is taken)` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <form method="post" className="mt-4 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="upload" value={preview.token} />
              <input type="hidden" name="conflict" value={preview.policy} />
              <button type="submit" className={buttonClass({ variant: "primary" })}>
                Import {preview.counts.create} {preview.counts.create === 1 ? "article" : "articles"}
              </button>
            </form>
          </section>
        ) : null}
        <form
          method="post"
          encType="multipart/form-data"
          className="space-y-4 rounded-xl border border-line bg-surface p-6 text-sm text-ink"
        >
          <input type="hidden" name="intent" value="preview" />
          <div>
            <label htmlFor="import-file" className="block font-medium">
              File to import (.json or .zip, up to 50 MB)
            </label>
            <input id="import-file" name="file" type="file" accept=".json,.zip" required className="mt-1 block" />
          </div>
          <div>
            <label htmlFor="import-conflict" className="block font-medium">
              When an article's address is taken
            </label>
            <select id="import-conflict" name="conflict" defaultValue="rename" className={`${controlClass} mt-1 h-10`}>
              <option value="rename">Give it a new address</option>
              <option value="skip">Skip it</option>
            </select>
          </div>
          <button type="submit" className={buttonClass({ variant: "secondary" })}>
            Preview
          </button>
        </form>
      </div>
    </div>
  );
}
