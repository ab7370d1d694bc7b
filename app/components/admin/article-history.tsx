/**
 * The article history page's sections (/admin/articles/{id}/history): preview links, one
 * revision compared with the current text, and the revisions with Compare and Restore. Every
 * control is a plain form or link: it all works without JavaScript.
 */
import { Form } from "react-router";
import type { PreviewLinkRow, RevisionComparison, RevisionRow } from "~/articles/history-view";
import { AdminSection } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { FormAlert } from "~/components/forms";
import { IntentButton } from "~/components/ui/button";
import { Cell, DataTable, ListPanel, RowActionForm, RowLink } from "./list-kit";

export const REVISION_REASON_TEXT = {
  created: "Created",
  saved: "Saved",
  autosaved: "Autosaved",
  published: "Published",
  unpublished: "Unpublished",
  scheduled: "Scheduled",
  restored: "Restored",
} as const;

const FIELD_LABELS = {
  title: "Title",
  slug: "Slug",
  content: "Content",
  excerpt: "Excerpt",
  imageUrl: "Image URL",
  canonicalUrl: "Canonical URL",
  categoryId: "Category",
  featured: "Featured",
  tags: "Tags",
  seriesId: "Series",
} as const;

export function PreviewLinksSection({ links, previewUrl }: { links: PreviewLinkRow[]; previewUrl: string | null }) {
  return (
    <AdminSection id="preview-links" title="Preview links" className="">
      <p className="mt-1 text-sm text-ink-muted">
        Anyone with a link can read the unpublished version, signed out too. Once the article is published, the link
        leads to it.
      </p>
      {previewUrl ? (
        <FormAlert
          alert={{ title: "New preview link (copy it now: it is shown only once)", tone: "info" }}
          className="mt-4"
        >
          <p className="mt-2 break-all font-mono" data-testid="preview-url">
            {previewUrl}
          </p>
        </FormAlert>
      ) : null}
      <Form method="post" className="mt-4">
        <IntentButton intent="create-preview" variant="secondary">
          Create preview link
        </IntentButton>
      </Form>
      {links.length > 0 ? (
        <ul className="mt-4 divide-y divide-line text-sm">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                Link #{link.id}, created <LocalDateTime iso={link.createdAt} />
                {link.revokedAt ? (
                  <>
                    {" "}
                    · revoked <LocalDateTime iso={link.revokedAt} />
                  </>
                ) : null}
              </span>
              {link.revokedAt ? null : (
                <Form method="post">
                  <input type="hidden" name="linkId" value={link.id} />
                  <IntentButton
                    intent="revoke-preview"
                    variant="destructive-outline"
                    size="sm"
                    aria-label={`Revoke preview link #${link.id}`}
                  >
                    Revoke
                  </IntentButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </AdminSection>
  );
}

export function ComparisonSection({ comparison }: { comparison: RevisionComparison }) {
  return (
    <AdminSection
      id="comparison"
      title={<>Revision #{comparison.revision.id} compared with the current text</>}
      className=""
      testId="comparison"
    >
      <p className="mt-1 text-sm text-ink-muted">
        {REVISION_REASON_TEXT[comparison.revision.reason]} by {comparison.revision.authorName ?? "the scheduler"} on{" "}
        <LocalDateTime iso={comparison.revision.createdAt} />. Removed lines are what the revision had; added lines are
        the current text.
      </p>
      <h3 className="mt-4 text-sm font-semibold text-ink">Changed fields</h3>
      {comparison.changed.length === 0 ? (
        <p className="text-sm text-ink-muted">None: this revision is the current text.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-xs text-ink-muted uppercase">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Field
              </th>
              <th scope="col" className="py-1 pr-4">
                Revision
              </th>
              <th scope="col" className="py-1">
                Current
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.changed.map((field) => (
              <tr key={field} className="align-top">
                <th scope="row" className="py-1 pr-4 font-medium">
                  {FIELD_LABELS[field]}
                </th>
                <td className="py-1 pr-4 break-words">
                  {field === "content" ? "(see the diff below)" : String(comparison.revision.fields[field] ?? "—")}
                </td>
                <td className="py-1 break-words">
                  {field === "content" ? "" : String(comparison.current[field] ?? "—")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 className="mt-4 text-sm font-semibold text-ink">Content</h3>
      <pre className="mt-2 overflow-x-auto rounded-md border border-line bg-surface-sunken p-3 font-mono text-xs leading-5">
        {comparison.diff.flatMap((part, index) =>
          part.text
            .replace(/\n$/, "")
            .split("\n")
            .map((line, lineIndex) => (
              <span
                key={`${index}:${lineIndex}`}
                data-diff={part.kind}
                className={
                  part.kind === "added"
                    ? "block bg-green-500/15"
                    : part.kind === "removed"
                      ? "block bg-red-500/15 line-through decoration-red-500/50"
                      : "block"
                }
              >
                {part.kind === "added" ? "+ " : part.kind === "removed" ? "- " : "  "}
                {line}
              </span>
            )),
        )}
      </pre>
    </AdminSection>
  );
}

export function RevisionsTable({ revisions }: { revisions: RevisionRow[] }) {
  return (
    <ListPanel id="revisions" title={`Revisions (${revisions.length})`} className="overflow-hidden">
      <DataTable columns={["When", "Why", "Who", { label: "Actions", align: "end" }]}>
        {revisions.map((revision) => (
          <tr key={revision.id} data-testid="revision-row">
            <Cell className="whitespace-nowrap text-ink">
              <LocalDateTime iso={revision.createdAt} />
            </Cell>
            <Cell className="text-ink">
              {REVISION_REASON_TEXT[revision.reason]}
              {revision.pending ? <span className="ml-1 text-xs text-ink-muted">(pending)</span> : null}
            </Cell>
            <Cell className="text-ink">{revision.authorName ?? "Scheduler"}</Cell>
            <Cell end className="">
              <div className="flex justify-end gap-2">
                <RowLink
                  button
                  to={`?compare=${revision.id}`}
                  label={`Compare revision #${revision.id} with the current text`}
                >
                  Compare
                </RowLink>
                <RowActionForm
                  fields={{ revisionId: revision.id, intent: "restore" }}
                  label={`Restore revision #${revision.id}`}
                >
                  Restore
                </RowActionForm>
              </div>
            </Cell>
          </tr>
        ))}
      </DataTable>
    </ListPanel>
  );
}
