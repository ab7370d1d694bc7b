/**
 * The site page editor: title and markdown content with the article editor's Write / Preview
 * tabs (the Preview tab renders through the same resource route, /admin/articles/preview).
 * Without JavaScript "Preview" is a submit button that shows the rendering under the form.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ContentTabs, PreviewBody } from "~/components/admin/article-editor";
import {
  Field,
  FieldShell,
  FormAlert,
  type FormAlertData,
  StatusButton,
  textareaProps,
  useValidatedForm,
} from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PAGE_LIMITS, PAGE_TEXT_FIELDS, PageSchema } from "~/lib/page-schema";

export type PageEditorActionData = {
  result: SubmissionResult<string[]>;
  alert: FormAlertData | null;
  preview: { html: string } | null;
};

export function PageEditor({
  defaults,
  actionData,
}: {
  defaults: { title: string; content: string };
  actionData: PageEditorActionData | undefined;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const { form, fields, formProps, submitProps, busy } = useValidatedForm({
    id: "page-editor",
    schema: PageSchema,
    requiredText: PAGE_TEXT_FIELDS,
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const preview = useFetcher<{ html?: string; error?: string }>();
  const values = form.value as { title?: string; content?: string } | undefined;
  function showPreview() {
    setTab("preview");
    preview.submit({ content: String(values?.content ?? "") }, { method: "post", action: "/admin/articles/preview" });
  }
  const content = textareaProps(fields.content, "Markdown: ## headings, **bold**, lists, links and code.", {
    maxLength: PAGE_LIMITS.content,
    className: "font-mono",
  });

  return (
    <>
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps} className="mt-6">
        <Field field={fields.title} label="Title" autoComplete="off" inputProps={{ maxLength: PAGE_LIMITS.title }} />
        <FieldShell
          field={fields.content}
          label="Content"
          hint="Markdown: ## headings, **bold**, lists, links and code."
          labelAside={
            <ContentTabs
              tab={tab}
              onWrite={() => setTab("write")}
              onPreview={showPreview}
              panelIds={["content-write", "content-preview"]}
            />
          }
        >
          <div
            id="content-write"
            {...(hydrated ? { role: "tabpanel", "aria-labelledby": "tab-write" } : {})}
            hidden={tab !== "write"}
          >
            <textarea key={content.key} rows={20} {...content.props} />
          </div>
          {hydrated ? (
            <div
              id="content-preview"
              role="tabpanel"
              aria-labelledby="tab-preview"
              hidden={tab !== "preview"}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so its content can be read
              tabIndex={0}
              aria-busy={preview.state !== "idle"}
              className="min-h-[22rem] rounded-md border border-line bg-surface p-4 sm:p-6"
            >
              {preview.state !== "idle" ? (
                <p className="flex items-center gap-2 text-sm text-ink-muted">
                  <Spinner /> Rendering preview...
                </p>
              ) : preview.data?.error ? (
                <p role="alert" className="text-sm text-danger">
                  {preview.data.error}
                </p>
              ) : preview.data?.html !== undefined ? (
                <PreviewBody title={String(values?.title ?? "")} html={preview.data.html} />
              ) : null}
            </div>
          ) : null}
        </FieldShell>
        <div className="mt-4 flex flex-wrap gap-3">
          <StatusButton pending={busy} pendingText="Saving..." name="intent" value="save" {...submitProps}>
            Save page
          </StatusButton>
          <button
            type="submit"
            name="intent"
            value="preview"
            formNoValidate
            className={buttonClass({ variant: "secondary", className: "no-js-only" })}
          >
            Preview
          </button>
          <Link to="/admin/pages" className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </Form>
      {actionData?.preview ? (
        <section aria-labelledby="server-preview-heading" className="mt-10 rounded-xl border border-line p-6">
          <h2 id="server-preview-heading" className="mb-4 text-sm font-semibold tracking-wide text-ink-muted uppercase">
            Preview
          </h2>
          <PreviewBody title={String(values?.title ?? defaults.title)} html={actionData.preview.html} />
        </section>
      ) : null}
    </>
  );
}
