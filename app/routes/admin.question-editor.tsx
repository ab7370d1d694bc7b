/**
 * /admin/questions/new and /admin/questions/{id}: one loader, one action, one editor. The action:
 * guard, then a preview (intent=preview, the no-JavaScript Preview button) or parse with the
 * shared schema and save (the answer rendered at save); a refusal keeps what was typed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { listCategoryOptions } from "~/articles/admin-articles.server";
import { renderPreview } from "~/articles/save-article.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { type QuestionActionData, type QuestionDefaults, QuestionEditor } from "~/components/admin/question-editor";
import { readForm } from "~/http/form.server";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { QUESTION_LIMITS, QUESTION_TOASTS, QuestionSchema } from "~/lib/question-schema";
import { noindexMeta } from "~/lib/seo";
import { getAdminQuestion, saveQuestion } from "~/questions/admin-questions.server";
import { parseId } from "~/lib/ids";
import { mathStylesheetLinks } from "~/components/article/math-stylesheet";
import type { Route } from "./+types/admin.question-editor";

/** The preview may show formulas: KaTeX's stylesheet (articles load it only when they have math). */
export const links: Route.LinksFunction = mathStylesheetLinks;

const missing = () =>
  redirectWithToast("/admin/questions", { type: "error", title: QUESTION_TOASTS.notFound }, { status: 303 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, "questions.manage");
  const id = params.id === undefined ? null : parseId(params.id);
  if (params.id !== undefined && id === null) throw await missing();
  const [question, categories] = await readOrThrow({ request, context }, "questions", () =>
    Promise.all([id === null ? null : getAdminQuestion(id), listCategoryOptions()]),
  );
  if (id !== null && !question) throw await missing();
  return { question, categories };
}

function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "questions.manage");
  const id = params.id === undefined ? null : parseId(params.id);
  if (params.id !== undefined && id === null) return missing();
  const formData = await readForm(request);

  if (formData.get("intent") === "preview") {
    const answer = formData.get("answer");
    const source = typeof answer === "string" ? answer.slice(0, QUESTION_LIMITS.answer) : "";
    const rendered = await renderPreview(source);
    return data<QuestionActionData>({
      result: { initialValue: typedValues(formData) },
      alert: null,
      preview: { html: rendered.html },
    });
  }

  const submission = parseWithZod(formData, { schema: QuestionSchema });
  const refuse = (status: number, alert: QuestionActionData["alert"], result = submission.reply()) =>
    data<QuestionActionData>({ result, alert, preview: null }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  try {
    const outcome = await saveQuestion(user, id, submission.value);
    if (outcome.status === "not-found") return missing();
    if (outcome.status === "invalid") {
      return refuse(
        400,
        { title: QUESTION_TOASTS.saveFailed, description: Object.values(outcome.fieldErrors).flat().join(" ") },
        submission.reply({ fieldErrors: outcome.fieldErrors }),
      );
    }
    return redirectWithToast(
      "/admin/questions",
      { type: "success", title: id === null ? QUESTION_TOASTS.created : QUESTION_TOASTS.updated },
      { status: 303 },
    );
  } catch (error) {
    return refuse(500, {
      title: QUESTION_TOASTS.saveFailed,
      description: failedWrite({ request, context }, error, "question save failed"),
    });
  }
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  noindexMeta(matches, params.id === undefined ? "New Question" : "Edit Question");

export default function QuestionEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { question, categories } = loaderData;
  const defaults: QuestionDefaults = question
    ? {
        question: question.question,
        answer: question.answer,
        difficulty: question.difficulty,
        categoryId: question.categoryId === null ? "" : String(question.categoryId),
      }
    : { question: "", answer: "", difficulty: "Easy", categoryId: "" };
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 2xl:max-w-7xl">
      <AdminPageHeader
        title={question ? "Edit Question" : "New Question"}
        lead="Write the answer in Markdown; Preview shows it as the Interview Prep page will."
      />
      <div className="mt-8">
        <QuestionEditor
          key={question?.id ?? "new"}
          mode={question ? "edit" : "new"}
          categories={categories}
          defaults={defaults}
          actionData={actionData}
        />
      </div>
    </div>
  );
}
