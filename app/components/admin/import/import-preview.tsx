/**
 * The preview of an uploaded import: what will be created, overwritten, skipped or is already
 * imported, slug conflicts and how they are resolved, the categories and authors to create. One
 * form holds the choice: "Update preview" shows its preview (GET), the import button applies it
 * (POST: what the select shows when it is pressed is what happens, with or without JavaScript).
 */
import type { ImportPreview as Preview } from "~/backup/import-view";
import { controlClass, FilterSelect } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { CONFLICT_POLICY_LABELS, IMPORT_CONFLICT_POLICIES } from "~/lib/import-options";
import { sitePageHref } from "~/lib/site-pages";
import { adminImportHref, postHref } from "~/lib/urls";
import { ImportTable } from "./import-table";

const ACTIONS: Record<Preview["items"][number]["action"], string> = {
  create: "Create",
  overwrite: "Overwrite what is here",
  unchanged: "Already imported",
  skip: "Skip (address taken)",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 articles", "3 articles and 1 page". */
export function writesLabel(writes: Preview["writes"]) {
  const articles = plural(writes.articles, "article", "articles");
  return writes.pages > 0 ? `${articles} and ${plural(writes.pages, "page", "pages")}` : articles;
}

export function ImportPreview({ runId, preview }: { runId: number; preview: Preview }) {
  const { counts } = preview;
  return (
    <section className="rounded-xl border border-line bg-surface p-6 text-sm text-ink" aria-labelledby="preview">
      <h2 id="preview" className="text-lg font-semibold">
        Preview: {counts.create} to create{counts.overwrite > 0 ? `, ${counts.overwrite} to overwrite` : ""},{" "}
        {counts.unchanged} already imported
      </h2>
      <p className="mt-2 text-ink-muted">
        A {preview.kind} export with {preview.total} {preview.total === 1 ? "item" : "items"}; {counts.conflicts}{" "}
        {counts.conflicts === 1 ? "address is" : "addresses are"} taken here
        {counts.skip > 0 ? ` (${counts.skip} skipped)` : ""}
        {counts.renamed > 0 ? ` (${counts.renamed} given a new address)` : ""}.
        {preview.categoriesToCreate.length > 0
          ? ` Categories to create: ${preview.categoriesToCreate.join(", ")}.`
          : ""}
        {preview.authorsToCreate.length > 0 ? ` Authors to create: ${preview.authorsToCreate.join(", ")}.` : ""}
      </p>
      {preview.problems.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-ink-muted">
          {preview.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {/*
        One form, so the import applies the choice the select shows: "Update preview" asks for the
        preview of it (GET), the import button posts it (the server plans the import again with it).
      */}
      <form method="post" action={adminImportHref(runId, preview.policy)}>
        <input type="hidden" name="run" value={runId} />
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <FilterSelect
              // A new policy in the URL (the form's answer) resets the choice.
              key={preview.policy}
              id="import-conflict"
              name="conflict"
              label="When an address is taken"
              labelClassName="block font-medium"
              className={`${controlClass} mt-1 h-10`}
              value={preview.policy}
              options={IMPORT_CONFLICT_POLICIES.map((policy) => ({
                value: policy,
                label: CONFLICT_POLICY_LABELS[policy],
              }))}
            />
          </div>
          <button
            type="submit"
            formMethod="get"
            formAction={adminImportHref()}
            className={buttonClass({ variant: "secondary" })}
          >
            Update preview
          </button>
        </div>
        <ImportTable className="mt-4 w-full text-left" headings={["Item", "Address", "What happens"]}>
          {preview.items.map((item, index) => (
            <tr key={`${index}-${item.slug}`} className="border-t border-line">
              <td className="py-1 pr-4">
                {item.title}
                {item.target === "page" ? " (page)" : ""}
                {item.draft ? " (draft)" : ""}
              </td>
              <td className="py-1 pr-4">{item.target === "page" ? sitePageHref(item.slug) : postHref(item.slug)}</td>
              <td className="py-1">
                {ACTIONS[item.action]}
                {item.renamedFrom ? ` (new address: ${item.renamedFrom} is taken)` : ""}
              </td>
            </tr>
          ))}
        </ImportTable>
        {preview.total > preview.items.length ? (
          <p className="mt-2 text-ink-muted">And {preview.total - preview.items.length} more.</p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <button type="submit" name="intent" value="apply" className={buttonClass({ variant: "primary" })}>
            Import {writesLabel(preview.writes)}
          </button>
        </div>
      </form>
    </section>
  );
}
