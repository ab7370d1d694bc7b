/**
 * The interview question form's rules (/admin/questions), shared by the browser (Conform) and
 * the server. The answer is markdown, rendered at save.
 */
import { z } from "zod";
import { MAX_ID } from "./ids";

export const QUESTION_LIMITS = { question: 500, answer: 20_000 } as const;
export const DIFFICULTIES = ["Easy", "Medium", "Hard"] as const;

export const QUESTION_MESSAGES = {
  questionRequired: "Question is required.",
  questionTooLong: `Question must be at most ${QUESTION_LIMITS.question} characters.`,
  questionTaken: "This question is already on the list.",
  answerRequired: "Answer is required.",
  answerTooLong: `Answer must be at most ${QUESTION_LIMITS.answer.toLocaleString("en-US")} characters.`,
  difficulty: "Choose Easy, Medium or Hard.",
  categoryInvalid: "Choose a category from the list.",
} as const;

export const QUESTION_TOASTS = {
  created: "Question created",
  updated: "Question updated",
  deleted: "Question deleted",
  notFound: "Question not found",
  saveFailed: "Error saving question",
  deleteFailed: "Error deleting question",
  moveFailed: "Error moving question",
} as const;

export const QuestionSchema = z.object({
  question: z
    .string({ message: QUESTION_MESSAGES.questionRequired })
    .trim()
    .min(1, QUESTION_MESSAGES.questionRequired)
    .max(QUESTION_LIMITS.question, QUESTION_MESSAGES.questionTooLong),
  answer: z
    .string({ message: QUESTION_MESSAGES.answerRequired })
    .max(QUESTION_LIMITS.answer, QUESTION_MESSAGES.answerTooLong)
    .refine((value) => value.trim() !== "", QUESTION_MESSAGES.answerRequired),
  difficulty: z.enum(DIFFICULTIES, { message: QUESTION_MESSAGES.difficulty }),
  // "No category" submits "", which Conform reads as undefined.
  categoryId: z
    .number({ message: QUESTION_MESSAGES.categoryInvalid })
    .int(QUESTION_MESSAGES.categoryInvalid)
    .positive(QUESTION_MESSAGES.categoryInvalid)
    .max(MAX_ID, QUESTION_MESSAGES.categoryInvalid)
    .optional(),
});
export type QuestionFormValues = z.output<typeof QuestionSchema>;
