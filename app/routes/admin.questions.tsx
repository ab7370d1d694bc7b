/**
 * /admin/questions: the interview questions in the order /interview-prep shows them, each row
 * with Move up / Move down and Delete (small forms: plain posts without JavaScript, fetchers with
 * it), and a link to its editor. Editors and administrators (questions.manage).
 */
import { data, Link, useFetcher } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { buttonClass, IntentButton, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { QUESTION_TOASTS } from "~/lib/question-schema";
import { noindexMeta } from "~/lib/seo";
import {
  type AdminQuestionRow,
  deleteQuestion,
  listAdminQuestions,
  moveQuestion,
} from "~/questions/admin-questions.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.questions";
import { adminQuestionHref } from "~/lib/urls";
import { EmptyList, ListPanel, MoveButtons } from "~/components/admin/list-kit";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "questions.manage");
  const questions = await readOrThrow({ request, context }, "questions", () => listAdminQuestions());
  return { questions };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "questions.manage");
  const form = await readForm(request);
  const id = parseId(form.get("id"));
  const intent = form.get("intent");
  if (id === null) throw data("Bad Request: no question id.", { status: 400 });
  if (intent === "up" || intent === "down") {
    const outcome = await moveQuestion(user, id, intent);
    if (outcome === "not-found")
      return redirectWithToast("/admin/questions", { type: "error", title: QUESTION_TOASTS.notFound }, { status: 303 });
    // Quietly back to the list (a move at the edge changes nothing).
    return redirectWithToast(
      `/admin/questions`,
      { type: "success", title: outcome === "moved" ? "Question moved" : "Already there" },
      { status: 303 },
    );
  }
  if (intent === "delete") {
    const deleted = await deleteQuestion(user, id);
    return redirectWithToast(
      "/admin/questions",
      deleted
        ? { type: "success", title: QUESTION_TOASTS.deleted, description: deleted.question.slice(0, 200) }
        : { type: "error", title: QUESTION_TOASTS.notFound },
      { status: 303 },
    );
  }
  throw data("Bad Request: unknown intent.", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Interview Questions");

export default function AdminQuestions({ loaderData }: Route.ComponentProps) {
  const { questions } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Interview Questions"
        lead="The Interview Prep page lists them in this order."
        actions={
          <Link to="/admin/questions/new" className={buttonClass()}>
            Add Question
          </Link>
        }
      />
      <ListPanel id="questions-heading" title={`All Questions (${questions.length})`} className="mt-8">
        {questions.length === 0 ? (
          <EmptyList title="No questions yet" />
        ) : (
          <ol className="divide-y divide-line" data-testid="question-list">
            {questions.map((question, index) => (
              <QuestionRow
                key={question.id}
                question={question}
                place={index + 1}
                first={index === 0}
                last={index === questions.length - 1}
              />
            ))}
          </ol>
        )}
      </ListPanel>
    </div>
  );
}

function QuestionRow({
  question,
  place,
  first,
  last,
}: {
  question: AdminQuestionRow;
  place: number;
  first: boolean;
  last: boolean;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6" data-testid="question-row" aria-busy={busy}>
      <span className="w-8 shrink-0 text-right text-sm tabular-nums text-ink-muted">{place}.</span>
      <div className="min-w-0 flex-1">
        <Link to={adminQuestionHref(question.id)} className={`${textLinkClass} break-words`}>
          {question.question}
        </Link>
        <p className="text-xs text-ink-muted">
          {question.difficulty} · {question.categoryName ?? "No category"}
        </p>
      </div>
      <fetcher.Form method="post" className="flex gap-1">
        <input type="hidden" name="id" value={question.id} />
        <MoveButtons name={question.question} first={first} last={last} />
        <IntentButton
          intent="delete"
          variant="destructive-outline"
          size="sm"
          aria-label={`Delete: ${question.question}`}
          onClick={(event) => {
            if (!window.confirm("Delete this question? This cannot be undone.")) event.preventDefault();
          }}
        >
          Delete
        </IntentButton>
      </fetcher.Form>
    </li>
  );
}
