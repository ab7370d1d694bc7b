/**
 * /series/{slug}: a series' parts in their order. Readers see the published parts, numbered
 * among themselves; editors (who see every draft: article.edit-any) see every part with its
 * status, and signed-in pages are never kept by the page cache. Cached under the series' tag.
 */
import { Link } from "react-router";
import { formatArticleDate, readTimeLabel } from "~/articles/format";
import { getUser } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";
import { env } from "~/env.server";
import { redirectToCanonical } from "~/http/canonical.server";
import { readOrThrow } from "~/http/route-errors.server";
import { notFound } from "~/lib/route-errors";
import { breadcrumbJsonLd, seoMeta, siteFrom } from "~/lib/seo";
import { articleEditHref, postHref, seriesFeedHref, seriesHref } from "~/lib/urls";
import { findSeries, listSeriesParts } from "~/taxonomy/series.server";
import type { Route } from "./+types/series";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(({ params }) => [tags.series((params.slug ?? "").toLowerCase())]);

const STATUS_LABELS = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getUser(request);
  const staff = can(user?.role, "article.edit-any");
  const { series, parts } = await readOrThrow({ request, context }, "articles", async () => {
    const series = await findSeries(params.slug);
    if (!series) throw notFound("series");
    return { series, parts: await listSeriesParts(series.id, { staff }) };
  });
  redirectToCanonical({ request, context }, seriesHref(series.slug));
  return { series, parts, staff, feedUrl: `${env().SITE_URL.replace(/\/+$/, "")}${seriesFeedHref(series.slug)}` };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { series, feedUrl } = loaderData;
  const { siteName, siteUrl } = siteFrom(matches);
  const meta = seoMeta(matches, {
    title: series.name,
    description: series.description || `The series ${series.name} on ${siteName}, in order.`,
    path: seriesHref(series.slug),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: series.name, path: seriesHref(series.slug) },
      ]),
    ],
  });
  meta.push({
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${series.name} — ${siteName}`,
    href: feedUrl,
  });
  return meta;
};

export default function SeriesPage({ loaderData }: Route.ComponentProps) {
  const { series, parts, staff } = loaderData;
  const published = parts.filter((part) => part.part !== null).length;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <p className="text-sm font-semibold tracking-wider text-brand uppercase">Series</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{series.name}</h1>
        {series.description ? <p className="mt-4 max-w-3xl text-lg text-ink-muted">{series.description}</p> : null}
        <p className="mt-4 text-sm text-ink-muted">
          {published} {published === 1 ? "part" : "parts"} ·{" "}
          <a href={seriesFeedHref(series.slug)} className="font-semibold text-brand underline underline-offset-4">
            RSS feed of this series
          </a>
        </p>
      </header>
      {parts.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-line px-6 py-16 text-center text-lg font-semibold text-ink">
          No articles found
        </p>
      ) : (
        <ol className="mt-10 space-y-4" aria-label={`Parts of ${series.name}`} data-testid="series-parts">
          {parts.map((part) => (
            <li key={part.id} className="rounded-xl border border-line bg-surface-raised p-5">
              <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                {part.part !== null ? `Part ${part.part}` : "Not published"}
                {staff ? (
                  <span className="ml-2 rounded-full bg-surface-sunken px-2 py-0.5 text-ink normal-case">
                    {STATUS_LABELS[part.status]}
                  </span>
                ) : null}
              </p>
              <h2 className="mt-1 text-xl font-bold text-ink">
                {part.part !== null ? (
                  <Link to={postHref(part.slug)} className="hover:text-brand hover:underline underline-offset-4">
                    {part.title}
                  </Link>
                ) : (
                  <Link to={articleEditHref(part.id)} className="hover:text-brand hover:underline underline-offset-4">
                    {part.title}
                  </Link>
                )}
              </h2>
              {part.excerpt ? <p className="mt-2 text-ink-muted">{part.excerpt}</p> : null}
              {part.publishedAt ? (
                <p className="mt-2 text-xs text-ink-muted">
                  <time dateTime={part.publishedAt}>{formatArticleDate(part.publishedAt)}</time> ·{" "}
                  {readTimeLabel(part.readingMinutes)}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
