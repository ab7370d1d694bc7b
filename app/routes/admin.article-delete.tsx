/**
 * /admin/articles/delete/{id}. GET: the confirmation page (the Delete button's destination
 * without JavaScript). POST: deletes (from this page's form or the dashboard's dialog), then
 * back to the list it came from with 'Article deleted successfully'.
 */
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { deleteArticle, getArticleSummary, parseArticleId } from "~/articles/admin-articles.server";
import { requireAdmin } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { AdminAlertBox, adminButton, Spinner } from "~/components/admin/ui";
import { useAlertToast } from "~/components/auth/form-alert";
import { useHydrated } from "~/components/auth/use-hydrated";
import { ReadErrorNotice } from "~/components/read-error-notice";
import { getDb } from "~/db/db.server";
import { ARTICLE_TOASTS } from "~/lib/article-schema";
import { READ_ERROR_STATUS, type ReadError, readErrorFrom } from "~/lib/read-error";
import { noindexMeta } from "~/lib/seo";
import { simulateReadFailure } from "~/server/test-hooks.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/admin.article-delete";
import { adminReturnPath } from "./admin-session.server";

const notFound = (returnPath: string) =>
  redirectWithToast(returnPath, { type: "error", title: ARTICLE_TOASTS.deleteFailed, description: ARTICLE_TOASTS.notFound }, { status: 303 });

type LoaderData =
  | { article: { id: number; title: string; slug: string }; returnPath: string; error: null }
  | { article: null; returnPath: string; error: ReadError };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const returnPath = adminReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  const id = parseArticleId(params.id);
  if (id === null) throw await notFound(returnPath);
  try {
    simulateReadFailure(request);
    const article = await getArticleSummary(await getDb(), id);
    if (!article) throw await notFound(returnPath);
    return data<LoaderData>({ article, returnPath, error: null });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<LoaderData>({ article: null, returnPath, error: readErrorFrom(ARTICLE_TOASTS.fetchFailed, error) }, { status: READ_ERROR_STATUS });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  // The form only carries where to go back to; a bodiless POST (a script) means the dashboard.
  const form = await request.formData().catch(() => new FormData());
  const returnPath = adminReturnPath(form.get("redirectTo"));
  const id = parseArticleId(params.id);
  if (id === null) return notFound(returnPath);
  try {
    const result = await deleteArticle(await getDb(), id);
    if (result.status === "not-found") return notFound(returnPath);
    return redirectWithToast(returnPath, { type: "success", title: ARTICLE_TOASTS.deleted }, { status: 303 });
  } catch (error) {
    console.error("[admin] delete failed:", error);
    const description = error instanceof Error && error.message ? error.message : "Something went wrong";
    return data({ error: { title: ARTICLE_TOASTS.deleteFailed, description } }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Delete Article");

export default function DeleteArticlePage() {
  const { article, returnPath, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  useAlertToast(actionData?.error);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Delete Article" />
      {error ? <ReadErrorNotice error={error} /> : null}
      {article ? (
        <section aria-labelledby="confirm-heading" className="mt-8 rounded-xl border border-line bg-surface p-6 shadow-sm">
          <AdminAlertBox alert={actionData?.error} live={!hydrated} />
          <h2 id="confirm-heading" className="text-lg font-semibold text-ink">
            {ARTICLE_TOASTS.deleteConfirmation}
          </h2>
          <p className="mt-3 rounded-md bg-surface-sunken px-3 py-2 text-sm font-medium break-words text-ink">{article.title}</p>
          <p className="mt-1 font-mono text-xs text-ink-muted">/post/{article.slug}</p>
          <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
            <input type="hidden" name="redirectTo" value={returnPath} />
            <Link to={returnPath} className={adminButton.secondary}>
              Cancel
            </Link>
            <button type="submit" className={adminButton.danger} aria-disabled={busy || undefined}>
              {busy ? (
                <>
                  <Spinner />
                  Deleting...
                </>
              ) : (
                "Delete"
              )}
            </button>
          </Form>
        </section>
      ) : (
        <p className="mt-6">
          <Link to={returnPath} className="font-semibold text-brand underline-offset-4 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      )}
    </div>
  );
}
