/**
 * /admin/authors: every author profile with its account and published articles, each linking to
 * its edit page. Administrators only (people.manage).
 */
import { Link } from "react-router";
import { listAuthors } from "~/authors/authors.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { textLinkClass } from "~/components/ui/button";
import { readOrThrow } from "~/http/route-errors.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.authors";
import { adminAuthorHref, authorHref } from "~/lib/urls";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "people.manage");
  const authors = await readOrThrow({ request, context }, "articles", () => listAuthors());
  return { authors };
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Authors");

export default function AdminAuthors({ loaderData }: Route.ComponentProps) {
  const { authors } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Authors" lead="Every author profile: edit a name, bio or avatar." />
      <section className="mt-8 overflow-x-auto rounded-xl border border-line bg-surface shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">All authors</caption>
          <thead className="bg-surface-sunken text-xs tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Account
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Published
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold sm:px-6">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {authors.map((author) => (
              <tr key={author.id}>
                <th scope="row" className="px-4 py-3 font-medium text-ink sm:px-6">
                  <Link to={authorHref(author.slug)} className="hover:underline">
                    {author.name}
                  </Link>
                </th>
                <td className="px-4 py-3 text-ink-muted">{author.email ?? "—"}</td>
                <td className="px-4 py-3 text-right tabular-nums text-ink-muted">{author.publishedCount}</td>
                <td className="px-4 py-3 text-right sm:px-6">
                  <Link to={adminAuthorHref(author.id)} className={textLinkClass} aria-label={`Edit ${author.name}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
