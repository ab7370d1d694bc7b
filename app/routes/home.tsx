import { Link } from "react-router";
import { getHomeArticles, type HomeArticles } from "~/articles/articles.server";
import { ArticleCardList } from "~/components/article-card";
import { ExploreTopics } from "~/components/home/explore-topics";
import { FeaturedCarousel } from "~/components/home/featured-carousel";
import { Hero } from "~/components/home/hero";
import { seoMeta, siteFrom, websiteJsonLd } from "~/lib/seo";
import { readOrThrow } from "~/http/route-errors.server";
import { savedForRequest } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/home";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.lists]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const articles: HomeArticles = await readOrThrow({ request, context }, "articles", () => getHomeArticles());
  const shown = [...articles.recent, ...articles.featured].map((article) => article.id);
  return { articles, saved: await savedForRequest(request, shown) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { siteName, siteUrl } = siteFrom(matches);
  return seoMeta(matches, {
    title: null,
    description:
      "Articles, tutorials and opinions for developers: narratives from modern development, with working code.",
    path: "/",
    jsonLd: [websiteJsonLd(siteUrl, siteName)],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { articles, saved } = loaderData;
  return (
    <>
      <Hero />
      <FeaturedCarousel items={articles.carousel} />
      <ExploreTopics />
      <ArticleSection
        id="recent-articles"
        title="Recent Articles"
        subtitle="Fresh from the editors: the latest deep dives, tutorials and opinions."
        articles={articles.recent}
        saved={saved}
        more={{ to: "/search", label: "Browse all articles" }}
      />
      <ArticleSection
        id="featured-articles"
        title="Featured Articles"
        subtitle="More worth your time, hand-picked from recent issues."
        articles={articles.featured}
        saved={saved}
      />
      <InterviewPrepCallToAction />
    </>
  );
}

function ArticleSection({
  id,
  title,
  subtitle,
  articles,
  saved,
  more,
}: {
  id: string;
  title: string;
  subtitle: string;
  articles: HomeArticles["recent"];
  saved: readonly number[];
  more?: { to: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl scroll-mt-24 px-4 pt-16 sm:px-6 sm:pt-20">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-ink-muted">{subtitle}</p>
        </div>
        {more ? (
          <Link to={more.to} className="rounded-sm text-sm font-semibold text-brand hover:underline underline-offset-4">
            {more.label} <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      <div className="mt-8">
        {articles.length > 0 ? (
          <ArticleCardList articles={articles} saved={saved} />
        ) : (
          <p className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
            No articles found
          </p>
        )}
      </div>
    </section>
  );
}

function InterviewPrepCallToAction() {
  return (
    <section aria-labelledby="interview-cta" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="relative overflow-hidden rounded-2xl bg-brand px-6 py-12 text-brand-ink shadow-lg sm:px-12 sm:py-16">
        <div aria-hidden="true" className="cta-glow absolute inset-0" />
        <div className="relative flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="interview-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Preparing for a technical interview?
            </h2>
            <p className="mt-3 opacity-90">
              Practise with questions on JavaScript, React, data structures and algorithms — each with a worked answer
              you can reveal when you are ready.
            </p>
          </div>
          <Link
            to="/interview-prep"
            className="inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-md bg-surface px-6 text-sm font-semibold text-ink shadow hover:bg-surface-sunken"
          >
            Start practising <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
