/**
 * The category forms (/admin/categories): one form for create and edit (name, slug, description),
 * and the delete form, which asks where the articles go when the category still has some. Plain
 * forms without JavaScript; with it Conform validates with the same schema as the server.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import {
  Field,
  FormAlert,
  type FormAlertData,
  SelectField,
  StatusButton,
  TextareaField,
  useValidatedForm,
} from "~/components/forms";
import { CATEGORY_LIMITS, CategoryDeleteSchema, CategorySchema } from "~/lib/category-schema";

export type CategoryActionData = {
  /** Which form on the page answered. */
  form: "category" | "delete";
  result: SubmissionResult<string[]>;
  alert: FormAlertData | null;
};

/** Two forms post to one page: each is busy only for its own intent. */
export function useIntentBusy(busy: boolean, intent: string) {
  const navigation = useNavigation();
  return busy && navigation.formData?.get("intent") === intent;
}

export function CategoryForm({
  mode,
  defaults,
  actionData,
}: {
  mode: "create" | "edit";
  defaults: { name: string; slug: string; description: string };
  actionData: CategoryActionData | undefined;
}) {
  const mine = actionData?.form === "category" ? actionData : undefined;
  const intent = mode === "create" ? "create" : "update";
  const {
    fields,
    formProps,
    submitProps,
    busy: anyBusy,
  } = useValidatedForm({
    id: `category-${mode}`,
    schema: CategorySchema,
    lastResult: mine?.result,
    defaultValue: defaults,
    requiredText: ["name"],
  });
  const busy = useIntentBusy(anyBusy, intent);
  return (
    <>
      <FormAlert alert={mine?.alert} />
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value={intent} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            field={fields.name}
            label="Name"
            autoComplete="off"
            inputProps={{ maxLength: CATEGORY_LIMITS.name, spellCheck: true }}
          />
          <Field
            field={fields.slug}
            label="Slug"
            optional={mode === "create"}
            autoComplete="off"
            hint={
              mode === "create"
                ? "Left empty, it is made from the name: /category/your-slug."
                : "Changing it keeps the old address working: it redirects here."
            }
            inputProps={{ maxLength: CATEGORY_LIMITS.slug, autoCapitalize: "none", className: "font-mono" }}
          />
        </div>
        <TextareaField
          field={fields.description}
          label="Description"
          optional
          rows={3}
          hint={`Shown under the title on the category page (at most ${CATEGORY_LIMITS.description} characters).`}
          textareaProps={{ maxLength: CATEGORY_LIMITS.description }}
        />
        <StatusButton pending={busy} pendingText="Saving..." {...submitProps}>
          {mode === "create" ? "Create Category" : "Save Category"}
        </StatusButton>
      </Form>
    </>
  );
}

export function CategoryDeleteForm({
  category,
  others,
  actionData,
}: {
  category: { name: string; articleCount: number };
  others: { id: number; name: string }[];
  actionData: CategoryActionData | undefined;
}) {
  const mine = actionData?.form === "delete" ? actionData : undefined;
  const {
    fields,
    formProps,
    submitProps,
    busy: anyBusy,
  } = useValidatedForm({
    id: "category-delete",
    schema: CategoryDeleteSchema,
    lastResult: mine?.result,
  });
  const busy = useIntentBusy(anyBusy, "delete");
  const count = category.articleCount;
  return (
    <>
      <FormAlert alert={mine?.alert} />
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="delete" />
        <p className="mb-4 text-sm text-ink-muted">
          {count === 0
            ? `${category.name} has no articles. Deleting it cannot be undone.`
            : `${category.name} has ${count} ${count === 1 ? "article" : "articles"} (drafts included). They move to the category you choose, with its interview questions; the deletion cannot be undone.`}
        </p>
        {count > 0 ? (
          <SelectField
            field={fields.moveTo}
            label="Move its articles to"
            placeholder="Select a category"
            options={others.map((other) => ({ value: String(other.id), label: other.name }))}
            selectProps={{ required: true }}
          />
        ) : null}
        <StatusButton pending={busy} pendingText="Deleting..." variant="destructive" {...submitProps}>
          Delete Category
        </StatusButton>
      </Form>
    </>
  );
}
