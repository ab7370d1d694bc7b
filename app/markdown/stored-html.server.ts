/**
 * Stored HTML made by an older renderer is made again, once, after an upgrade: articles (body,
 * preview, table of contents, reading time), site pages and interview answers are rendered at
 * save, so a new renderer (issue 26's code blocks, callouts, math, heading links) would otherwise
 * reach only what is saved after it. Comments keep their own profile, which did not change.
 *
 * RENDER_VERSION (app/markdown/render-version.server.ts) names the renderer. Progress is one row
 * of change_versions (a name → number table, drizzle/0006; no migration needed):
 * `markdown_render:{version}` holds the last article id done, then -1 when everything is. A
 * database the demo seed filled from empty is current at once.
 *
 * The work runs in the background after start, a small batch at a time outside any transaction
 * (PGlite has one connection: a long transaction would hold every request). A row is written
 * only if its markdown is still what was rendered (an author's save in between wins), and the
 * progress row moves only forward (compare and set), so instances running it at once only repeat
 * work, never undo it. Page caches are cleared once at the end.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { renderPreview } from "~/articles/save-article.server";
import { contentChanged, EVERYTHING } from "~/cache/content-events.server";
import { getDb, inBackground } from "~/db/db.server";
import { articles, interviewQuestions, pages } from "~/db/schema";
import { renderMarkdown, renderMarkdownFragment } from "./markdown.server";
import { DONE, RENDER_PROGRESS, renderProgress } from "./render-version.server";

export { markStoredHtmlCurrent, RENDER_VERSION } from "./render-version.server";

const BATCH = 25;

let stopping = false;
let running: Promise<number> | null = null;

async function advance(from: number, to: number) {
  const db = await getDb();
  await db.execute(
    sql`update change_versions set version = ${to} where name = ${RENDER_PROGRESS} and version = ${from}`,
  );
}

async function rerenderPagesAndAnswers(): Promise<number> {
  const db = await getDb();
  let count = 0;
  for (const page of await db.select({ slug: pages.slug, content: pages.content }).from(pages)) {
    const rendered = await renderMarkdown(page.content);
    await db
      .update(pages)
      .set({ contentHtml: rendered.html })
      .where(and(eq(pages.slug, page.slug), eq(pages.content, page.content)));
    count++;
  }
  const answers = await db
    .select({ id: interviewQuestions.id, answer: interviewQuestions.answer })
    .from(interviewQuestions);
  for (const question of answers) {
    const answerHtml = await renderMarkdownFragment(question.answer);
    await db
      .update(interviewQuestions)
      .set({ answerHtml })
      .where(and(eq(interviewQuestions.id, question.id), eq(interviewQuestions.answer, question.answer)));
    count++;
  }
  return count;
}

/**
 * Renders again every body stored by an older renderer. Returns how many rows it rendered (0 when
 * all were current). Safe to run on several instances at once and to stop at any point.
 */
export function rerenderStoredHtml(): Promise<number> {
  stopping = false;
  // Background work: on the embedded database its statements yield to requests' (decision 27).
  const run = inBackground(rerender).finally(() => {
    if (running === run) running = null;
  });
  running = run;
  return run;
}

async function rerender(): Promise<number> {
  let count = 0;
  let cursor = await renderProgress();
  while (cursor !== DONE && !stopping) {
    const db = await getDb();
    const batch = await db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(gt(articles.id, cursor))
      .orderBy(asc(articles.id))
      .limit(BATCH);
    if (batch.length === 0) {
      count += await rerenderPagesAndAnswers();
      await advance(cursor, DONE);
      break;
    }
    for (const row of batch) {
      const rendered = await renderPreview(row.content);
      // Neither updated_at (public content is the same) nor revised_at (the editor's version) move.
      await db
        .update(articles)
        .set({
          contentHtml: rendered.html,
          previewHtml: rendered.previewHtml,
          toc: rendered.toc,
          readingMinutes: Math.max(1, rendered.readingMinutes),
        })
        .where(and(eq(articles.id, row.id), eq(articles.content, row.content)));
      count++;
    }
    const next = batch.at(-1)!.id;
    await advance(cursor, next);
    cursor = await renderProgress();
    // Let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Like a migration: every stored page may look different.
  if (count > 0) await contentChanged("stored HTML rendered again by a newer renderer", EVERYTHING);
  return count;
}

/** Stops a running rerenderStoredHtml() after its current row and waits for it (shutdown). */
export async function stopRerendering(): Promise<void> {
  stopping = true;
  await running?.catch(() => {});
}
