/**
 * /admin/articles/{id}/history: every revision (who, when, why), one compared with the current
 * text (?compare={revision}: a line diff of the markdown and the fields that changed), restore
 * (a new revision, loaded as pending changes), and the article's private preview links (create,
 * revoke). Every control is a plain form or link: it all works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { compareRevision, listRevisions } from "~/articles/revision-history.server";
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "~/articles/preview-links.server";
import { getEditorState, restoreRevision } from "~/articles/pending-changes.server";
import { requireArticleCapability } from "~/articles/article-access.server";
import { recordAudit } from "~/audit/audit.server";
import { requireStaff } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { FormAlert } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { env } from "~/env.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { ARTICLE_TOASTS } from "~/lib/article-schema";
import { noindexMeta } from "~/lib/seo";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.article-history";
import { articleEditHref, articleHistoryHref } from "~/lib/urls";

const missing = () =>
  redirectWithToast(
    "/admin/dashboard",
    { type: "error", title: ARTICLE_TOASTS.fetchFailed, description: ARTICLE_TOASTS.notFound },
    { status: 303 },
  );

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
  categoryId: "Category",
  featured: "Featured",
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const id = parseId(params.id);
  if (id === null) throw await missing();
  await readOrThrow({ request, context }, "article", () => requireArticleCapability(user, id, "history"));
  const compareRaw = new URL(request.url).searchParams.get("compare");
  const compareId = parseId(compareRaw);
  const [state, revisions, links, comparison] = await readOrThrow({ request, context }, "article", () =>
    Promise.all([
      getEditorState(id),
      listRevisions(id),
      listPreviewLinks(id),
      compareId === null ? null : compareRevision(id, compareId),
    ]),
  );
  if (!state) throw await missing();
  return { id, title: state.fields.title, status: state.status, revisions, links, comparison };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireStaff(request);
  const id = parseId(params.id);
  if (id === null) return missing();
  if (!(await requireArticleCapability(admin, id, "history"))) return missing();
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = articleHistoryHref(id);
  if (intent === "restore") {
    const revisionId = parseId(String(form.get("revisionId") ?? ""));
    const result =
      revisionId === null
        ? ({ status: "not-found" } as const)
        : await restoreRevision({ id, revisionId, userId: admin.id });
    if (result.status !== "saved") {
      return redirectWithToast(
        here,
        { type: "error", title: ARTICLE_TOASTS.updateFailed, description: "That revision no longer exists." },
        { status: 303 },
      );
    }
    return redirectWithToast(
      articleEditHref(id),
      { type: "success", title: ARTICLE_TOASTS.restored, description: ARTICLE_TOASTS.restoredDescription },
      { status: 303 },
    );
  }
  if (intent === "create-preview") {
    const token = await createPreviewLink(id);
    if (!token) return missing();
    await recordAudit(admin, {
      kind: "article",
      action: "preview-link-created",
      targetId: id,
      summary: "Created a preview link",
    });
    // Shown once (only its hash is kept): the answer is this page with the link in it.
    return data({ previewUrl: `${env().SITE_URL}/preview/${token}` });
  }
  if (intent === "revoke-preview") {
    const linkId = parseId(String(form.get("linkId") ?? ""));
    const revoked = linkId !== null && (await revokePreviewLink(id, linkId));
    if (revoked) {
      await recordAudit(admin, {
        kind: "article",
        action: "preview-link-revoked",
        targetId: id,
        summary: "Revoked a preview link",
      });
    }
    return redirectWithToast(
      here,
      revoked ? { type: "success", title: "Preview link revoked" } : { type: "error", title: "No such preview link" },
      { status: 303 },
    );
  }
  return data({ previewUrl: null, error: "Unknown action." }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Article History");

export default function ArticleHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, revisions, links, comparison } = loaderData;
  const previewUrl = actionData && "previewUrl" in actionData ? actionData.previewUrl : null;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Article History"
        lead={
          <>
            {title} ·{" "}
            <Link to={articleEditHref(id)} className={textLinkClass}>
              Back to the editor
            </Link>
          </>
        }
      />

      <section
        aria-labelledby="preview-links"
        className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6"
      >
        <h2 id="preview-links" className="text-lg font-semibold text-ink">
          Preview links
        </h2>
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
          <button type="submit" name="intent" value="create-preview" className={buttonClass({ variant: "secondary" })}>
            Create preview link
          </button>
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
                    <button
                      type="submit"
                      name="intent"
                      value="revoke-preview"
                      className={buttonClass({ variant: "destructive-outline", size: "sm" })}
                      aria-label={`Revoke preview link #${link.id}`}
                    >
                      Revoke
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {comparison ? (
        <section
          aria-labelledby="comparison"
          className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6"
          data-testid="comparison"
        >
          <h2 id="comparison" className="text-lg font-semibold text-ink">
            Revision #{comparison.revision.id} compared with the current text
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {REVISION_REASON_TEXT[comparison.revision.reason]} by {comparison.revision.authorName ?? "the scheduler"} on{" "}
            <LocalDateTime iso={comparison.revision.createdAt} />. Removed lines are what the revision had; added lines
            are the current text.
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
        </section>
      ) : null}

      <section
        aria-labelledby="revisions"
        className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm"
      >
        <h2 id="revisions" className="border-b border-line px-4 py-4 text-lg font-semibold text-ink sm:px-6">
          Revisions ({revisions.length})
        </h2>
        <table className="w-full text-left text-sm">
          <thead className="bg-surface-sunken text-xs text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-2 sm:px-6">
                When
              </th>
              <th scope="col" className="px-4 py-2">
                Why
              </th>
              <th scope="col" className="px-4 py-2">
                Who
              </th>
              <th scope="col" className="px-4 py-2 text-right sm:px-6">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {revisions.map((revision) => (
              <tr key={revision.id} data-testid="revision-row">
                <td className="px-4 py-2 whitespace-nowrap sm:px-6">
                  <LocalDateTime iso={revision.createdAt} />
                </td>
                <td className="px-4 py-2">
                  {REVISION_REASON_TEXT[revision.reason]}
                  {revision.pending ? <span className="ml-1 text-xs text-ink-muted">(pending)</span> : null}
                </td>
                <td className="px-4 py-2">{revision.authorName ?? "Scheduler"}</td>
                <td className="px-4 py-2 sm:px-6">
                  <div className="flex justify-end gap-2">
                    <Link
                      to={`?compare=${revision.id}`}
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={`Compare revision #${revision.id} with the current text`}
                    >
                      Compare
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="revisionId" value={revision.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="restore"
                        className={buttonClass({ variant: "secondary", size: "sm" })}
                        aria-label={`Restore revision #${revision.id}`}
                      >
                        Restore
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
