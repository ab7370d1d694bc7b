/**
 * The practice page's filters (spec: All plus JavaScript, React, Data Structures, Algorithms) and
 * difficulty badges; shared by the loader and the page.
 *
 * A filter is a link to /interview-prep?category=<slug>; any other value shows All.
 */
import { interviewPrepHref } from "~/lib/urls";
export type InterviewQuestion = {
  id: number;
  question: string;
  /** Sanitized HTML (markdown rendered at save time). */
  answerHtml: string;
  difficulty: string;
  categoryName: string | null;
};

/** A question as the page gets it: `answerHtml` null when the page was rendered with it (HTML once). */
export type InterviewQuestionView = Omit<InterviewQuestion, "answerHtml"> & { answerHtml: string | null };

export const QUESTION_CATEGORIES = [
  { slug: "javascript", name: "JavaScript" },
  { slug: "react", name: "React" },
  { slug: "data-structures", name: "Data Structures" },
  { slug: "algorithms", name: "Algorithms" },
] as const;

export type QuestionCategorySlug = (typeof QUESTION_CATEGORIES)[number]["slug"];

export function questionCategoryBySlug(slug: QuestionCategorySlug) {
  return QUESTION_CATEGORIES.find((category) => category.slug === slug)!;
}

/** The filter a ?category= value selects; null (All) for a missing or unknown one. */
export function parseQuestionCategory(value: string | null): QuestionCategorySlug | null {
  const slug = value?.trim().toLowerCase();
  return QUESTION_CATEGORIES.find((category) => category.slug === slug)?.slug ?? null;
}

export function questionFilterHref(slug: QuestionCategorySlug | null) {
  return interviewPrepHref(slug);
}

/** Easy is green, Medium yellow, anything else red (spec). */
export type DifficultyTone = "easy" | "medium" | "hard";

export function difficultyTone(difficulty: string): DifficultyTone {
  const value = difficulty.trim().toLowerCase();
  return value === "easy" ? "easy" : value === "medium" ? "medium" : "hard";
}

export const DIFFICULTY_BADGE_CLASSES: Record<DifficultyTone, string> = {
  easy: "bg-green-100 text-green-900 ring-green-600/20 dark:bg-green-900/40 dark:text-green-100 dark:ring-green-400/30",
  medium:
    "bg-yellow-100 text-yellow-900 ring-yellow-600/25 dark:bg-yellow-900/40 dark:text-yellow-100 dark:ring-yellow-400/30",
  hard: "bg-red-100 text-red-900 ring-red-600/20 dark:bg-red-900/40 dark:text-red-100 dark:ring-red-400/30",
};
