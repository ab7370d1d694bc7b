import { useEffect } from "react";
import { data, Link } from "react-router";
import { toast } from "sonner";
import { getArticleBySlug } from "~/articles/articles.server";
import { ArticleView, type ArticleViewData } from "~/components/article/article-view";
import { ReadErrorNotice } from "~/components/read-error-notice";
import { articleMarkdownResponse, wantsMarkdown } from "~/discovery/markdown-source.server";
import { env } from "~/env.server";
import { FALLBACK_AUTHOR, FALLBACK_CATEGORY } from "~/lib/article-card";
import { blogPostingJsonLd, breadcrumbJsonLd, noindexMeta, seoMeta, siteFrom, summarize } from "~/lib/seo";
import { READ_ERROR_STATUS, type ReadError, readErrorFrom } from "~/lib/read-error";
import { simulateReadFailure } from "~/server/test-hooks.server";
import type { Route } from "./+types/post";

const NOT_FOUND_TITLE = "Article not found";

type LoaderData =
  | { state: "found"; article: ArticleViewData; description: string; updatedAt: string; canonicalUrl: string }
  | { state: "not-found" }
  | { state: "error"; error: ReadError };

/** /post/{slug}.md and `Accept: text/markdown` answer the markdown source (tools and agents). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params }, next) => {
    const slug = new URL(request.url).pathname.endsWith(".data") ? null : wantsMarkdown(request, params.slug);
    return slug ? articleMarkdownResponse(request, slug) : next();
  },
];

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
    return data<LoaderData>({
      state: "found",
      article: view,
      // The excerpt, or else the article's first sentences.
      description: summarize(article.excerpt || article.contentHtml.replace(/<[^>]+>/g, " ")),
      updatedAt: article.updatedAt,
      canonicalUrl: `${env().SITE_URL}/post/${article.slug}`,
    });
  } catch (error) {
    return data<LoaderData>(
      { state: "error", error: readErrorFrom("Error fetching article", error) },
      { status: READ_ERROR_STATUS },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData || loaderData.state === "not-found") return noindexMeta(matches, NOT_FOUND_TITLE);
  if (loaderData.state === "error") return noindexMeta(matches, "Error fetching article");
  const { article, description, updatedAt } = loaderData;
  const { siteName, siteUrl } = siteFrom(matches);
  const path = `/post/${article.slug}`;
  return seoMeta(matches, {
    title: article.title,
    description,
    path,
    image: article.imageUrl,
    type: "article",
    article: {
      publishedTime: article.publishedAt,
      modifiedTime: updatedAt,
      author: article.author?.name ?? FALLBACK_AUTHOR,
      section: article.category?.name ?? FALLBACK_CATEGORY,
    },
    jsonLd: [
      blogPostingJsonLd(siteUrl, siteName, {
        title: article.title,
        description,
        path,
        image: article.imageUrl,
        publishedAt: article.publishedAt,
        updatedAt,
        authorName: article.author?.name,
        categoryName: article.category?.name,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        ...(article.category ? [{ name: article.category.name, path: `/category/${article.category.slug}` }] : []),
        { name: article.title, path },
      ]),
    ],
  });
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
