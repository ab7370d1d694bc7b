/**
 * The series and tag forms of the admin panel (/admin/series, /admin/tags): one series form for
 * create and edit (name, slug, description), a tag's rename and merge forms. Plain forms without
 * JavaScript; with it Conform validates with the same schemas as the server.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import {
  Field,
  FormAlert,
  type FormAlertData,
  StatusButton,
  TextareaField,
  useValidatedForm,
} from "~/components/forms";
import { TAG_LIMITS } from "~/lib/tag-names";
import { SERIES_LIMITS, SeriesSchema, TagMergeSchema, TagRenameSchema } from "~/lib/taxonomy-schemas";
import { useIntentBusy } from "./category-forms";

export type TaxonomyActionData = {
  /** Which form on the page answered. */
  form: "series" | "rename" | "merge";
  result: SubmissionResult<string[]>;
  alert: FormAlertData | null;
};

export function SeriesForm({
  mode,
  defaults,
  actionData,
}: {
  mode: "create" | "edit";
  defaults: { name: string; slug: string; description: string };
  actionData: TaxonomyActionData | undefined;
}) {
  const mine = actionData?.form === "series" ? actionData : undefined;
  const intent = mode === "create" ? "create" : "update";
  const {
    fields,
    formProps,
    submitProps,
    busy: anyBusy,
  } = useValidatedForm({
    id: `series-${mode}`,
    schema: SeriesSchema,
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
            inputProps={{ maxLength: SERIES_LIMITS.name, spellCheck: true }}
          />
          <Field
            field={fields.slug}
            label="Slug"
            optional={mode === "create"}
            autoComplete="off"
            hint={
              mode === "create"
                ? "Left empty, it is made from the name: /series/your-slug."
                : "Its address: /series/slug."
            }
            inputProps={{ maxLength: SERIES_LIMITS.slug, autoCapitalize: "none", className: "font-mono" }}
          />
        </div>
        <TextareaField
          field={fields.description}
          label="Description"
          optional
          rows={3}
          hint="Shown under the title on the series page."
          textareaProps={{ maxLength: SERIES_LIMITS.description }}
        />
        <StatusButton pending={busy} pendingText="Saving..." {...submitProps}>
          {mode === "create" ? "Create Series" : "Save Series"}
        </StatusButton>
      </Form>
    </>
  );
}

export function TagRenameForm({ name, actionData }: { name: string; actionData: TaxonomyActionData | undefined }) {
  const mine = actionData?.form === "rename" ? actionData : undefined;
  const {
    fields,
    formProps,
    submitProps,
    busy: anyBusy,
  } = useValidatedForm({
    id: "tag-rename",
    schema: TagRenameSchema,
    lastResult: mine?.result,
    defaultValue: { name },
    requiredText: ["name"],
  });
  const busy = useIntentBusy(anyBusy, "rename");
  return (
    <>
      <FormAlert alert={mine?.alert} />
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="rename" />
        <Field
          field={fields.name}
          label="Name"
          autoComplete="off"
          hint="Its address follows the name; the old address keeps working (it redirects here)."
          inputProps={{ maxLength: TAG_LIMITS.length }}
        />
        <StatusButton pending={busy} pendingText="Renaming..." {...submitProps}>
          Rename Tag
        </StatusButton>
      </Form>
    </>
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
  actionData: TaxonomyActionData | undefined;
}) {
  const mine = actionData?.form === "merge" ? actionData : undefined;
  const {
    fields,
    formProps,
    submitProps,
    busy: anyBusy,
  } = useValidatedForm({
    id: "tag-merge",
    schema: TagMergeSchema,
    lastResult: mine?.result,
    requiredText: ["into"],
  });
  const busy = useIntentBusy(anyBusy, "merge");
  return (
    <>
      <FormAlert alert={mine?.alert} />
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="merge" />
        <Field
          field={fields.into}
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
        <StatusButton pending={busy} pendingText="Merging..." variant="destructive" {...submitProps}>
          Merge Tag
        </StatusButton>
      </Form>
    </>
  );
}
