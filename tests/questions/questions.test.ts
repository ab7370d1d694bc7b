import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent } from "~/seed/seed.server";
import { categories, interviewQuestions } from "~/db/schema";
import {
  difficultyTone,
  parseQuestionCategory,
  QUESTION_CATEGORIES,
  questionFilterHref,
} from "~/questions/question-filters";
import { listInterviewQuestions } from "~/questions/questions.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe("question filters", () => {
  it("reads ?category= as one of the four practice categories, anything else as All", () => {
    expect(parseQuestionCategory("javascript")).toBe("javascript");
    expect(parseQuestionCategory(" Data-Structures ")).toBe("data-structures");
    for (const other of [null, "", "css", "1", "'; drop table x; --", "%00"])
      expect(parseQuestionCategory(other)).toBeNull();
    expect(QUESTION_CATEGORIES.map((c) => c.name)).toEqual(["JavaScript", "React", "Data Structures", "Algorithms"]);
    expect(questionFilterHref(null)).toBe("/interview-prep");
    expect(questionFilterHref("algorithms")).toBe("/interview-prep?category=algorithms");
  });

  it("styles Easy green, Medium yellow and anything else red", () => {
    expect(difficultyTone("Easy")).toBe("easy");
    expect(difficultyTone(" medium ")).toBe("medium");
    for (const other of ["Hard", "Expert", "?"]) expect(difficultyTone(other)).toBe("hard");
  });
});

describe.each(testDatabaseKinds())("interview questions (%s)", (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists every question with its rendered answer and category", async () => {
    const all = await listInterviewQuestions(null);
    const total = await handle.db.$count(interviewQuestions);
    expect(all).toHaveLength(total);
    const ids = all.map((q) => q.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const question of all) {
      expect(question.answerHtml).toMatch(/^</);
      expect(question.difficulty).not.toBe("");
    }
    expect(all.some((q) => q.answerHtml.includes('class="shiki'))).toBe(true);
  });

  it("filters by each practice category", async () => {
    let sum = 0;
    for (const category of QUESTION_CATEGORIES) {
      const questions = await listInterviewQuestions(category.slug);
      expect(questions.length).toBeGreaterThan(0);
      for (const question of questions) expect(question.categoryName).toBe(category.name);
      sum += questions.length;
    }
    expect(sum).toBe(await handle.db.$count(interviewQuestions));
  });

  it("shows a question whose category was deleted under All only", async () => {
    const [category] = await handle.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, "algorithms"));
    const before = (await listInterviewQuestions("algorithms")).length;
    await handle.db
      .update(interviewQuestions)
      .set({ categoryId: null })
      .where(eq(interviewQuestions.categoryId, category!.id));
    expect(await listInterviewQuestions("algorithms")).toEqual([]);
    const all = await listInterviewQuestions(null);
    expect(all.filter((q) => q.categoryName === null)).toHaveLength(before);
  });
});
