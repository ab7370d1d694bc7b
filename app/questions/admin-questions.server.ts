/**
 * Interview questions in the admin panel (/admin/questions): list in page order, create, edit,
 * delete and move up/down. The answer is markdown rendered at save (renderMarkdownFragment, as
 * the seed does). New questions go to the end; moving renumbers the list 1..n in one
 * transaction (rows locked), so ties left by older rows never make a move a no-op.
 * Every write records an audit entry (kind "question") and drops the /interview-prep page
 * (tag "questions").
 */
import { asc, eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { getDb, type Runner } from "~/db/db.server";
import { isForeignKeyViolation, isUniqueViolation } from "~/db/pg-error.server";
import { categories, interviewQuestions } from "~/db/schema";
import { tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { QUESTION_MESSAGES, type QuestionFormValues } from "~/lib/question-schema";
import { renderMarkdownFragment } from "~/markdown/markdown.server";

export type AdminQuestionRow = {
  id: number;
  question: string;
  difficulty: string;
  categoryName: string | null;
  position: number;
};

export type AdminQuestion = {
  id: number;
  question: string;
  answer: string;
  difficulty: string;
  categoryId: number | null;
};

type FieldErrors = Partial<Record<"question" | "categoryId", string[]>>;
export type QuestionSaveResult =
  | { status: "saved"; id: number }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "not-found" };

/** Every question in page order (interview_questions_position_idx). */
export async function listAdminQuestions(): Promise<AdminQuestionRow[]> {
  const db = await getDb();
  return db
    .select({
      id: interviewQuestions.id,
      question: interviewQuestions.question,
      difficulty: interviewQuestions.difficulty,
      categoryName: categories.name,
      position: interviewQuestions.position,
    })
    .from(interviewQuestions)
    .leftJoin(categories, eq(categories.id, interviewQuestions.categoryId))
    .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
}

export async function getAdminQuestion(id: number): Promise<AdminQuestion | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: interviewQuestions.id,
      question: interviewQuestions.question,
      answer: interviewQuestions.answer,
      difficulty: interviewQuestions.difficulty,
      categoryId: interviewQuestions.categoryId,
    })
    .from(interviewQuestions)
    .where(eq(interviewQuestions.id, id))
    .limit(1);
  return row ?? null;
}

function raceErrors(error: unknown): FieldErrors | null {
  if (isUniqueViolation(error, "interview_questions_question_key") !== false)
    return { question: [QUESTION_MESSAGES.questionTaken] };
  if (isForeignKeyViolation(error)) return { categoryId: [QUESTION_MESSAGES.categoryInvalid] };
  return null;
}

async function changed(id: number) {
  await contentChanged(`question:${id}`, [tags.questions]);
}

/** Creates (id null) or updates a question; the answer is rendered here. */
export async function saveQuestion(
  actor: AuditActor,
  id: number | null,
  values: QuestionFormValues,
): Promise<QuestionSaveResult> {
  const db = await getDb();
  const [taken] = await db
    .select({ id: interviewQuestions.id })
    .from(interviewQuestions)
    .where(eq(interviewQuestions.question, values.question))
    .limit(1);
  if (taken && taken.id !== id)
    return { status: "invalid", fieldErrors: { question: [QUESTION_MESSAGES.questionTaken] } };
  const fields = {
    question: values.question,
    answer: values.answer,
    answerHtml: await renderMarkdownFragment(values.answer),
    difficulty: values.difficulty,
    categoryId: values.categoryId ?? null,
  };
  try {
    const savedId = await db.transaction(async (tx) => {
      if (id === null) {
        const [row] = await tx
          .insert(interviewQuestions)
          .values({
            ...fields,
            position: sql`(select coalesce(max(${interviewQuestions.position}), 0) + 1 from ${interviewQuestions})`,
          })
          .returning({ id: interviewQuestions.id });
        if (!row) throw new Error("question insert returned no row");
        await recordAudit(
          actor,
          { kind: "question", action: "created", targetId: row.id, summary: `Created question “${values.question}”` },
          tx,
        );
        return row.id;
      }
      const [row] = await tx
        .update(interviewQuestions)
        .set(fields)
        .where(eq(interviewQuestions.id, id))
        .returning({ id: interviewQuestions.id });
      if (!row) return null;
      await recordAudit(
        actor,
        { kind: "question", action: "updated", targetId: id, summary: `Edited question “${values.question}”` },
        tx,
      );
      return row.id;
    });
    if (savedId === null) return { status: "not-found" };
    await changed(savedId);
    return { status: "saved", id: savedId };
  } catch (error) {
    const race = raceErrors(error);
    if (race) return { status: "invalid", fieldErrors: race };
    throw error;
  }
}

export async function deleteQuestion(actor: AuditActor, id: number): Promise<{ question: string } | null> {
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(interviewQuestions)
      .where(eq(interviewQuestions.id, id))
      .returning({ question: interviewQuestions.question });
    if (!row) return null;
    await recordAudit(
      actor,
      { kind: "question", action: "deleted", targetId: id, summary: `Deleted question “${row.question}”` },
      tx,
    );
    return row;
  });
  if (deleted) await changed(id);
  return deleted;
}

/** The ids in page order, rows locked (a concurrent move waits). */
async function lockedOrder(tx: Runner) {
  const rows = await tx
    .select({ id: interviewQuestions.id, position: interviewQuestions.position })
    .from(interviewQuestions)
    .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id))
    .for("update");
  return rows;
}

/**
 * Moves a question one place up or down. Returns "moved", "edge" (already first or last) or
 * "not-found". Positions become 1..n; only rows whose position changes are written.
 */
export async function moveQuestion(
  actor: AuditActor,
  id: number,
  direction: "up" | "down",
): Promise<"moved" | "edge" | "not-found"> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const rows = await lockedOrder(tx);
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) return "not-found" as const;
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return "edge" as const;
    const order = rows.map((row) => row.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    const before = new Map(rows.map((row) => [row.id, row.position]));
    for (const [i, rowId] of order.entries()) {
      if (before.get(rowId) !== i + 1)
        await tx
          .update(interviewQuestions)
          .set({ position: i + 1 })
          .where(eq(interviewQuestions.id, rowId));
    }
    await recordAudit(
      actor,
      {
        kind: "question",
        action: "moved",
        targetId: id,
        summary: `Moved question #${id} ${direction} to place ${other + 1}`,
      },
      tx,
    );
    return "moved" as const;
  });
  if (outcome === "moved") await changed(id);
  return outcome;
}
