import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent } from "~/seed/seed.server";
import { auditLog, interviewQuestions, users } from "~/db/schema";
import { QUESTION_MESSAGES } from "~/lib/question-schema";
import {
  deleteQuestion,
  getAdminQuestion,
  listAdminQuestions,
  moveQuestion,
  saveQuestion,
} from "~/questions/admin-questions.server";
import { listInterviewQuestions } from "~/questions/questions.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("interview questions admin (%s)", (kind) => {
  let handle: DatabaseHandle;
  let actor: { id: number; fullName: string };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    const [user] = await handle.db
      .insert(users)
      .values({ email: "editor@example.test", fullName: "Eddie Editor", role: "editor" })
      .returning({ id: users.id, fullName: users.fullName });
    actor = user!;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("seeds positions in the listed order", async () => {
    const rows = await listAdminQuestions();
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
  });

  it("creates a question at the end with its answer rendered, and refuses a duplicate", async () => {
    const saved = await saveQuestion(actor, null, {
      question: "What is a closure?",
      answer: "A function **with** its scope.",
      difficulty: "Medium",
      categoryId: undefined,
    });
    expect(saved.status).toBe("saved");
    const rows = await listAdminQuestions();
    expect(rows.at(-1)?.question).toBe("What is a closure?");
    const [row] = await handle.db
      .select()
      .from(interviewQuestions)
      .where(eq(interviewQuestions.question, "What is a closure?"));
    expect(row?.answerHtml).toContain("<strong>with</strong>");
    const again = await saveQuestion(actor, null, {
      question: "What is a closure?",
      answer: "x",
      difficulty: "Easy",
      categoryId: undefined,
    });
    expect(again).toEqual({ status: "invalid", fieldErrors: { question: [QUESTION_MESSAGES.questionTaken] } });
  });

  it("edits a question and re-renders the answer", async () => {
    const [first] = await listAdminQuestions();
    const before = await getAdminQuestion(first!.id);
    const saved = await saveQuestion(actor, first!.id, {
      question: before!.question,
      answer: "Now *different*.",
      difficulty: "Hard",
      categoryId: before!.categoryId ?? undefined,
    });
    expect(saved).toEqual({ status: "saved", id: first!.id });
    const [row] = await handle.db.select().from(interviewQuestions).where(eq(interviewQuestions.id, first!.id));
    expect(row?.answerHtml).toContain("<em>different</em>");
    expect(row?.difficulty).toBe("Hard");
  });

  it("moves questions up and down; the public page follows the order", async () => {
    const [a, b] = await listAdminQuestions();
    expect(await moveQuestion(actor, a!.id, "up")).toBe("edge");
    expect(await moveQuestion(actor, a!.id, "down")).toBe("moved");
    let order = (await listAdminQuestions()).map((row) => row.id);
    expect(order.slice(0, 2)).toEqual([b!.id, a!.id]);
    expect((await listInterviewQuestions(null)).slice(0, 2).map((q) => q.id)).toEqual([b!.id, a!.id]);
    expect(await moveQuestion(actor, a!.id, "up")).toBe("moved");
    order = (await listAdminQuestions()).map((row) => row.id);
    expect(order.slice(0, 2)).toEqual([a!.id, b!.id]);
    const last = order.at(-1)!;
    expect(await moveQuestion(actor, last, "down")).toBe("edge");
    expect(await moveQuestion(actor, 2_000_000, "down")).toBe("not-found");
  });

  it("a move works even when positions tie", async () => {
    await handle.db.update(interviewQuestions).set({ position: 0 });
    const [a, b] = await listAdminQuestions();
    expect(await moveQuestion(actor, b!.id, "up")).toBe("moved");
    expect((await listAdminQuestions()).slice(0, 2).map((row) => row.id)).toEqual([b!.id, a!.id]);
  });

  it("deletes a question, with an audit entry", async () => {
    const [first] = await listAdminQuestions();
    expect(await deleteQuestion(actor, first!.id)).toEqual({ question: first!.question });
    expect(await getAdminQuestion(first!.id)).toBeNull();
    expect(await deleteQuestion(actor, first!.id)).toBeNull();
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.kind, "question"));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["created", "updated", "moved", "deleted"]));
  });
});
