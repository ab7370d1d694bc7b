/**
 * /reading-list/save?article=ID&return=PATH: a save begun while signed out (the Save button's
 * redirectTo). The sign-in completes it itself (password or OAuth, afterSignIn), so a reader
 * lands here only by following the address while signed in. A GET never changes anything (a
 * link, a prefetch or a crawler must not save for anyone), so this page shows the article and one
 * Save button whose POST to /reading-list saves it and goes back to PATH. Already saved: it says so.
 */
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { AuthCard, PendingPostButton } from "~/components/auth/auth-card";
import { useIsSubmitting } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { notFound } from "~/lib/route-errors";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { noindexMeta } from "~/lib/seo";
import { parseId } from "~/lib/ids";
import { postHref } from "~/lib/urls";
import { articleToSave, isSaved } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/reading-list.save";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const id = parseId(url.searchParams.get("article"));
  const article = id === null ? null : await articleToSave(id);
  if (!article) throw notFound("article");
  const returnTo = safeRedirectPath(url.searchParams.get("return"), postHref(article.slug));
  return data(
    { article, returnTo, saved: await isSaved(user.id, article.id) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function SaveToReadingList({ loaderData }: Route.ComponentProps) {
  const { article, returnTo, saved } = loaderData;
  const submitting = useIsSubmitting("/reading-list");
  const footer = (
    <Link to={returnTo} className={textLinkClass}>
      Back to where you were
    </Link>
  );
  if (saved) {
    return (
      <AuthCard title="Already in your reading list" lead={article.title} footer={footer}>
        <Link to="/reading-list" className={buttonClass({ size: "lg", className: "w-full" })}>
          Open your reading list
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Save to your reading list" lead={article.title} footer={footer}>
      <PendingPostButton
        action="/reading-list"
        values={{ articleId: article.id, returnTo }}
        intent="save"
        pending={submitting}
        pendingText="Saving..."
      >
        Save
      </PendingPostButton>
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Save to your reading list");
