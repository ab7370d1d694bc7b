import { useEffect } from "react";
import { data, Link } from "react-router";
import { toast } from "sonner";
import { getArticleBySlug } from "~/articles/articles.server";
import { ArticleView, type ArticleViewData } from "~/components/article/article-view";
import { ReadErrorNotice } from "~/components/read-error-notice";
import { env } from "~/env.server";
import { titleMeta } from "~/lib/meta";
import { READ_ERROR_STATUS, type ReadError, readErrorFrom } from "~/lib/read-error";
import { simulateReadFailure } from "~/server/test-hooks.server";
import type { Route } from "./+types/post";

const NOT_FOUND_TITLE = "Article not found";

type LoaderData =
  | { state: "found"; article: ArticleViewData; canonicalUrl: string; imageUrl: string | null }
  | { state: "not-found" }
  | { state: "error"; error: ReadError };

export async function loader({ params, request }: Route.LoaderArgs) {
  const full = new URL(request.url).searchParams.get("full") === "1";
  try {
    simulateReadFailure(request);
    const article = await getArticleBySlug(params.slug);
    if (!article) return data<LoaderData>({ state: "not-found" }, { status: 404 });

    const showPreview = article.previewHtml !== null && !full;
    // When the stored preview is exactly the start of the article, the rest can be marked as the
    // place to resume reading (the no-JS Continue Reading link lands there).
    const splitAt =
      article.previewHtml !== null && article.contentHtml.startsWith(article.previewHtml)
        ? article.previewHtml.length
        : null;
    const siteUrl = env().SITE_URL.replace(/\/+$/, "");
    const view: ArticleViewData = {
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      imageUrl: article.imageUrl,
      publishedAt: article.publishedAt,
      readingMinutes: article.readingMinutes,
      toc: article.toc,
      category: article.category,
      author: article.author,
      html: article.contentHtml,
      previewHtml: showPreview ? article.previewHtml : null,
      splitAt,
    };
    const absolute = (url: string | null) => (url ? new URL(url, `${siteUrl}/`).toString() : null);
    return data<LoaderData>({
      state: "found",
      article: view,
      canonicalUrl: `${siteUrl}/post/${article.slug}`,
      imageUrl: absolute(article.imageUrl),
    });
  } catch (error) {
    return data<LoaderData>(
      { state: "error", error: readErrorFrom("Error fetching article", error) },
      { status: READ_ERROR_STATUS },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData || loaderData.state === "not-found") return titleMeta(matches, NOT_FOUND_TITLE);
  if (loaderData.state === "error") return titleMeta(matches, "Error fetching article");
  const { article, canonicalUrl, imageUrl } = loaderData;
  const description = article.excerpt ?? undefined;
  return [
    ...titleMeta(matches, article.title, description),
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:url", content: canonicalUrl },
    ...(description ? [{ property: "og:description", content: description }] : []),
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { property: "article:published_time", content: article.publishedAt },
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
  ];
};

export default function Post({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "not-found") return <ArticleNotFound />;
  if (loaderData.state === "error") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Article unavailable</h1>
        <ReadErrorNotice error={loaderData.error} />
        <BackToHome />
      </div>
    );
  }
  // Keyed by slug: moving to another article starts again from its preview.
  return <ArticleView key={loaderData.article.slug} article={loaderData.article} shareUrl={loaderData.canonicalUrl} />;
}

function ArticleNotFound() {
  // The spec's toast for a read that returned nothing.
  useEffect(() => {
    toast.error("Error fetching article", { description: "Article not found.", id: "article-not-found" });
  }, []);
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p aria-hidden="true" className="font-mono text-6xl font-extrabold tracking-tight text-brand">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {NOT_FOUND_TITLE}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-ink-muted">
        We couldn&apos;t find an article at this address. It may have been moved or unpublished.
      </p>
      <div className="mt-8 flex justify-center">
        <BackToHome />
      </div>
    </section>
  );
}

function BackToHome() {
  return (
    <Link
      to="/"
      className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-brand px-5 text-sm font-semibold text-brand-ink hover:bg-brand-hover"
    >
      <span aria-hidden="true">←</span> Back to Home
    </Link>
  );
}
