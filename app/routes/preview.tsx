/**
 * /preview/{token}: a private preview link. Renders the article exactly as its page will (the
 * same ArticleView), signed out too; never indexed or stored by any cache. Once the article is
 * published with nothing pending, the link answers a 301 to the live article; a revoked or
 * unknown token is a 404.
 */
import { data, redirect } from "react-router";
import { previewByToken } from "~/articles/preview-links.server";
import { articleViewData } from "~/http/views/article-view.server";
import { ArticleView } from "~/components/article/article-view";
import { env } from "~/env.server";
import { notFound } from "~/lib/route-errors";
import { seoMeta } from "~/lib/seo";
import { readOrThrow } from "~/http/route-errors.server";
import type { Route } from "./+types/preview";
import { postHref } from "~/lib/urls";
import { PRIVATE_HEADERS } from "~/http/route-headers.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await readOrThrow({ request, context }, "article", () => previewByToken(params.token));
  if (!found) throw notFound("article");
  if (found.kind === "live") throw redirect(postHref(found.slug), { status: 301, headers: PRIVATE_HEADERS });
  const { article } = found;
  return data(
    {
      // The whole article at once (a preview is read by few: no "Continue Reading" split), in
      // the page once like the article page.
      article: articleViewData(context, { ...article, contentHtml: article.html, previewHtml: null }, { full: true }),
      shareUrl: `${env().SITE_URL}/post/${article.slug}`,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? seoMeta(matches, {
        title: `Preview: ${loaderData.article.title}`,
        description: loaderData.article.excerpt ?? "",
        path: postHref(loaderData.article.slug),
        canonicalUrl: loaderData.article.canonicalUrl,
        noindex: true,
      })
    : [];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export default function Preview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p
        role="note"
        className="mx-auto mt-4 max-w-3xl rounded-lg border border-line bg-surface-sunken px-4 py-2 text-center text-sm text-ink-muted"
      >
        Preview: this article is not published yet. Please do not share this link publicly.
      </p>
      <ArticleView article={loaderData.article} shareUrl={loaderData.shareUrl} />
    </>
  );
}
