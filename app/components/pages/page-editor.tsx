import { Form } from "react-router";
import { Field, FormAlert, StatusButton, textareaProps, useValidatedForm } from "~/components/forms";
import {
  CancelLink,
  type MarkdownEditorActionData,
  MarkdownField,
  NoScriptPreviewButton,
  ServerPreview,
  useMarkdownPreview,
} from "~/components/markdown-editor";
import { PAGE_LIMITS, PAGE_TEXT_FIELDS, PageSchema } from "~/lib/page-schema";

export type PageEditorActionData = MarkdownEditorActionData;

export function PageEditor({
  defaults,
  actionData,
}: {
  defaults: { title: string; content: string };
  actionData: PageEditorActionData | undefined;
}) {
  const markdown = useMarkdownPreview();
  const { form, fields, formProps, submitProps, busy } = useValidatedForm({
    id: "page-editor",
    schema: PageSchema,
    requiredText: PAGE_TEXT_FIELDS,
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const values = form.value as { title?: string; content?: string } | undefined;
  const content = textareaProps(fields.content, "Markdown: ## headings, **bold**, lists, links and code.", {
    maxLength: PAGE_LIMITS.content,
    className: "font-mono",
  });

  return (
    <>
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps} className="mt-6">
        <Field field={fields.title} label="Title" autoComplete="off" inputProps={{ maxLength: PAGE_LIMITS.title }} />
        <MarkdownField
          field={fields.content}
          label="Content"
          hint="Markdown: ## headings, **bold**, lists, links and code."
          name="content"
          markdown={markdown}
          text={String(values?.content ?? "")}
          title={String(values?.title ?? "")}
          previewClassName="min-h-[22rem]"
        >
          <textarea key={content.key} rows={20} {...content.props} />
        </MarkdownField>
        <div className="mt-4 flex flex-wrap gap-3">
          <StatusButton pending={busy} pendingText="Saving..." name="intent" value="save" {...submitProps}>
            Save page
          </StatusButton>
          <NoScriptPreviewButton />
          <CancelLink to="/admin/pages" />
        </div>
      </Form>
      <ServerPreview
        preview={actionData?.preview}
        title={String(values?.title ?? defaults.title)}
        className="mt-10 rounded-xl border border-line p-6"
        headingClassName="mb-4 text-sm font-semibold tracking-wide text-ink-muted uppercase"
      />
    </>
  );
}
