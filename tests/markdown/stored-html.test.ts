/**
 * Bodies stored by an older renderer are rendered again once (app/markdown/stored-html.server.ts),
 * on both databases.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articles, interviewQuestions, pages } from "~/db/schema";
import {
  markStoredHtmlCurrent,
  RENDER_VERSION,
  rerenderStoredHtml,
  stopRerendering,
} from "~/markdown/stored-html.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const CONTENT = '## Setup\n\n> [!TIP]\n> Use a fresh database.\n\n```ts title="db.ts"\nconst db = 1;\n```';

describe.each(testDatabaseKinds())("stored HTML rendered again on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  async function progress() {
    const [row] = await queryRows<{ version: string }>(
      handle.db,
      sql`select version::text as version from change_versions where name = ${`markdown_render:${RENDER_VERSION}`}`,
    );
    return row ? Number(row.version) : null;
  }

  it("renders every article, page and answer stored by an older renderer, once", async () => {
    const old = "<h2>Setup</h2><blockquote><p>[!TIP]</p></blockquote>";
    const ids: number[] = [];
    for (let n = 0; n < 30; n++) {
      const [row] = await handle.db
        .insert(articles)
        .values({
          title: `Old ${n}`,
          slug: `old-${n}`,
          content: CONTENT,
          contentHtml: old,
          toc: [],
          readingMinutes: 9,
          publishedAt: new Date("2026-01-01T00:00:00Z"),
          updatedAt: new Date("2026-01-01T00:00:00Z"),
        })
        .returning({ id: articles.id });
      ids.push(row!.id);
    }
    await handle.db
      .insert(pages)
      .values({ slug: "old-page", title: "Old", content: "> [!NOTE]\n> x", contentHtml: old });
    await handle.db
      .insert(interviewQuestions)
      .values({ position: 1, question: "Old?", answer: "$x^2$", answerHtml: old, difficulty: "easy" });

    expect(await rerenderStoredHtml()).toBe(32);
    expect(await progress()).toBe(-1);
    const rows = await handle.db.select().from(articles);
    for (const row of rows) {
      expect(row.contentHtml).toContain('<aside class="callout callout-tip" role="note">');
      expect(row.contentHtml).toContain('<span class="code-title">db.ts</span>');
      expect(row.toc).toEqual([{ depth: 2, id: "setup", text: "Setup" }]);
      expect(row.readingMinutes).toBe(1);
      // Public content did not change: the article keeps its date.
      expect(row.updatedAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    }
    const [page] = await handle.db.select().from(pages).where(eq(pages.slug, "old-page"));
    expect(page?.contentHtml).toContain("callout-note");
    const [answer] = await handle.db.select().from(interviewQuestions);
    expect(answer?.answerHtml).toContain('class="katex"');

    // Done: a second start renders nothing.
    await handle.db.update(articles).set({ contentHtml: old }).where(eq(articles.id, ids[0]!));
    expect(await rerenderStoredHtml()).toBe(0);
    const [untouched] = await handle.db.select().from(articles).where(eq(articles.id, ids[0]!));
    expect(untouched?.contentHtml).toBe(old);
  });

  it("stops at shutdown and carries on from where it was at the next start", async () => {
    await handle.db.execute(sql`delete from change_versions where name like 'markdown_render:%'`);
    const running = rerenderStoredHtml();
    await stopRerendering();
    expect(await running).toBe(0);
    expect(await progress()).toBe(0);
    expect(await rerenderStoredHtml()).toBeGreaterThan(30);
    expect(await progress()).toBe(-1);
  });

  it("a database the seed just rendered is marked current", async () => {
    await handle.db.execute(sql`delete from change_versions where name like 'markdown_render:%'`);
    await markStoredHtmlCurrent();
    expect(await progress()).toBe(-1);
    expect(await rerenderStoredHtml()).toBe(0);
  });
});
