import { Form } from "react-router";
import {
  FormAlert,
  SelectField,
  StatusButton,
  TextareaField,
  textareaProps,
  useValidatedForm,
} from "~/components/forms";
import {
  CancelLink,
  type MarkdownEditorActionData,
  MarkdownField,
  NoScriptPreviewButton,
  ServerPreview,
  useMarkdownPreview,
} from "~/components/markdown-editor";
import { DIFFICULTIES, QUESTION_LIMITS, QuestionSchema } from "~/lib/question-schema";

export type QuestionActionData = MarkdownEditorActionData;

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
  const markdown = useMarkdownPreview();
  const { form, fields, formProps, submitProps, busy } = useValidatedForm({
    id: "question-form",
    schema: QuestionSchema,
    lastResult: actionData?.result,
    defaultValue: defaults,
    validateOn: "blur",
    requiredText: ["question", "answer"],
    onBlocked: () => markdown.setTab("write"),
  });
  const values = form.value as Record<string, unknown> | undefined;
  const question = String(values?.question ?? actionData?.result.initialValue?.question ?? defaults.question);

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
        <MarkdownField
          field={fields.answer}
          label="Answer"
          hint={ANSWER_HINT}
          name="answer"
          markdown={markdown}
          text={String(values?.answer ?? "")}
          title={question}
          previewClassName="min-h-[14rem]"
        >
          <textarea key={answer.key} rows={10} {...answer.props} />
        </MarkdownField>
        <ServerPreview
          preview={actionData?.preview}
          title={question}
          className="mb-4 rounded-md border border-line bg-surface-sunken p-4 sm:p-6"
        />
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
          <NoScriptPreviewButton />
          <CancelLink to="/admin/questions" />
        </div>
      </Form>
    </>
  );
}
