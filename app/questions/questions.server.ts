/**
 * Interview questions for the practice page: one query, all questions or those of one of the four
 * practice categories, in a stable order. Answers are markdown rendered at save time
 * (`answer_html`, through app/markdown), so reading never parses markdown.
 *
 * Order: position (editors reorder on /admin/questions), then id. Indexes:
 * interview_questions_position_idx / interview_questions_category_idx (category_id, position, id).
 */
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { categories, interviewQuestions } from "~/db/schema";
import { type InterviewQuestion, type QuestionCategorySlug, questionCategoryBySlug } from "./question-filters";

export type { InterviewQuestion };

export async function listInterviewQuestions(category: QuestionCategorySlug | null): Promise<InterviewQuestion[]> {
  const db = await getDb();
  const query = db
    .select({
      id: interviewQuestions.id,
      question: interviewQuestions.question,
      answerHtml: interviewQuestions.answerHtml,
      difficulty: interviewQuestions.difficulty,
      categoryName: categories.name,
    })
    .from(interviewQuestions)
    .leftJoin(categories, eq(categories.id, interviewQuestions.categoryId));
  const filtered = category ? query.where(eq(categories.slug, questionCategoryBySlug(category).slug)) : query;
  return filtered.orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
}
