/**
 * The interview question form, one component for new and edit: question, answer (markdown, with
 * the article editor's Write/Preview tabs and preview rendering), difficulty and category.
 * Without JavaScript "Preview" is a submit button: the form comes back with the rendered answer
 * and everything typed.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import {
  FieldShell,
  FormAlert,
  type FormAlertData,
  SelectField,
  StatusButton,
  TextareaField,
  textareaProps,
  useValidatedForm,
} from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-hydrated";
import { DIFFICULTIES, QUESTION_LIMITS, QuestionSchema } from "~/lib/question-schema";
import { ContentTabs, PreviewBody } from "./article-editor";

export type QuestionActionData = {
  result: SubmissionResult<string[]>;
  alert: FormAlertData | null;
  preview: { html: string } | null;
};

export type QuestionDefaults = { question: string; answer: string; difficulty: string; categoryId: string };

const ANSWER_HINT = "Markdown supported: **bold**, *italic*, `code`, fenced code blocks, lists and links.";

export function QuestionEditor({
  mode,
  categories,
  defaults,
  actionData,
}: {
  mode: "new" | "edit";
  categories: { id: number; name: string }[];
  defaults: QuestionDefaults;
  actionData: QuestionActionData | undefined;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const { form, fields, formProps, submitProps, busy } = useValidatedForm({
    id: "question-form",
    schema: QuestionSchema,
    lastResult: actionData?.result,
    defaultValue: defaults,
    validateOn: "blur",
    requiredText: ["question", "answer"],
    onBlocked: () => setTab("write"),
  });
  const preview = useFetcher<{ html?: string; error?: string }>();
  const values = form.value as Record<string, unknown> | undefined;
  const question = String(values?.question ?? actionData?.result.initialValue?.question ?? defaults.question);

  function showPreview() {
    setTab("preview");
    preview.submit({ content: String(values?.answer ?? "") }, { method: "post", action: "/admin/articles/preview" });
  }

  const answer = textareaProps(fields.answer, ANSWER_HINT, { spellCheck: true, className: "font-mono text-sm" });

  return (
    <>
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps} className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
        <TextareaField
          field={fields.question}
          label="Question"
          rows={2}
          textareaProps={{ maxLength: QUESTION_LIMITS.question, spellCheck: true }}
        />
        <FieldShell
          field={fields.answer}
          label="Answer"
          hint={ANSWER_HINT}
          labelAside={
            <ContentTabs
              tab={tab}
              onWrite={() => setTab("write")}
              onPreview={showPreview}
              panelIds={["answer-write", "answer-preview"]}
            />
          }
        >
          <div
            id="answer-write"
            {...(hydrated ? { role: "tabpanel", "aria-labelledby": "tab-write" } : {})}
            hidden={tab !== "write"}
          >
            <textarea key={answer.key} rows={10} {...answer.props} />
          </div>
          {hydrated ? (
            <div
              id="answer-preview"
              role="tabpanel"
              aria-labelledby="tab-preview"
              hidden={tab !== "preview"}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so its content can be read
              tabIndex={0}
              aria-busy={preview.state !== "idle"}
              className="min-h-[14rem] rounded-md border border-line bg-surface p-4 sm:p-6"
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
                <PreviewBody title={question} html={preview.data.html} />
              ) : null}
            </div>
          ) : null}
        </FieldShell>
        {actionData?.preview ? (
          <section
            aria-labelledby="server-preview-heading"
            className="mb-4 rounded-md border border-line bg-surface-sunken p-4 sm:p-6"
          >
            <h2
              id="server-preview-heading"
              className="mb-4 text-xs font-semibold tracking-wide text-ink-muted uppercase"
            >
              Preview
            </h2>
            <PreviewBody title={question} html={actionData.preview.html} />
          </section>
        ) : null}
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField
            field={fields.difficulty}
            label="Difficulty"
            options={DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: difficulty }))}
          />
          <SelectField
            field={fields.categoryId}
            label="Category"
            placeholder="No category"
            options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusButton pending={busy} pendingText="Saving..." {...submitProps}>
            {mode === "new" ? "Create Question" : "Update Question"}
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
          <Link to="/admin/questions" className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
