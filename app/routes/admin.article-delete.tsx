/**
 * /admin/articles/delete/{id}. GET: the confirmation page (the Delete button's destination
 * without JavaScript). POST: deletes (from this page's form or the dashboard's dialog), then
 * back to the list it came from with 'Article deleted successfully'.
 */
import { data, Form, Link } from "react-router";
import { deleteArticle } from "~/articles/delete-article.server";
import { getArticleSummary } from "~/articles/admin-articles.server";
import { requireArticleCapability } from "~/articles/article-access.server";
import { requireStaff } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { FormAlert, StatusButton, useIsSubmitting } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ARTICLE_TOASTS } from "~/lib/article-schema";
import { noindexMeta } from "~/lib/seo";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.article-delete";
import { adminReturnPath } from "~/http/actions/admin-session.server";
import { readForm } from "~/http/form.server";

const notFound = (returnPath: string) =>
  redirectWithToast(
    returnPath,
    { type: "error", title: ARTICLE_TOASTS.deleteFailed, description: ARTICLE_TOASTS.notFound },
    { status: 303 },
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const returnPath = adminReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  const id = parseId(params.id);
  if (id === null) throw await notFound(returnPath);
  await readOrThrow({ request, context }, "article", () => requireArticleCapability(user, id, "delete"));
  const article = await readOrThrow({ request, context }, "article", () => getArticleSummary(id));
  if (!article) throw await notFound(returnPath);
  return { article, returnPath };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request);
  // The form only carries where to go back to; a bodiless POST (a script) means the dashboard.
  const form = await readForm(request);
  const returnPath = adminReturnPath(form.get("redirectTo"));
  const id = parseId(params.id);
  if (id === null) return notFound(returnPath);
  if (!(await requireArticleCapability(user, id, "delete"))) return notFound(returnPath);
  try {
    const result = await deleteArticle(id, user);
    if (result.status === "not-found") return notFound(returnPath);
    return redirectWithToast(returnPath, { type: "success", title: ARTICLE_TOASTS.deleted }, { status: 303 });
  } catch (error) {
    const description = failedWrite({ request, context }, error, ARTICLE_TOASTS.deleteFailed);
    return data({ error: { title: ARTICLE_TOASTS.deleteFailed, description } }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Delete Article");

export default function DeleteArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, returnPath } = loaderData;
  const busy = useIsSubmitting();

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Delete Article" />
      <section
        aria-labelledby="confirm-heading"
        className="mt-8 rounded-xl border border-line bg-surface p-6 shadow-sm"
      >
        <FormAlert alert={actionData?.error} className="mb-6" />
        <h2 id="confirm-heading" className="text-lg font-semibold text-ink">
          {ARTICLE_TOASTS.deleteConfirmation}
        </h2>
        <p className="mt-3 rounded-md bg-surface-sunken px-3 py-2 text-sm font-medium break-words text-ink">
          {article.title}
        </p>
        <p className="mt-1 font-mono text-xs text-ink-muted">/post/{article.slug}</p>
        <Form
          method="post"
          className="mt-6 flex flex-wrap justify-end gap-2"
          onSubmit={(event) => {
            if (busy) event.preventDefault();
          }}
        >
          <input type="hidden" name="redirectTo" value={returnPath} />
          <Link to={returnPath} className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
          <StatusButton variant="destructive" pending={busy} pendingText="Deleting...">
            Delete
          </StatusButton>
        </Form>
      </section>
    </div>
  );
}
