/**
 * /admin/categories/{id}: rename (name and slug: the old slug redirects), edit the description,
 * or delete the category (choosing where its articles move when it has some). Editors and
 * administrators (categories.manage); both forms post here with an intent.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import {
  deleteCategory,
  getAdminCategory,
  listAdminCategories,
  toCategoryInput,
  updateCategory,
} from "~/categories/categories.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { type CategoryActionData, CategoryDeleteForm, CategoryForm } from "~/components/admin/category-forms";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { CATEGORY_TOASTS, CategoryDeleteSchema, CategorySchema } from "~/lib/category-schema";
import { noindexMeta } from "~/lib/seo";
import { categoryHref } from "~/lib/urls";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.category-edit";

const missing = () =>
  redirectWithToast("/admin/categories", { type: "error", title: CATEGORY_TOASTS.notFound }, { status: 303 });

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
  const deleting = formData.get("intent") === "delete";
  const form: CategoryActionData["form"] = deleting ? "delete" : "category";
  const failed = deleting ? CATEGORY_TOASTS.deleteFailed : CATEGORY_TOASTS.saveFailed;

  if (deleting) {
    const submission = parseWithZod(formData, { schema: CategoryDeleteSchema });
    const refuse = (status: number, alert: CategoryActionData["alert"], result = submission.reply()) =>
      data<CategoryActionData>({ form, result, alert }, { status });
    if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
    try {
      const outcome = await deleteCategory(user, id, submission.value.moveTo ?? null);
      if (outcome.status === "not-found") return missing();
      if (outcome.status === "invalid") {
        return refuse(
          400,
          { title: failed, description: Object.values(outcome.fieldErrors).flat().join(" ") },
          submission.reply({ fieldErrors: outcome.fieldErrors }),
        );
      }
      const description =
        outcome.movedTo === null
          ? outcome.name
          : `${outcome.name}: ${outcome.moved} ${outcome.moved === 1 ? "article" : "articles"} moved to ${outcome.movedTo}.`;
      return redirectWithToast(
        "/admin/categories",
        { type: "success", title: CATEGORY_TOASTS.deleted, description },
        { status: 303 },
      );
    } catch (error) {
      return refuse(500, {
        title: failed,
        description: failedWrite({ request, context }, error, "category delete failed"),
      });
    }
  }

  const submission = parseWithZod(formData, { schema: CategorySchema });
  const refuse = (status: number, alert: CategoryActionData["alert"], result = submission.reply()) =>
    data<CategoryActionData>({ form, result, alert }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  const input = toCategoryInput(submission.value);
  if ("fieldErrors" in input)
    return refuse(400, FORM_TOASTS.invalidForm, submission.reply({ fieldErrors: input.fieldErrors }));
  try {
    const outcome = await updateCategory(user, id, input);
    if (outcome.status === "not-found") return missing();
    if (outcome.status === "invalid") {
      return refuse(
        400,
        { title: failed, description: Object.values(outcome.fieldErrors).flat().join(" ") },
        submission.reply({ fieldErrors: outcome.fieldErrors }),
      );
    }
    return redirectWithToast(
      "/admin/categories",
      { type: "success", title: CATEGORY_TOASTS.updated, description: outcome.category.name },
      { status: 303 },
    );
  } catch (error) {
    return refuse(500, {
      title: failed,
      description: failedWrite({ request, context }, error, "category save failed"),
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Edit Category");

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category, others } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Edit Category"
        lead={
          <>
            <Link to={categoryHref(category.slug)} className="font-mono text-brand underline-offset-4 hover:underline">
              /category/{category.slug}
            </Link>{" "}
            ·{" "}
            <Link to="/admin/categories" className={textLinkClass}>
              All categories
            </Link>
          </>
        }
      />
      <AdminSection id="edit-heading" title={category.name} headingClassName="mb-4">
        <CategoryForm
          key={`${category.id}:${category.name}:${category.slug}`}
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
