/**
 * /admin/categories/{id}: rename (name and slug: the old slug redirects), edit the description,
 * or delete the category (choosing where its articles move when it has some). Editors and
 * administrators (categories.manage); both forms post here with an intent.
 */
import { requirePermission } from "~/auth/guards.server";
import {
  deleteCategory,
  getAdminCategory,
  listAdminCategories,
  toCategoryInput,
  updateCategory,
} from "~/categories/categories.server";
import { AddressLead, AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { CategoryDeleteForm, NamedForm } from "~/components/admin/taxonomy-forms";
import { answerForm, outcomeAnswer } from "~/http/actions/form-answer.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { CATEGORY_TOASTS, CategoryDeleteSchema, CategorySchema } from "~/lib/category-schema";
import { parseId } from "~/lib/ids";
import { noindexMeta } from "~/lib/seo";
import { adminCategoryHref, categoryHref } from "~/lib/urls";
import type { Route } from "./+types/admin.category-edit";

const missing = () =>
  redirectWithToast(adminCategoryHref(), { type: "error", title: CATEGORY_TOASTS.notFound }, { status: 303 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, "categories.manage");
  const id = parseId(params.id);
  if (id === null) throw await missing();
  const [category, all] = await readOrThrow({ request, context }, "categories", () =>
    Promise.all([getAdminCategory(id), listAdminCategories()]),
  );
  if (!category) throw await missing();
  const others = all.filter((other) => other.id !== id).map(({ id, name }) => ({ id, name }));
  return { category, others };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "categories.manage");
  const id = parseId(params.id);
  if (id === null) return missing();
  const formData = await readForm(request);
  const args = { request, context };
  const done = (title: string, description: string) =>
    redirectWithToast(adminCategoryHref(), { type: "success", title, description }, { status: 303 });

  if (formData.get("intent") === "delete") {
    const options = { form: "delete", schema: CategoryDeleteSchema, failed: CATEGORY_TOASTS.deleteFailed };
    return answerForm(args, formData, { ...options, note: "category delete failed" }, async (value) => {
      const outcome = await deleteCategory(user, id, value.moveTo ?? null);
      if (outcome.status === "not-found") return missing();
      if (outcome.status === "invalid") return { fieldErrors: outcome.fieldErrors };
      const { name, moved, movedTo } = outcome;
      const plural = moved === 1 ? "article" : "articles";
      return done(
        CATEGORY_TOASTS.deleted,
        movedTo === null ? name : `${name}: ${moved} ${plural} moved to ${movedTo}.`,
      );
    });
  }

  const options = { form: "category", schema: CategorySchema, failed: CATEGORY_TOASTS.saveFailed };
  return answerForm(args, formData, { ...options, note: "category save failed" }, async (value) => {
    const input = toCategoryInput(value);
    if ("fieldErrors" in input) return { fieldErrors: input.fieldErrors, alert: FORM_TOASTS.invalidForm };
    const outcome = await updateCategory(user, id, input);
    return outcomeAnswer(outcome, ({ category }) => done(CATEGORY_TOASTS.updated, category.name), missing);
  });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Edit Category");

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category, others } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Edit Category"
        lead={
          <AddressLead
            to={categoryHref(category.slug)}
            address={`/category/${category.slug}`}
            back={adminCategoryHref()}
            backLabel="All categories"
          />
        }
      />
      <AdminSection id="edit-heading" title={category.name} headingClassName="mb-4">
        <NamedForm
          key={`${category.id}:${category.name}:${category.slug}`}
          kind="category"
          mode="edit"
          defaults={{ name: category.name, slug: category.slug, description: category.description }}
          actionData={actionData}
        />
      </AdminSection>
      <AdminSection id="delete-heading" title="Delete this category" danger headingClassName="mb-2">
        <CategoryDeleteForm category={category} others={others} actionData={actionData} />
      </AdminSection>
    </div>
  );
}
