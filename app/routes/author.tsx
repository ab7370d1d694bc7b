/**
 * /author/{slug}: an author's bio and avatar, and their published articles newest first (article
 * cards, paginated by the one rule in app/lib/pagination.ts), with their RSS feed announced.
 */
import { redirect } from "react-router";
import { listAuthorArticles } from "~/articles/articles.server";
import { getAuthorBySlug } from "~/authors/authors.server";
import { ArticleCardList } from "~/components/article-card";
import { AuthorHeader } from "~/components/author/author-header";
import { Pagination } from "~/components/ui/pagination";
import { readOrThrow } from "~/http/route-errors.server";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { notFound } from "~/lib/route-errors";
import { breadcrumbJsonLd, seoMeta, siteFrom } from "~/lib/seo";
import { authorHref } from "~/lib/urls";
import { SubscribeForm } from "~/components/newsletter/subscribe-form";
import type { Route } from "./+types/author";
import { redirectToCanonical } from "~/http/canonical.server";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.author(params.slug ?? ""), tags.lists]);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const requested = parsePageParam(new URL(request.url).searchParams.get("page"));
  const { author, listing } = await readOrThrow({ request, context }, "articles", async () => {
    const author = await getAuthorBySlug(params.slug);
    if (!author) throw notFound();
    return { author, listing: await listAuthorArticles(author.id, pageToRead(requested)) };
  });
  const target = pageRedirectTarget(requested, listing.pageCount);
  if (target !== null) throw redirect(authorHref(author.slug, { page: target }));
  redirectToCanonical({ request, context }, authorHref(author.slug, { page: listing.page }));
  const { name, slug, bio, avatarUrl } = author;
  return { author: { name, slug, bio, avatarUrl }, listing };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { author, listing } = loaderData;
  const { siteName, siteUrl } = siteFrom(matches);
  const path = authorHref(author.slug);
  return [
    ...seoMeta(matches, {
      title: `${author.name}${listing.page > 1 ? ` (page ${listing.page})` : ""}`,
      description: author.bio || `Articles by ${author.name} on ${siteName}.`,
      path: authorHref(author.slug, { page: listing.page }),
      image: author.avatarUrl,
      jsonLd: [
        breadcrumbJsonLd(siteUrl, [
          { name: "Home", path: "/" },
          { name: author.name, path },
        ]),
      ],
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${author.name} — ${siteName} (RSS)`,
      href: `${path}/rss.xml`,
    },
  ];
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, listing } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <AuthorHeader author={author} total={listing.total} />
      <section aria-labelledby="author-articles" className="mt-8">
        <h2 id="author-articles" className="sr-only">
          Articles by {author.name}
        </h2>
        {listing.articles.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-6 py-16 text-center text-lg font-semibold text-ink">
            No articles found
          </p>
        ) : (
          <>
            <ArticleCardList articles={listing.articles} variant="grid" eagerCount={3} />
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              hrefFor={(n) => authorHref(author.slug, { page: n })}
              className="mt-12 flex justify-center"
            />
          </>
        )}
      </section>
      <div className="mt-16 max-w-2xl">
        <SubscribeForm
          heading={`Get new articles by ${author.name} by email`}
          authors={[{ slug: author.slug, name: author.name }]}
        />
      </div>
    </div>
  );
}
