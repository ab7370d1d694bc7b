/**
 * Articles for tools and agents: /post/{slug}.md, or /post/{slug} with `Accept: text/markdown`,
 * answers the markdown source under a title header instead of the HTML page.
 */
import { and, eq } from "drizzle-orm";
import { findSlugRedirect } from "~/articles/slug-redirects.server";
import { isPublished } from "~/db/order";
import { getDb } from "~/db/db.server";
import { articles, authors, categories } from "~/db/schema";
import { env } from "~/env.server";
import { conditionalResponse } from "./http-cache.server";
import { postHref } from "~/lib/urls";

export function wantsMarkdown(request: Request, slugParam: string | undefined) {
  if (!slugParam) return null;
  if (slugParam.endsWith(".md")) return slugParam.slice(0, -3);
  const accept = request.headers.get("Accept") ?? "";
  // Only when markdown is asked for ahead of HTML (browsers always list text/html first).
  const markdownAt = accept.indexOf("text/markdown");
  const htmlAt = accept.indexOf("text/html");
  if (markdownAt !== -1 && (htmlAt === -1 || markdownAt < htmlAt)) return slugParam;
  return null;
}

export async function articleMarkdownResponse(request: Request, slug: string): Promise<Response> {
  const db = await getDb();
  const [article] = await db
    .select({
      title: articles.title,
      slug: articles.slug,
      content: articles.content,
      excerpt: articles.excerpt,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      authorName: authors.name,
      categoryName: categories.name,
    })
    .from(articles)
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.slug, slug), isPublished))
    .limit(1);
  if (!article) {
    const moved = await findSlugRedirect(slug);
    if (moved) {
      const markdownPath = new URL(request.url).pathname.endsWith(".md");
      return new Response(null, {
        status: 301,
        headers: { Location: `${postHref(moved)}${markdownPath ? ".md" : ""}`, Vary: "Accept" },
      });
    }
    return new Response("# Article not found\n", {
      status: 404,
      headers: { "Content-Type": "text/markdown; charset=utf-8", Vary: "Accept" },
    });
  }
  const { SITE_URL } = env();
  const header = [
    `# ${article.title}`,
    "",
    `- Author: ${article.authorName ?? "Anonymous"}`,
    `- Category: ${article.categoryName ?? "General"}`,
    `- Published: ${(article.publishedAt ?? article.updatedAt).toISOString()}`,
    `- Updated: ${article.updatedAt.toISOString()}`,
    `- URL: ${SITE_URL}/post/${article.slug}`,
    ...(article.excerpt ? ["", `> ${article.excerpt.replace(/\s+/g, " ")}`] : []),
    "",
    "",
  ].join("\n");
  const response = conditionalResponse(request, `${header}${article.content.trim()}\n`, {
    contentType: "text/markdown; charset=utf-8",
    lastModified: article.updatedAt,
  });
  response.headers.set("Vary", "Accept");
  return response;
}
