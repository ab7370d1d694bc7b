/**
 * /admin/articles/{id}/history: every revision (who, when, why), one compared with the current
 * text (?compare={revision}: a line diff of the markdown and the fields that changed), restore
 * (a new revision, loaded as pending changes), and the article's private preview links (create,
 * revoke). Every control is a plain form or link: it all works without JavaScript.
 */
import { data, Link } from "react-router";
import { compareRevision, listRevisions } from "~/articles/revision-history.server";
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "~/articles/preview-links.server";
import { getEditorState, restoreRevision } from "~/articles/pending-changes.server";
import { requireArticleCapability } from "~/articles/article-access.server";
import { recordAudit } from "~/audit/audit.server";
import { requireStaff } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { textLinkClass } from "~/components/ui/button";
import { env } from "~/env.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { ARTICLE_TOASTS } from "~/lib/article-schema";
import { noindexMeta } from "~/lib/seo";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.article-history";
import { articleEditHref, articleHistoryHref, previewHref } from "~/lib/urls";
import { ComparisonSection, PreviewLinksSection, RevisionsTable } from "~/components/admin/article-history";

const missing = () =>
  redirectWithToast(
    "/admin/dashboard",
    { type: "error", title: ARTICLE_TOASTS.fetchFailed, description: ARTICLE_TOASTS.notFound },
    { status: 303 },
  );

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
    return data({ previewUrl: `${env().SITE_URL}${previewHref(token)}` });
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

      <PreviewLinksSection links={links} previewUrl={previewUrl} />
      {comparison ? <ComparisonSection comparison={comparison} /> : null}
      <RevisionsTable revisions={revisions} />
    </div>
  );
}
