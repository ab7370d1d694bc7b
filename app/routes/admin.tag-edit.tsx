/**
 * /admin/tags/{id}: rename a tag (its old address answers 301) or merge it into another (its
 * articles get the other tag, its addresses redirect there). Administrators (tags.manage); both
 * forms post here with an intent.
 */
import { requirePermission } from "~/auth/guards.server";
import { AddressLead, AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { TagMergeForm, TagRenameForm } from "~/components/admin/taxonomy-forms";
import { answerForm, outcomeAnswer } from "~/http/actions/form-answer.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/ids";
import { noindexMeta } from "~/lib/seo";
import { TAG_TOASTS, TagMergeSchema, TagRenameSchema } from "~/lib/taxonomy-schemas";
import { adminTagsHref, tagHref } from "~/lib/urls";
import { getAdminTag, mergeTag, renameTag, type TagWriteResult } from "~/taxonomy/tag-admin.server";
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
  const args = { request, context };
  const answer = (outcome: TagWriteResult, title: string) =>
    outcomeAnswer(
      outcome,
      ({ tag }) =>
        redirectWithToast(adminTagsHref(), { type: "success", title, description: tag.name }, { status: 303 }),
      missing,
    );
  if (formData.get("intent") === "merge") {
    const options = { form: "merge", schema: TagMergeSchema, failed: TAG_TOASTS.saveFailed, note: "tag merge failed" };
    return answerForm(args, formData, options, async (value) =>
      answer(await mergeTag(user, id, value.into), TAG_TOASTS.merged),
    );
  }
  const options = { form: "rename", schema: TagRenameSchema, failed: TAG_TOASTS.saveFailed, note: "tag rename failed" };
  return answerForm(args, formData, options, async (value) =>
    answer(await renameTag(user, id, value.name), TAG_TOASTS.renamed),
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Edit Tag");

export default function EditTag({ loaderData, actionData }: Route.ComponentProps) {
  const { tag, others } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Edit Tag"
        lead={
          <AddressLead
            to={tagHref(tag.slug)}
            address={`/tag/${tag.slug}`}
            note={`${tag.articleCount} ${tag.articleCount === 1 ? "article" : "articles"}`}
            back={adminTagsHref()}
            backLabel="All tags"
          />
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
