/**
 * /admin/categories: every category with its article count, and the form that creates one.
 * Editors and administrators (categories.manage); each row links to its edit page (rename,
 * description, delete).
 */
import { requirePermission } from "~/auth/guards.server";
import { createCategory, listAdminCategories, toCategoryInput } from "~/categories/categories.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { AddressTable, ListPanel } from "~/components/admin/list-kit";
import { NamedForm } from "~/components/admin/taxonomy-forms";
import { answerForm, outcomeAnswer } from "~/http/actions/form-answer.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { CATEGORY_TOASTS, CategorySchema } from "~/lib/category-schema";
import { noindexMeta } from "~/lib/seo";
import { adminCategoryHref, categoryHref } from "~/lib/urls";
import type { Route } from "./+types/admin.categories";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "categories.manage");
  const categories = await readOrThrow({ request, context }, "categories", () => listAdminCategories());
  return { categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "categories.manage");
  const formData = await readForm(request);
  const options = { form: "category", schema: CategorySchema, failed: CATEGORY_TOASTS.saveFailed };
  return answerForm({ request, context }, formData, { ...options, note: "category create failed" }, async (value) => {
    const input = toCategoryInput(value);
    if ("fieldErrors" in input) return { fieldErrors: input.fieldErrors, alert: FORM_TOASTS.invalidForm };
    return outcomeAnswer(await createCategory(user, input), ({ category }) =>
      redirectWithToast(
        adminCategoryHref(),
        { type: "success", title: CATEGORY_TOASTS.created, description: category.name },
        { status: 303 },
      ),
    );
  });
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
        <AddressTable
          rows={categories.map((category) => ({ ...category, count: category.articleCount }))}
          countLabel="Articles"
          prefix="/category/"
          hrefFor={categoryHref}
          editHrefFor={adminCategoryHref}
        />
      </ListPanel>
      <AdminSection id="new-category-heading" title="New Category" headingClassName="mb-4">
        <NamedForm
          kind="category"
          mode="create"
          defaults={{ name: "", slug: "", description: "" }}
          actionData={actionData}
        />
      </AdminSection>
    </div>
  );
}
