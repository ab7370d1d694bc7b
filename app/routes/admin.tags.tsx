/**
 * /admin/tags: every tag with its number of articles, searchable by name, 50 a page (the one
 * pagination rule). Each row links to its page (rename, merge). Administrators (tags.manage).
 */
import { redirect } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { AddressTable, EmptyList, ListPagination, SearchListPanel } from "~/components/admin/list-kit";
import { readOrThrow } from "~/http/route-errors.server";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { noindexMeta } from "~/lib/seo";
import { adminTagHref, adminTagsHref, tagHref } from "~/lib/urls";
import { ADMIN_TAGS_PAGE_SIZE, listAdminTags } from "~/taxonomy/tag-admin.server";
import type { Route } from "./+types/admin.tags";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "tags.manage");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const requested = parsePageParam(url.searchParams.get("page"));
  const list = await readOrThrow({ request, context }, "articles", () => listAdminTags(q, pageToRead(requested)));
  const pageCount = Math.max(1, Math.ceil(list.total / ADMIN_TAGS_PAGE_SIZE));
  const target = pageRedirectTarget(requested, pageCount);
  if (target !== null) throw redirect(adminTagsHref({ q, page: target }));
  return { q, tags: list.tags, total: list.total, page: pageToRead(requested), pageCount };
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Tags");

export default function AdminTags({ loaderData }: Route.ComponentProps) {
  const { q, tags, total, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Tags"
        lead="Writers create tags as they type them. Rename one (its old address redirects) or merge it into another."
      />
      <SearchListPanel
        id="tags-heading"
        title={`All Tags (${total})`}
        className="mt-8 overflow-x-auto"
        search={{
          action: adminTagsHref(),
          name: "Tags",
          id: "tag-search",
          label: "Search tags",
          placeholder: "Search tags…",
          query: q,
          maxLength: 100,
        }}
        matches={{ count: total, one: "tag matches", many: "tags match" }}
      >
        {tags.length === 0 ? (
          <EmptyList title="No tags">Tags appear when an article is saved with them.</EmptyList>
        ) : (
          <AddressTable
            rows={tags.map((tag) => ({ ...tag, count: tag.articleCount }))}
            countLabel="Articles"
            prefix="/tag/"
            hrefFor={tagHref}
            editHrefFor={adminTagHref}
            editLabel={(name) => `Rename or merge ${name}`}
          />
        )}
        <ListPagination page={page} pageCount={pageCount} hrefFor={(n) => adminTagsHref({ q, page: n })} />
      </SearchListPanel>
    </div>
  );
}
