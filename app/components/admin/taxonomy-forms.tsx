/**
 * The category, series and tag forms of the admin panel (/admin/categories, /admin/series,
 * /admin/tags): one form for a category's or a series' create and edit (name, slug, description),
 * a category's delete form (which asks where its articles go when it still has some), a tag's
 * rename and merge forms. Plain forms without JavaScript; with it Conform validates with the same
 * schemas as the server.
 */
import { Field, SelectField, StatusButton, TextareaField } from "~/components/forms";
import { CATEGORY_LIMITS, CategoryDeleteSchema, CategorySchema } from "~/lib/category-schema";
import type { FormAnswer } from "~/lib/form-answer";
import { TAG_LIMITS } from "~/lib/tag-names";
import { SERIES_LIMITS, SeriesSchema, TagMergeSchema, TagRenameSchema } from "~/lib/taxonomy-schemas";
import { IntentForm, useIntentForm } from "./intent-form";

/** What differs between a category's form and a series' form. */
const NAMED_KINDS = {
  category: {
    schema: CategorySchema,
    limits: CATEGORY_LIMITS,
    noun: "Category",
    newSlugHint: "Left empty, it is made from the name: /category/your-slug.",
    slugHint: "Changing it keeps the old address working: it redirects here.",
    descriptionHint: `Shown under the title on the category page (at most ${CATEGORY_LIMITS.description} characters).`,
  },
  series: {
    schema: SeriesSchema,
    limits: SERIES_LIMITS,
    noun: "Series",
    newSlugHint: "Left empty, it is made from the name: /series/your-slug.",
    slugHint: "Its address: /series/slug.",
    descriptionHint: "Shown under the title on the series page.",
  },
} as const;

/** A category's or a series' create and edit form (the form named `kind` in the action's answer). */
export function NamedForm({
  kind,
  mode,
  defaults,
  actionData,
}: {
  kind: keyof typeof NAMED_KINDS;
  mode: "create" | "edit";
  defaults: { name: string; slug: string; description: string };
  actionData: FormAnswer | undefined;
}) {
  const named = NAMED_KINDS[kind];
  const form = useIntentForm({
    form: kind,
    intent: mode === "create" ? "create" : "update",
    answer: actionData,
    id: `${kind}-${mode}`,
    schema: named.schema,
    defaultValue: defaults,
    requiredText: ["name"],
  });
  const { fields } = form;
  return (
    <IntentForm form={form}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          field={fields.name}
          label="Name"
          autoComplete="off"
          inputProps={{ maxLength: named.limits.name, spellCheck: true }}
        />
        <Field
          field={fields.slug}
          label="Slug"
          optional={mode === "create"}
          autoComplete="off"
          hint={mode === "create" ? named.newSlugHint : named.slugHint}
          inputProps={{ maxLength: named.limits.slug, autoCapitalize: "none", className: "font-mono" }}
        />
      </div>
      <TextareaField
        field={fields.description}
        label="Description"
        optional
        rows={3}
        hint={named.descriptionHint}
        textareaProps={{ maxLength: named.limits.description }}
      />
      <StatusButton pending={form.busy} pendingText="Saving..." {...form.submitProps}>
        {mode === "create" ? `Create ${named.noun}` : `Save ${named.noun}`}
      </StatusButton>
    </IntentForm>
  );
}

export function CategoryDeleteForm({
  category,
  others,
  actionData,
}: {
  category: { name: string; articleCount: number };
  others: { id: number; name: string }[];
  actionData: FormAnswer | undefined;
}) {
  const form = useIntentForm({
    form: "delete",
    intent: "delete",
    answer: actionData,
    id: "category-delete",
    schema: CategoryDeleteSchema,
  });
  const count = category.articleCount;
  return (
    <IntentForm form={form}>
      <p className="mb-4 text-sm text-ink-muted">
        {count === 0
          ? `${category.name} has no articles. Deleting it cannot be undone.`
          : `${category.name} has ${count} ${count === 1 ? "article" : "articles"} (drafts included). They move to the category you choose, with its interview questions; the deletion cannot be undone.`}
      </p>
      {count > 0 ? (
        <SelectField
          field={form.fields.moveTo}
          label="Move its articles to"
          placeholder="Select a category"
          options={others.map((other) => ({ value: String(other.id), label: other.name }))}
          selectProps={{ required: true }}
        />
      ) : null}
      <StatusButton pending={form.busy} pendingText="Deleting..." variant="destructive" {...form.submitProps}>
        Delete Category
      </StatusButton>
    </IntentForm>
  );
}

export function TagRenameForm({ name, actionData }: { name: string; actionData: FormAnswer | undefined }) {
  const form = useIntentForm({
    form: "rename",
    intent: "rename",
    answer: actionData,
    id: "tag-rename",
    schema: TagRenameSchema,
    defaultValue: { name },
    requiredText: ["name"],
  });
  return (
    <IntentForm form={form}>
      <Field
        field={form.fields.name}
        label="Name"
        autoComplete="off"
        hint="Its address follows the name; the old address keeps working (it redirects here)."
        inputProps={{ maxLength: TAG_LIMITS.length }}
      />
      <StatusButton pending={form.busy} pendingText="Renaming..." {...form.submitProps}>
        Rename Tag
      </StatusButton>
    </IntentForm>
  );
}

export function TagMergeForm({
  name,
  others,
  actionData,
}: {
  name: string;
  /** Other tags' names (suggestions). */
  others: readonly string[];
  actionData: FormAnswer | undefined;
}) {
  const form = useIntentForm({
    form: "merge",
    intent: "merge",
    answer: actionData,
    id: "tag-merge",
    schema: TagMergeSchema,
    requiredText: ["into"],
  });
  return (
    <IntentForm form={form}>
      <Field
        field={form.fields.into}
        label="Merge into"
        autoComplete="off"
        hint={`The tag that stays: ${name}'s articles get it, and ${name}'s address redirects to it.`}
        inputProps={{ maxLength: TAG_LIMITS.length, list: "merge-into-tags" }}
      />
      <datalist id="merge-into-tags">
        {others.map((other) => (
          <option key={other} value={other} />
        ))}
      </datalist>
      <StatusButton pending={form.busy} pendingText="Merging..." variant="destructive" {...form.submitProps}>
        Merge Tag
      </StatusButton>
    </IntentForm>
  );
}
