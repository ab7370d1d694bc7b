/**
 * /admin/export (administrators: "site.export"): what the export holds, and one button that
 * downloads it (a plain form post to /admin/export/download, so it works without JavaScript).
 */
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { buttonClass } from "~/components/ui/button";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.export";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "site.export");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Export");

export default function AdminExport() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Export"
        lead="Download the whole publication as one zip file, to keep or to move elsewhere."
      />
      <div className="mt-6 space-y-4 rounded-lg border border-line bg-surface p-6 text-sm text-ink">
        <p>The zip holds:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            every article as Markdown with YAML front matter (<code>articles/&#123;slug&#125;.md</code>: title, slug,
            status, dates, category, author, description, cover image, canonical URL);
          </li>
          <li>the site pages (terms, privacy, FAQ, …) as Markdown;</li>
          <li>
            every image of the media library (<code>media/</code>, listed in <code>media.json</code>);
          </li>
          <li>authors, categories, interview questions and comments as JSON.</li>
        </ul>
        <p className="text-ink-muted">
          It never holds passwords, sessions, sign-in tokens or e-mail addresses. For a full copy of the site that can
          be restored, use <code>npm run backup</code> (see the README).
        </p>
        <form method="post" action="/admin/export/download">
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            Download export
          </button>
        </form>
      </div>
    </div>
  );
}
