/** /admin/pages: the site pages (terms, privacy, FAQ, …), each with an Edit link. Administrators only. */
import { Link } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { textLinkClass } from "~/components/ui/button";
import { noindexMeta } from "~/lib/seo";
import { sitePageHref } from "~/lib/site-pages";
import { listPages } from "~/pages/pages.server";
import type { Route } from "./+types/admin.pages";
import { adminPageHref } from "~/lib/urls";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "pages.manage");
  return { pages: await listPages() };
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Pages" lead="The site's own pages, linked from the footer. Content is Markdown." />
      <ul aria-label="Pages" className="mt-8 divide-y divide-line rounded-xl border border-line bg-surface">
        {loaderData.pages.map((page) => (
          <li key={page.slug} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
            <span className="min-w-0 flex-1 font-medium text-ink">{page.title}</span>
            <a href={sitePageHref(page.slug)} className="font-mono text-sm text-ink-muted hover:underline">
              {sitePageHref(page.slug)}
            </a>
            <span className="text-sm text-ink-muted">
              Updated <LocalDateTime iso={page.updatedAt} />
            </span>
            <Link to={adminPageHref(page.slug)} className={textLinkClass} aria-label={`Edit ${page.title}`}>
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Pages");
