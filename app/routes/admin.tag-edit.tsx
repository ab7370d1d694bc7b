/**
 * /admin/tags/{id}: rename a tag (its old address answers 301) or merge it into another (its
 * articles get the other tag, its addresses redirect there). Administrators (tags.manage); both
 * forms post here with an intent.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { TagMergeForm, TagRenameForm, type TaxonomyActionData } from "~/components/admin/taxonomy-forms";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { parseId } from "~/lib/ids";
import { noindexMeta } from "~/lib/seo";
import { TAG_TOASTS, TagMergeSchema, TagRenameSchema } from "~/lib/taxonomy-schemas";
import { adminTagsHref, tagHref } from "~/lib/urls";
import { getAdminTag, mergeTag, renameTag } from "~/taxonomy/tag-admin.server";
import { tagSuggestions } from "~/taxonomy/tags.server";
import type { Route } from "./+types/admin.tag-edit";

const missing = () =>
  redirectWithToast(adminTagsHref(), { type: "error", title: TAG_TOASTS.notFound }, { status: 303 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, "tags.manage");
  const id = parseId(params.id);
  if (id === null) throw await missing();
  const [tag, names] = await readOrThrow({ request, context }, "articles", () =>
    Promise.all([getAdminTag(id), tagSuggestions()]),
  );
  if (!tag) throw await missing();
  return { tag, others: names.filter((name) => name !== tag.name) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "tags.manage");
  const id = parseId(params.id);
  if (id === null) return missing();
  const formData = await readForm(request);
  const merging = formData.get("intent") === "merge";
  const form: TaxonomyActionData["form"] = merging ? "merge" : "rename";
  const submission = merging
    ? parseWithZod(formData, { schema: TagMergeSchema })
    : parseWithZod(formData, { schema: TagRenameSchema });
  const refuse = (status: number, alert: TaxonomyActionData["alert"], result = submission.reply()) =>
    data<TaxonomyActionData>({ form, result, alert }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  try {
    const value = submission.value as { name?: string; into?: string };
    const outcome = merging ? await mergeTag(user, id, value.into ?? "") : await renameTag(user, id, value.name ?? "");
    if (outcome.status === "not-found") return missing();
    if (outcome.status === "invalid") {
      return refuse(
        400,
        { title: TAG_TOASTS.saveFailed, description: Object.values(outcome.fieldErrors).flat().join(" ") },
        submission.reply({ fieldErrors: outcome.fieldErrors }),
      );
    }
    return redirectWithToast(
      adminTagsHref(),
      { type: "success", title: merging ? TAG_TOASTS.merged : TAG_TOASTS.renamed, description: outcome.tag.name },
      { status: 303 },
    );
  } catch (error) {
    return refuse(500, {
      title: TAG_TOASTS.saveFailed,
      description: failedWrite({ request, context }, error, merging ? "tag merge failed" : "tag rename failed"),
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Edit Tag");

export default function EditTag({ loaderData, actionData }: Route.ComponentProps) {
  const { tag, others } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Edit Tag"
        lead={
          <>
            <Link to={tagHref(tag.slug)} className="font-mono text-brand underline-offset-4 hover:underline">
              /tag/{tag.slug}
            </Link>{" "}
            · {tag.articleCount} {tag.articleCount === 1 ? "article" : "articles"} ·{" "}
            <Link to={adminTagsHref()} className={textLinkClass}>
              All tags
            </Link>
          </>
        }
      />
      <AdminSection id="rename-heading" title={<>Rename {tag.name}</>} headingClassName="mb-4">
        <TagRenameForm key={`${tag.id}:${tag.name}`} name={tag.name} actionData={actionData} />
      </AdminSection>
      <AdminSection id="merge-heading" title={<>Merge {tag.name} into another tag</>} danger headingClassName="mb-4">
        <TagMergeForm name={tag.name} others={others} actionData={actionData} />
      </AdminSection>
    </div>
  );
}
