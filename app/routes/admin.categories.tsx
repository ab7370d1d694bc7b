/**
 * /admin/categories: every category with its article count, and the form that creates one.
 * Editors and administrators (categories.manage); each row links to its edit page (rename,
 * description, delete).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { createCategory, listAdminCategories, toCategoryInput } from "~/categories/categories.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { type CategoryActionData, CategoryForm } from "~/components/admin/category-forms";
import { readForm } from "~/http/form.server";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { CATEGORY_TOASTS, CategorySchema } from "~/lib/category-schema";
import { noindexMeta } from "~/lib/seo";
import { adminCategoryHref, categoryHref } from "~/lib/urls";
import type { Route } from "./+types/admin.categories";
import { Cell, DataTable, ListPanel, RowHeader, RowLink } from "~/components/admin/list-kit";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "categories.manage");
  const categories = await readOrThrow({ request, context }, "categories", () => listAdminCategories());
  return { categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "categories.manage");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CategorySchema });
  const refuse = (status: number, alert: CategoryActionData["alert"], result = submission.reply()) =>
    data<CategoryActionData>({ form: "category", result, alert }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  const input = toCategoryInput(submission.value);
  if ("fieldErrors" in input)
    return refuse(400, FORM_TOASTS.invalidForm, submission.reply({ fieldErrors: input.fieldErrors }));
  try {
    const outcome = await createCategory(user, input);
    if (outcome.status === "saved") {
      return redirectWithToast(
        "/admin/categories",
        { type: "success", title: CATEGORY_TOASTS.created, description: outcome.category.name },
        { status: 303 },
      );
    }
    const fieldErrors = outcome.status === "invalid" ? outcome.fieldErrors : {};
    return refuse(
      400,
      { title: CATEGORY_TOASTS.saveFailed, description: Object.values(fieldErrors).flat().join(" ") },
      submission.reply({ fieldErrors }),
    );
  } catch (error) {
    return refuse(500, {
      title: CATEGORY_TOASTS.saveFailed,
      description: failedWrite({ request, context }, error, "category create failed"),
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Categories");

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Categories"
        lead="Rename a category and its old address keeps working; delete one and choose where its articles go."
      />
      <ListPanel
        id="categories-heading"
        title={`All Categories (${categories.length})`}
        className="mt-8 overflow-x-auto"
      >
        <DataTable
          columns={["Name", "Address", { label: "Articles", align: "end" }, { label: "Actions", align: "end" }]}
        >
          {categories.map((category) => (
            <tr key={category.id}>
              <RowHeader>{category.name}</RowHeader>
              <Cell className="">
                <Link to={categoryHref(category.slug)} className="font-mono text-xs text-brand hover:underline">
                  /category/{category.slug}
                </Link>
              </Cell>
              <Cell number>{category.articleCount}</Cell>
              <Cell end className="">
                <RowLink to={adminCategoryHref(category.id)} label={`Edit ${category.name}`}>
                  Edit
                </RowLink>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </ListPanel>

      <AdminSection id="new-category-heading" title="New Category" headingClassName="mb-4">
        <CategoryForm mode="create" defaults={{ name: "", slug: "", description: "" }} actionData={actionData} />
      </AdminSection>
    </div>
  );
}
