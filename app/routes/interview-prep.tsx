import { Link, useNavigation } from "react-router";
import { MathStylesheet } from "~/components/article/math-stylesheet";
import { BusyText } from "~/components/ui/spinner";
import { QuestionCard } from "~/components/questions/question-card";
import { seoMeta } from "~/lib/seo";
import { parseQuestionCategory, QUESTION_CATEGORIES, questionFilterHref } from "~/questions/question-filters";
import { listInterviewQuestions } from "~/questions/questions.server";
import { htmlOnce } from "~/http/html-once.server";
import { readOrThrow } from "~/http/route-errors.server";
import { MATH_MARKER } from "~/markdown/math.server";
import type { Route } from "./+types/interview-prep";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.questions]);

export async function loader({ request, context }: Route.LoaderArgs) {
  // An unknown ?category= shows All rather than an error.
  const category = parseQuestionCategory(new URL(request.url).searchParams.get("category"));
  const questions = await readOrThrow({ request, context }, "questions", () => listInterviewQuestions(category));
  // Answers are in the page once: rendered, not repeated in the hydration data (app/http/html-once.server.ts).
  return {
    category,
    hasMath: questions.some((question) => question.answerHtml.includes(MATH_MARKER)),
    questions: questions.map((question) => ({
      ...question,
      answerHtml: htmlOnce(context, `answer-${question.id}`, question.answerHtml),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Interview Prep",
    description:
      "Sharpen your skills with interview questions on JavaScript, React, data structures and algorithms, each with a worked answer.",
    path: "/interview-prep",
  });

const FILTERS = [{ slug: null, name: "All" }, ...QUESTION_CATEGORIES] as const;

export default function InterviewPrep({ loaderData }: Route.ComponentProps) {
  const { category, questions, hasMath } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/interview-prep";

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      {hasMath ? <MathStylesheet /> : null}
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Interview Prep</h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-muted">
          Sharpen your skills with real interview questions and worked answers, from JavaScript fundamentals to data
          structures and algorithms.
        </p>
      </header>

      <nav aria-label="Question categories" className="mb-8">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => {
            const current = filter.slug === category;
            return (
              <li key={filter.name}>
                <Link
                  to={questionFilterHref(filter.slug)}
                  aria-current={current ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors ${
                    current
                      ? "border-brand bg-brand text-brand-ink"
                      : "border-line bg-surface-raised text-ink hover:border-line-strong hover:bg-surface-sunken"
                  }`}
                >
                  {filter.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-label="Questions" aria-busy={loading}>
        <div className="mb-4 flex items-center gap-3">
          <p role="status" className="text-sm font-medium text-ink-muted">
            {questions.length} {questions.length === 1 ? "question" : "questions"}
          </p>
          {loading ? <BusyText>Loading</BusyText> : null}
        </div>
        {questions.length > 0 ? (
          <ul className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
            {questions.map((question) => (
              <li key={question.id}>
                <QuestionCard question={question} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-xl border border-dashed border-line-strong bg-surface-sunken px-6 py-14 text-center">
            <p className="text-lg font-semibold text-ink">No questions yet</p>
            <p className="mt-2 text-sm text-ink-muted">Check back soon, or practise another category.</p>
          </div>
        )}
      </section>
    </div>
  );
}
