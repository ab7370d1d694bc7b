/**
 * One interview question: the question, its difficulty badge and a native disclosure
 * (<details>/<summary>) holding the answer, so View Answer works without JavaScript and is
 * announced as expandable by screen readers.
 */
import { useId } from "react";
import { useHtmlOnce } from "~/components/html-once";
import { ChevronRightIcon } from "~/components/ui/icons";
import { DIFFICULTY_BADGE_CLASSES, difficultyTone, type InterviewQuestionView } from "~/questions/question-filters";

export function DifficultyBadge({ difficulty }: { difficulty: string }) {
  const tone = difficultyTone(difficulty);
  return (
    <span
      data-tone={tone}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${DIFFICULTY_BADGE_CLASSES[tone]}`}
    >
      <span className="sr-only">Difficulty: </span>
      {difficulty}
    </span>
  );
}

export function QuestionCard({ question }: { question: InterviewQuestionView }) {
  const headingId = useId();
  const answerKey = `answer-${question.id}`;
  const answerHtml = useHtmlOnce(answerKey, question.answerHtml);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="question-card"
      className="rounded-xl border border-line bg-surface-raised p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2
          id={headingId}
          className="min-w-0 flex-1 text-lg leading-snug font-bold tracking-tight text-balance text-ink"
        >
          {question.question}
        </h2>
        <DifficultyBadge difficulty={question.difficulty} />
      </div>
      {question.categoryName ? (
        <p className="mt-1 text-xs font-medium text-ink-muted">{question.categoryName}</p>
      ) : null}
      <details className="question-answer group mt-4">
        <summary className="summary-plain inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand hover:underline hover:underline-offset-4">
          <ChevronRightIcon className="size-4 transition-transform group-open:rotate-90" />
          View Answer
        </summary>
        <div className="mt-4 border-t border-line pt-4">
          <div
            className="prose-article text-base"
            data-html-once={answerKey}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save time by app/markdown
            dangerouslySetInnerHTML={{ __html: answerHtml }}
          />
        </div>
      </details>
    </article>
  );
}
