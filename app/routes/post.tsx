import { redirect } from "react-router";
import { getArticleBySlug } from "~/articles/articles.server";
import { findSlugRedirect } from "~/articles/slug-redirects.server";
import { articleViewData } from "~/http/views/article-view.server";
import { ArticleView } from "~/components/article/article-view";
import { SubscribeForm } from "~/components/newsletter/subscribe-form";
import { articleMarkdownResponse, wantsMarkdown } from "~/discovery/markdown-source.server";
import { env } from "~/env.server";
import { FALLBACK_AUTHOR, FALLBACK_CATEGORY } from "~/lib/article-card";
import { notFound } from "~/lib/route-errors";
import { blogPostingJsonLd, breadcrumbJsonLd, seoMeta, siteFrom, summarize } from "~/lib/seo";
import { readOrThrow } from "~/http/route-errors.server";
import { getUser } from "~/auth/guards.server";
import { commentAction } from "~/http/actions/comment-action.server";
import { commentsViewData } from "~/http/views/comments-view.server";
import { CommentsSection } from "~/components/comments/comments-section";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { savedForRequest } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/post";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { categoryHref, postHref } from "~/lib/urls";

/** /post/{slug}.md and `Accept: text/markdown` answer the markdown source (tools and agents). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params }, next) => {
    const slug = new URL(request.url).pathname.endsWith(".data") ? null : wantsMarkdown(request, params.slug);
    return slug ? articleMarkdownResponse(request, slug) : next();
  },
];

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => {
  const slug = params.slug ?? "";
  // /post/{slug}.md shows no comments; the article page (and ?comments=all) does.
  if (slug.endsWith(".md")) return [tags.article(slug.slice(0, -".md".length))];
  return [tags.article(slug), tags.comments(slug)];
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  // ?comments=all: the article in full with its comments (Load Comments without JavaScript, and
  // where every comment form posts).
  const withComments = search.get("comments") === "all";
  const full = search.get("full") === "1" || withComments;
  const article = await readOrThrow({ request, context }, "article", () => getArticleBySlug(params.slug));
  if (!article) {
    // A published article's old slug: 301 to where it is now.
    const moved = await readOrThrow({ request, context }, "article", () => findSlugRedirect(params.slug));
    if (moved) throw redirect(`${postHref(moved)}${new URL(request.url).search}`, 301);
    throw notFound("article");
  }

  // The body is in the page once: on a document request it is rendered, not repeated in the
  // hydration data (see app/http/html-once.server.ts).
  const view = articleViewData(context, article, { full });
  const comments = withComments
    ? await readOrThrow({ request, context }, "article", async () =>
        commentsViewData(context, article, await getUser(request)),
      )
    : null;
  return {
    article: view,
    comments,
    // Signed-in readers only (their requests bypass the page cache); anonymous pages stay shared.
    save: { articleId: article.id, saved: (await savedForRequest(request, [article.id])).length > 0 },
    // The excerpt, or else the article's first sentences.
    description: summarize(article.excerpt || article.contentHtml.replace(/<[^>]+>/g, " ")),
    updatedAt: article.updatedAt,
    // This page's own address (sharing); the article's canonical URL is `article.canonicalUrl`.
    shareUrl: `${env().SITE_URL}/post/${article.slug}`,
  };
}

/** The comment forms (post, reply, edit, delete, report, mute): app/comments/comment-action.server.ts. */
export async function action({ request, params }: Route.ActionArgs) {
  return commentAction(request, params.slug);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { article, description, updatedAt } = loaderData;
  const { siteName, siteUrl } = siteFrom(matches);
  const path = postHref(article.slug);
  return seoMeta(matches, {
    title: article.title,
    description,
    path,
    // First published elsewhere: rel=canonical names that page (og:url stays this one).
    canonicalUrl: article.canonicalUrl,
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
        keywords: article.tags.map((tag) => tag.name),
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        ...(article.category ? [{ name: article.category.name, path: categoryHref(article.category.slug) }] : []),
        { name: article.title, path },
      ]),
    ],
  });
};

export default function Post({ loaderData, actionData }: Route.ComponentProps) {
  // Keyed by slug: moving to another article starts again from its preview.
  const { article } = loaderData;
  return (
    <>
      <ArticleView
        key={article.slug}
        article={article}
        shareUrl={loaderData.shareUrl}
        discussion={
          <CommentsSection key={article.slug} slug={article.slug} view={loaderData.comments} actionData={actionData} />
        }
        save={loaderData.save}
      />
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <SubscribeForm
          heading="Get new articles by email"
          categories={article.category ? [{ slug: article.category.slug, name: article.category.name }] : []}
          authors={article.author?.slug ? [{ slug: article.author.slug, name: article.author.name }] : []}
          everythingByDefault={!article.category && !article.author?.slug}
        />
      </div>
    </>
  );
}

// A refused comment answers 429 with Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders;
