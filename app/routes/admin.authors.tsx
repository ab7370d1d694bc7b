/**
 * /admin/authors: every author profile with its account and published articles, each linking to
 * its edit page. Administrators only (people.manage).
 */
import { Link } from "react-router";
import { listAuthors } from "~/authors/authors.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { readOrThrow } from "~/http/route-errors.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.authors";
import { adminAuthorHref, authorHref } from "~/lib/urls";
import { Cell, DataTable, ListPanel, RowHeader, RowLink } from "~/components/admin/list-kit";

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
      <ListPanel label="Authors" className="mt-8 overflow-x-auto">
        <DataTable
          caption="All authors"
          columns={["Name", "Account", { label: "Published", align: "end" }, { label: "Actions", align: "end" }]}
        >
          {authors.map((author) => (
            <tr key={author.id}>
              <RowHeader>
                <Link to={authorHref(author.slug)} className="hover:underline">
                  {author.name}
                </Link>
              </RowHeader>
              <Cell>{author.email ?? "—"}</Cell>
              <Cell number>{author.publishedCount}</Cell>
              <Cell end className="">
                <RowLink to={adminAuthorHref(author.id)} label={`Edit ${author.name}`}>
                  Edit
                </RowLink>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
    </div>
  );
}
